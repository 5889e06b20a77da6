export { createDefaultToolbox } from "./create-default-toolbox.js";
export {
  createBuiltinProvider,
  createFileTools,
  FILE_TOOL_SPECS,
  MAX_READ_BYTES,
  MAX_FIND_RESULTS,
  fileSystem,
} from "./file-tools.js";
export { createModuleProvider } from "./module-provider.js";
export { confinePath, isInside } from "./confine-path.js";
export { resolveKitSpecifier, readKitsDir, kitList, kitCreate } from "./kit-files.js";
export { docsIndex, resolveDoc, SHIPPED_DOCS_DIR } from "./tool-docs.js";
export type { DocEntry } from "./tool-docs.js";
