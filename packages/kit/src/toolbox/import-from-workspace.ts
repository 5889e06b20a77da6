import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The package a bare specifier names: `ollama` for `ollama/browser`, `@anthropic-ai/sdk` for itself. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * An importer that loads a package from the workspace's own `node_modules`, for the optional
 * clients (the model clients, the MCP client) when lackpy's own install lacks them: a user who
 * runs `npx @lackpy/cli` installs `ollama` into the project, not into npx's cache. Only `<workspace>/node_modules/<package>` is
 * looked at, and the specifier is resolved from inside that package (its own `exports`), so
 * nothing a program may write is consulted: not the workspace's `package.json` (Node would follow
 * a "self-reference" to a package of the same name through it), not the folders above.
 * Programs cannot write under `node_modules` (decision 30), but a cloned repository can bring
 * one: `permit`, when given, is asked (with the package name) before anything there is loaded, and
 * throws to refuse (the service refuses until a person trusted the workspace). `require` loads ES
 * modules too on Node 20.19, and gives the same exports as `import()` for these clients.
 */
export function importFromWorkspace(
  workspace: string,
  options: { permit?: (packageName: string) => Promise<void> } = {},
): (specifier: string) => Promise<unknown> {
  return async (specifier) => {
    const packageName = packageOf(specifier);
    const manifest = path.join(workspace, "node_modules", packageName, "package.json");
    if (!existsSync(manifest))
      throw Object.assign(new Error(`Cannot find module '${specifier}' in the workspace.`), {
        code: "MODULE_NOT_FOUND",
      });
    await options.permit?.(packageName);
    return createRequire(manifest)(specifier) as unknown;
  };
}
