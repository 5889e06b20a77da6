import type { ArgSpec } from "@lackpy/lang";
import type { Toolbox } from "@lackpy/kit";
import type { ModuleToolConfig } from "../config/config-types.js";

function toArg(text: string): ArgSpec {
  const [name, type = "any"] = text.split(":").map((part) => part.trim());
  const optional = name.endsWith("?");
  return {
    name: optional ? name.slice(0, -1) : name,
    type,
    ...(optional ? { optional: true } : {}),
  };
}

/** Registers the config's `[tools.<name>]` module tools in the toolbox. */
export async function registerModuleTools(
  toolbox: Toolbox,
  tools: Readonly<Record<string, ModuleToolConfig>>,
  _workspace: string,
): Promise<void> {
  for (const [name, tool] of Object.entries(tools)) {
    toolbox.registerTool({
      name,
      provider: "module",
      providerConfig: { module: tool.module, export: tool.export },
      description: tool.description,
      args: (tool.args ?? []).map(toArg),
      returns: tool.returns,
      gradeW: tool.gradeW,
      effectsCeiling: tool.effectsCeiling,
      // A module may echo what it is given: it gets secrets only when its config says so.
      acceptsSecrets: tool.acceptsSecrets === true,
    });
  }
}
