export { createDefaultToolbox } from "./create-default-toolbox.js";
export { createBuiltinProvider, createFileTools } from "./create-file-tools.js";
export type { FileTools, FileToolsOptions } from "./create-file-tools.js";
export { FILE_TOOL_SPECS, MAX_READ_BYTES, MAX_FIND_RESULTS } from "./file-tool-specs.js";
export { BINARY_SNIFF_BYTES } from "./read-text-file.js";
export { SKIPPED_FOLDERS } from "./find-files.js";
export { TEMPORARY_SUFFIX } from "./write-text-file.js";
export { MAX_NAME_BYTES } from "./file-error.js";
export { createModuleProvider } from "./create-module-provider.js";
export { confinePath, isInside } from "./confine-path.js";
export type { ConfineOptions } from "./confine-path.js";
export { resolveKitSpecifier, workspaceKitNames } from "./resolve-kit-specifier.js";
export type { ResolveKitSpecifierOptions } from "./resolve-kit-specifier.js";
export { kitList, kitCreate } from "./kit-list.js";
export type { KitListEntry } from "./kit-list.js";
export { resolveDoc, SHIPPED_DOCS_DIR } from "./resolve-doc.js";
export { docsIndex } from "./docs-index.js";
export type { DocEntry } from "./docs-index.js";
export { createMcpProvider } from "./create-mcp-provider.js";
export type { McpProvider, McpProviderOptions } from "./create-mcp-provider.js";
export { registerMcpTools } from "./register-mcp-tools.js";
export { McpConnection, MCP_CLIENT_VERSION } from "./mcp-connection.js";
export {
  mcpPrefix,
  DEFAULT_MCP_CALL_TIMEOUT_MS,
  DEFAULT_MCP_CONNECT_TIMEOUT_MS,
} from "./mcp-server-config.js";
export type { McpServerConfig } from "./mcp-server-config.js";
