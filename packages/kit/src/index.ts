export { SECRET_REFUSING_PROVIDERS, Toolbox } from "./toolbox/toolbox.js";
export type { ToolFunction, ToolProvider } from "./toolbox/toolbox.js";
export {
  describeTool,
  describeTools,
  toolSignature,
  toolSummary,
} from "./toolbox/describe-tools.js";
export { rankTools, namedTools, toolScore, stemWord } from "./toolbox/rank-tools.js";
export {
  TOOL_INDEX_THRESHOLD,
  SEARCH_TOOLS,
  DESCRIBE_TOOL,
  DEFAULT_SEARCH_LIMIT,
  DISCOVERY_TOOL_SPECS,
  toolIndexLine,
  alwaysShown,
  searchTools,
  describeKitTool,
  describeToolSpec,
  discoveryCallables,
} from "./toolbox/discovery-tools.js";
export type { ToolMatch, ToolDescription } from "./toolbox/discovery-tools.js";
export { maskedNameWarning, NODE_BUILTIN_MODULES, GLOBAL_NAMES } from "./toolbox/masked-names.js";
export { KitError } from "./kit-error.js";
export type { KitErrorCode } from "./kit-error.js";
export { ToolError } from "./tool-error.js";
export type { FileToolErrorCode } from "./tool-error.js";
export { parseKitFile, formatKitFile } from "./kits/parse-kit-file.js";
export type { KitDefinition } from "./kits/parse-kit-file.js";
export { resolveKit, checkKitName, isDocPath } from "./kits/resolve-kit.js";
export type { ResolvedKit, KitInput, ResolveKitOptions } from "./kits/resolve-kit.js";
export { SHIPPED_KITS, RESERVED_KIT_NAMES, isReservedKitName } from "./kits/shipped-kits.js";
export { docsIndex } from "./kits/docs-index.js";
export type { DocEntry } from "./kits/docs-index.js";
export { createMockProvider } from "./toolbox/create-mock-provider.js";
export type { MockCall, MockProvider } from "./toolbox/create-mock-provider.js";
export { argTypeToJsonSchema, toolInputSchema } from "./mcp/tool-input-schema.js";
export type { JsonSchema } from "./mcp/tool-input-schema.js";
export { compileGlob } from "./glob/compile-glob.js";
export { unifiedDiff, binaryDiff, splitLines } from "./diff/unified-diff.js";
export type { UnifiedDiffOptions } from "./diff/unified-diff.js";
export { diffLines, MAX_DIFF_WORK } from "./diff/diff-lines.js";
export type { LineEdit } from "./diff/diff-lines.js";
export { MAX_GLOB_LENGTH, MAX_BRACE_DEPTH, MAX_BRACE_EXPANSIONS } from "./glob/glob-program.js";
export type { Glob, GlobState } from "./glob/compile-glob.js";
export {
  checkWorkspacePath,
  createPathProtection,
  BUILTIN_PROTECTION,
  CONTROL_CHARACTERS,
} from "./protect/protected-paths.js";
export {
  SEALED_NAMES,
  READABLE_HIDDEN_NAMES,
  COMMAND_FILES,
  CODE_CONFIG_FILES,
  WRITE_PROTECTED_FOLDERS,
} from "./protect/name-rules.js";
export type {
  CheckPathOptions,
  LoadedPath,
  PathAccess,
  PathProtection,
  PathProblem,
  WorkspaceGlobs,
} from "./protect/protected-paths.js";
export { checkProtectedGlob, checkOpeningGlob } from "./protect/check-protected-glob.js";
export type { WorkspaceView } from "./files/workspace-view.js";
export type { SkippedCount, ToolCallContext } from "./toolbox/tool-call-context.js";
export type { ArgSpec, ToolSpec, ToolExample, Grade } from "@lackpy/lang";
export {
  mcpToolSpec,
  mcpToolGrade,
  callableName,
  MAX_MCP_DESCRIPTION_CHARS,
} from "./mcp/mcp-tool-spec.js";
export type { McpToolDescription } from "./mcp/mcp-tool-spec.js";
export { mcpResultValue, mcpErrorText } from "./mcp/mcp-result-value.js";
export type { McpCallResult } from "./mcp/mcp-result-value.js";
export { jsonSchemaToArgType, MAX_TYPE_CHARS } from "./mcp/json-schema-type.js";
