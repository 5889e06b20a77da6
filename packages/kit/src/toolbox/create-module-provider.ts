import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ToolSpec } from "@lackpy/lang";
import { KitError } from "../kit-error.js";
import type { ToolFunction, ToolProvider } from "./toolbox.js";

/**
 * The `module` provider: a tool is an exported function of a JS module, named by
 * `providerConfig: { module, export }` (`export` defaults to the tool name). A module path that
 * starts with `.` or `/` (or a `file:` URL) is resolved against `baseDir`; a bare name such as
 * `my-tools` is resolved as a package installed for `baseDir`. Modules load with dynamic import.
 */
export function createModuleProvider(options: { baseDir: string }): ToolProvider {
  return {
    name: "module",
    async resolve(spec: ToolSpec): Promise<ToolFunction> {
      const config = spec.providerConfig ?? {};
      const specifier = typeof config.module === "string" ? config.module.trim() : "";
      if (specifier === "")
        throw new KitError(
          "invalid_tool",
          `Tool '${spec.name}' needs providerConfig.module, the path of its JS module.`,
          { hint: 'e.g. providerConfig: { module: "./tools.mjs", export: "myTool" }' },
        );
      const exportName = typeof config.export === "string" ? config.export : spec.name;
      let loaded: Record<string, unknown>;
      try {
        loaded = (await import(moduleUrl(specifier, options.baseDir))) as Record<string, unknown>;
      } catch (error) {
        throw new KitError(
          "tool_load_failed",
          `Tool '${spec.name}': cannot load the module ${specifier}: ${(error as Error).message}`,
          { hint: `module paths are relative to ${options.baseDir}`, cause: error },
        );
      }
      const tool = loaded[exportName];
      if (typeof tool !== "function")
        throw new KitError(
          "tool_load_failed",
          `Tool '${spec.name}': the module ${specifier} has no exported function '${exportName}'.`,
          { hint: `its exported functions: ${functionNames(loaded).join(", ") || "none"}` },
        );
      return tool as ToolFunction;
    },
  };
}

function moduleUrl(specifier: string, baseDir: string): string {
  if (specifier.startsWith("file:")) return specifier;
  if (specifier.startsWith(".") || path.isAbsolute(specifier))
    return pathToFileURL(path.resolve(baseDir, specifier)).href;
  return pathToFileURL(createRequire(path.join(baseDir, "noop.js")).resolve(specifier)).href;
}

function functionNames(loaded: Record<string, unknown>): string[] {
  return Object.keys(loaded)
    .filter((name) => typeof loaded[name] === "function")
    .sort();
}
