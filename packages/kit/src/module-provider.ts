import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ToolSpec } from "@lackpy/lang";
import { KitError } from "./kit-error.js";
import type { ToolFunction, ToolProvider } from "./toolbox.js";

/** The `module` provider: a tool is an exported function of a JS module (`providerConfig: { module, export }`), loaded with dynamic import relative to `baseDir`. */
export function createModuleProvider(options: { baseDir: string }): ToolProvider {
  return {
    name: "module",
    async resolve(spec: ToolSpec): Promise<ToolFunction> {
      const config = spec.providerConfig ?? {};
      const modulePath = typeof config.module === "string" ? config.module : null;
      if (!modulePath)
        throw new KitError(
          "invalid_tool",
          `Tool '${spec.name}' needs providerConfig.module, the path of its JS module.`,
        );
      const exportName = typeof config.export === "string" ? config.export : spec.name;
      const url = pathToFileURL(path.resolve(options.baseDir, modulePath)).href;
      let loaded: Record<string, unknown>;
      try {
        loaded = (await import(url)) as Record<string, unknown>;
      } catch (error) {
        throw new KitError(
          "invalid_tool",
          `Tool '${spec.name}': cannot load ${modulePath}: ${(error as Error).message}.`,
        );
      }
      const fn = loaded[exportName];
      if (typeof fn !== "function")
        throw new KitError(
          "invalid_tool",
          `Tool '${spec.name}': ${modulePath} has no exported function '${exportName}'.`,
          { hint: `exports: ${Object.keys(loaded).join(", ")}` },
        );
      return fn as ToolFunction;
    },
  };
}
