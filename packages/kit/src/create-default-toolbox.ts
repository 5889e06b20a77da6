import { createBuiltinProvider, type FileToolsOptions } from "./create-file-tools.js";
import { createModuleProvider } from "./create-module-provider.js";
import { FILE_TOOL_SPECS } from "./file-tool-specs.js";
import { Toolbox } from "./toolbox.js";

/** A toolbox for a workspace: the builtin file tools confined to `root`, and the module provider resolving from `root`. */
export function createDefaultToolbox(options: { root: string } & FileToolsOptions): Toolbox {
  const toolbox = new Toolbox();
  toolbox.registerProvider(createBuiltinProvider(options));
  toolbox.registerProvider(createModuleProvider({ baseDir: options.root }));
  for (const spec of FILE_TOOL_SPECS) toolbox.registerTool(spec);
  return toolbox;
}
