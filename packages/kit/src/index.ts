export { Toolbox } from "./toolbox.js";
export type { ToolFunction, ToolProvider } from "./toolbox.js";
export { describeTool, describeTools } from "./describe-tools.js";
export { maskedNameWarning, NODE_BUILTIN_MODULES, GLOBAL_NAMES } from "./masked-names.js";
export { KitError } from "./kit-error.js";
export type { KitErrorCode } from "./kit-error.js";
export { ToolError } from "./tool-error.js";
export type { FileToolErrorCode } from "./tool-error.js";
export { parseKitFile, formatKitFile } from "./parse-kit-file.js";
export type { KitDefinition } from "./parse-kit-file.js";
export { resolveKit, checkKitName, isDocPath } from "./resolve-kit.js";
export type { ResolvedKit, KitInput, ResolveKitOptions } from "./resolve-kit.js";
export { SHIPPED_KITS } from "./shipped-kits.js";
export { docsIndex } from "./docs-index.js";
export type { DocEntry } from "./docs-index.js";
export { createMockProvider } from "./create-mock-provider.js";
export type { MockCall, MockProvider } from "./create-mock-provider.js";
export { argTypeToJsonSchema, toolInputSchema } from "./tool-input-schema.js";
export type { JsonSchema } from "./tool-input-schema.js";
export { compileGlob } from "./compile-glob.js";
export { MAX_GLOB_LENGTH, MAX_BRACE_DEPTH, MAX_BRACE_EXPANSIONS } from "./glob-program.js";
export type { Glob, GlobState } from "./compile-glob.js";
export {
  checkWorkspacePath,
  createPathProtection,
  BUILTIN_PROTECTION,
  PROTECTED_FOLDERS,
  PROTECTED_FILES,
  WRITE_PROTECTED_FOLDERS,
  CONTROL_CHARACTERS,
} from "./protected-paths.js";
export type { LoadedPath, PathAccess, PathProtection, PathProblem } from "./protected-paths.js";
export { checkProtectedGlob } from "./check-protected-glob.js";
export type { ToolCallContext } from "./tool-call-context.js";
export type { ArgSpec, ToolSpec, ToolExample, Grade } from "@lackpy/lang";
export {
  mcpToolSpec,
  mcpToolGrade,
  callableName,
  MAX_MCP_DESCRIPTION_CHARS,
} from "./mcp-tool-spec.js";
export type { McpToolDescription } from "./mcp-tool-spec.js";
export { mcpResultValue, mcpErrorText } from "./mcp-result-value.js";
export type { McpCallResult } from "./mcp-result-value.js";
export { jsonSchemaToArgType } from "./json-schema-type.js";
