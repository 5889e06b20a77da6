export {
  createMcpServer,
  MCP_SERVER_VERSION,
  DEFAULT_MAX_OUTPUT_CHARS,
} from "./create-mcp-server.js";
export type { McpServerOptions } from "./create-mcp-server.js";
export { codeModePromptText, CODE_MODE_PROMPT } from "./code-mode-prompt.js";
export { renderRun, renderValidation, renderGeneration } from "./render-result.js";
export type { RenderableRun } from "./render-result.js";
export { serveStdio } from "./serve-stdio.js";
export { serveHttp, isLoopback, HTTP_DEFAULTS } from "./http/serve-http.js";
export type { ServeHttpOptions, HttpServerHandle } from "./http/serve-http.js";
export { tokenId, tokenDigest, TokenTable } from "./http/bearer-tokens.js";
export type { TokenEntry, TokenIdentity } from "./http/bearer-tokens.js";
export {
  loadTokens,
  parseTokensFile,
  parseTokensVariable,
  MIN_TOKEN_LENGTH,
} from "./http/tokens-file.js";
export type { ReadTokenEntry } from "./http/tokens-file.js";
export { tokenLine, revokeTokenLines } from "./http/token-lines.js";
export { TOKEN_ROLES, DEFAULT_TOKEN_ROLE, roleAllows, isTokenRole } from "./http/token-roles.js";
export type { TokenRole } from "./http/token-roles.js";
export { TOOL_ROLES, roleForCall } from "./http/tool-roles.js";
export { currentCaller, currentRequest } from "./http/request-context.js";
export type { RequestContext } from "./http/request-context.js";
export { startOtlpExport, otlpEndpoint, OTLP_PACKAGES } from "./http/otlp-export.js";
export type { OtlpExport } from "./http/otlp-export.js";
export type { ChildPoolCounts } from "./http/server-metrics.js";
export type { ToolMiddleware } from "./tool-middleware.js";
export { RateLimiter, burstFor } from "./http/rate-limiter.js";
export type { RateLimiterOptions } from "./http/rate-limiter.js";
export { jsonLog } from "./http/json-log.js";
export type { JsonLog, LogFields } from "./http/json-log.js";
export { McpServeError } from "./http/mcp-serve-error.js";
export type { McpServeErrorCode } from "./http/mcp-serve-error.js";
export { writeMcpConfig } from "./write-mcp-config.js";
export type { McpServerEntry } from "./write-mcp-config.js";
