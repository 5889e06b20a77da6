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
export { writeMcpConfig } from "./write-mcp-config.js";
export type { McpServerEntry } from "./write-mcp-config.js";
