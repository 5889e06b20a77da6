export { createDefaultToolbox } from "./create-default-toolbox.js";
export { createBuiltinProvider, createFileTools } from "./files/create-file-tools.js";
export type { FileTools, FileToolsOptions } from "./files/create-file-tools.js";
export { createWorkspaceView } from "./files/create-workspace-view.js";
export type { WorkspaceView } from "./files/workspace-view.js";
export type { FolderEntry } from "./files/list-folder.js";
export type { SearchHit } from "./files/search-files.js";
export type { FileSizeRow } from "./files/file-sizes.js";
export type { LineCountRow } from "./files/line-counts.js";
export { countLines } from "./files/count-lines.js";
export { MAX_SEARCH_RESULTS, MAX_LINE_CHARS, MAX_SEARCH_TEXT_CHARS } from "./files/search-files.js";
export { DEFINITION_GLOB } from "./files/definitions-of.js";
export { FILE_TOOL_SPECS, MAX_READ_BYTES, MAX_FIND_RESULTS } from "./files/file-tool-specs.js";
export { BINARY_SNIFF_BYTES } from "./files/file-state.js";
export { SKIPPED_FOLDERS, SKIPPED_REASONS } from "./files/skipped-files.js";
export { TEMPORARY_SUFFIX } from "./files/write-text-file.js";
export { readRegularFile, readRegularFileSync } from "./files/read-regular-file.js";
export type { ReadRegularFileOptions } from "./files/read-regular-file.js";
export { FileStaging, stagingOf, MAX_STAGED_BYTES } from "./files/file-staging.js";
export { childToolOf, childReadFileModule } from "./files/child-file-tool.js";
export type { ChildToolRecipe } from "./files/child-file-tool.js";
export type { ChildReadFile, ChildReadFileOptions } from "./files/child-read-file.js";
export type { StagedFile } from "./files/file-staging.js";
export { contentHash, readFileBefore, readFileState, sameState } from "./files/file-state.js";
export type { FileBefore, FileState } from "./files/file-state.js";
export { prepareFileChange, removeTemporary } from "./files/prepare-file-change.js";
export type { FileChangePlan, PreparedFileChange } from "./files/prepare-file-change.js";
export { MAX_NAME_BYTES } from "./files/file-error.js";
export { createModuleProvider } from "./toolbox/create-module-provider.js";
export { importFromWorkspace } from "./toolbox/import-from-workspace.js";
export { confinePath, isInside } from "./protect/confine-path.js";
export type { ConfineOptions } from "./protect/confine-path.js";
export { resolveKitSpecifier, workspaceKitNames } from "./kits/resolve-kit-specifier.js";
export type { ResolveKitSpecifierOptions } from "./kits/resolve-kit-specifier.js";
export { kitList, kitCreate } from "./kits/kit-list.js";
export type { KitListEntry } from "./kits/kit-list.js";
export { resolveDoc, SHIPPED_DOCS_DIR } from "./resolve-doc.js";
export { docsIndex } from "./kits/docs-index.js";
export type { DocEntry } from "./kits/docs-index.js";
export { createMcpProvider } from "./mcp/create-mcp-provider.js";
export type { McpProvider, McpProviderOptions } from "./mcp/create-mcp-provider.js";
export { registerMcpTools } from "./mcp/register-mcp-tools.js";
export { McpConnection, MCP_CLIENT_VERSION } from "./mcp/mcp-connection.js";
export {
  mcpPrefix,
  DEFAULT_MCP_CALL_TIMEOUT_MS,
  DEFAULT_MCP_CONNECT_TIMEOUT_MS,
} from "./mcp/mcp-server-config.js";
export type { McpServerConfig } from "./mcp/mcp-server-config.js";
