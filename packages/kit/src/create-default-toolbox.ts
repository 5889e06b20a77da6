import { FILE_TOOL_SPECS, createBuiltinProvider } from "./file-tools.js";
import { createModuleProvider } from "./module-provider.js";
import { Toolbox } from "./toolbox.js";

/** A toolbox with the builtin file tools confined to `root` and the module provider resolving from `root`. */
export function createDefaultToolbox(options: { root: string }): Toolbox {
  const toolbox = new Toolbox();
  toolbox.registerProvider(createBuiltinProvider({ root: options.root }));
  toolbox.registerProvider(createModuleProvider({ baseDir: options.root }));
  for (const spec of FILE_TOOL_SPECS) toolbox.registerTool(spec);
  return toolbox;
}
