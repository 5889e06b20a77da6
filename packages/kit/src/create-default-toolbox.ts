import { createBuiltinProvider, type FileToolsOptions } from "./files/create-file-tools.js";
import { createModuleProvider } from "./toolbox/create-module-provider.js";
import { FILE_TOOL_SPECS } from "./files/file-tool-specs.js";
import { Toolbox } from "./toolbox/toolbox.js";

/** A toolbox for a workspace: the builtin file tools confined to `root`, and the module provider resolving from `root`. */
export function createDefaultToolbox(options: { root: string } & FileToolsOptions): Toolbox {
  const toolbox = new Toolbox();
  toolbox.registerProvider(createBuiltinProvider(options));
  toolbox.registerProvider(createModuleProvider({ baseDir: options.root }));
  for (const spec of FILE_TOOL_SPECS) toolbox.registerTool(spec);
  return toolbox;
}
