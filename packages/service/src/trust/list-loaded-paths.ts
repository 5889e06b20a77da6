/**
 * What lackpy itself loads or runs from the workspace, so that programs can change none of it:
 * the file of each `[tools.<name>]` module (and the modules it imports by relative path), the
 * package folder of a module named by a bare specifier (and the `package.json` that could make
 * the name resolve elsewhere), each `[mcp_servers.<name>]` command or argument that is a path,
 * and the default kit when it is a `.kit` path. The list goes to the file tools as
 * `loadedPaths`, which refuse reading and writing each path and everything under it.
 */
import { realpathSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadedPath } from "@lackpy/kit";
import type { McpServerConfig } from "@lackpy/kit/node";
import type { LackpyConfig, ModuleToolConfig } from "../config/config-types.js";
import { followRelativeImports } from "./follow-relative-imports.js";

const CONFIG = ".lackpy/config.toml";

/** Every workspace-relative path lackpy loads or runs for this config, with why; sorted by path, each path once. */
export async function listLoadedPaths(
  config: Pick<LackpyConfig, "tools" | "mcpServers" | "kit">,
  options: { workspace: string },
): Promise<LoadedPath[]> {
  const list = new LoadedList(options.workspace);
  for (const [name, tool] of Object.entries(config.tools)) await addModuleTool(list, name, tool);
  for (const [name, server] of Object.entries(config.mcpServers))
    await addMcpServer(list, name, server);
  const kit = config.kit.default.trim();
  if (kit.endsWith(".kit"))
    list.add(path.resolve(options.workspace, kit), `the default kit ([kit] default in ${CONFIG})`);
  return list.entries();
}

/** The paths found so far, workspace-relative, each with the first reason found. */
class LoadedList {
  private readonly found = new Map<string, string>();
  private readonly roots: string[];

  constructor(readonly workspace: string) {
    const real = realPath(workspace);
    this.roots = real && real !== workspace ? [workspace, real] : [workspace];
  }

  /** Adds an absolute path (and, when it exists, the path it resolves to) if it lies inside the workspace below its root. */
  add(absolute: string, reason: string): void {
    for (const candidate of [absolute, realPath(absolute)]) {
      const relative = candidate === undefined ? null : this.relative(candidate);
      if (relative !== null && !this.found.has(relative)) this.found.set(relative, reason);
    }
  }

  entries(): LoadedPath[] {
    return [...this.found]
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
      .map(([relative, reason]) => ({ path: relative, reason }));
  }

  private relative(absolute: string): string | null {
    for (const root of this.roots) {
      const relative = path.relative(root, absolute);
      if (relative === "" || path.isAbsolute(relative) || relative.split(path.sep)[0] === "..")
        continue;
      return relative.split(path.sep).join("/");
    }
    return null;
  }
}

async function addModuleTool(list: LoadedList, name: string, tool: ModuleToolConfig) {
  const specifier = tool.module.trim();
  const where = `tool '${name}' ([tools.${name}] in ${CONFIG})`;
  const reason = `the module of ${where}`;
  if (specifier === "") return;
  if (specifier.startsWith("file:") || specifier.startsWith(".") || path.isAbsolute(specifier)) {
    const file = specifier.startsWith("file:")
      ? filePath(specifier)
      : path.resolve(list.workspace, specifier);
    // A URL that names no file fails to load; there is nothing to protect.
    if (file !== null) await addCode(list, file, reason);
    return;
  }
  // A bare name: the package as Node would look it up from the workspace.
  const packageName = packageNameOf(specifier);
  if (packageName)
    list.add(path.join(list.workspace, "node_modules", packageName), `the package of ${where}`);
  let resolved: string;
  try {
    resolved = createRequire(path.join(list.workspace, "noop.js")).resolve(specifier);
  } catch {
    // Not installed: a program must not make the name resolve to the workspace's own package.
    list.add(
      path.join(list.workspace, "package.json"),
      `where the package of ${where} is looked up`,
    );
    return;
  }
  const folder = packageName ? packageFolder(resolved, packageName) : null;
  if (folder) list.add(folder, `the package of ${where}`);
  else {
    // Resolved through a package.json (`imports`, or the workspace naming itself).
    await addCode(list, resolved, reason);
    const manifest = nearestPackageJson(resolved);
    if (manifest) list.add(manifest, `where the package of ${where} is looked up`);
  }
}

async function addMcpServer(list: LoadedList, name: string, server: McpServerConfig) {
  if (!server.command) return;
  const where = `MCP server '${name}' ([mcp_servers.${name}] in ${CONFIG})`;
  const cwd = path.resolve(list.workspace, server.cwd ?? ".");
  const command = server.command.trim();
  // A command without a separator is looked up on PATH, not in the workspace.
  if (/[\\/]/.test(command) || command.startsWith("."))
    await addCode(list, path.resolve(cwd, command), `the command of ${where}`);
  for (const arg of server.args ?? []) {
    // `--config=./x.json` names a path after its `=`; other options name none.
    const value = arg.startsWith("-")
      ? arg.includes("=")
        ? arg.slice(arg.indexOf("=") + 1)
        : ""
      : arg;
    if (value === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) continue;
    const absolute = path.resolve(cwd, value);
    if (looksLikePath(value) || statSync(absolute, { throwIfNoEntry: false }))
      await addCode(list, absolute, `an argument of ${where}`);
  }
}

/** Adds a file or folder of code, and the modules a JS file imports by relative path. */
async function addCode(list: LoadedList, absolute: string, reason: string): Promise<void> {
  list.add(absolute, reason);
  for (const imported of await followRelativeImports(absolute))
    list.add(imported, `a module imported by ${reason}`);
}

/** `./x`, `a/b`, `a\b` or a name with an extension (`server.mjs`) is taken as a path. */
function looksLikePath(value: string): boolean {
  return /[\\/]/.test(value) || value.startsWith(".") || /\.[A-Za-z0-9]{1,8}$/.test(value);
}

/** `@scope/name` or `name` of a bare specifier such as `@scope/name/sub`, or null for `#imports` and the like. */
function packageNameOf(specifier: string): string | null {
  const parts = specifier.split("/");
  if (specifier.startsWith("@")) return parts.length >= 2 ? `${parts[0]}/${parts[1]}` : null;
  return /^[A-Za-z0-9_.~-]+$/.test(parts[0]) ? parts[0] : null;
}

/** The folder `…/node_modules/<name>` a resolved file lies in (the last one: pnpm nests them), or null. */
function packageFolder(resolved: string, packageName: string): string | null {
  const segments = resolved.split(path.sep);
  const nameSegments = packageName.split("/");
  for (let index = segments.length - nameSegments.length - 1; index >= 0; index--) {
    if (segments[index] !== "node_modules") continue;
    const candidate = segments.slice(index + 1, index + 1 + nameSegments.length);
    if (candidate.join("/") === packageName)
      return segments.slice(0, index + 1 + nameSegments.length).join(path.sep);
  }
  return null;
}

/** The closest `package.json` above a file, or null. */
function nearestPackageJson(file: string): string | null {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, "package.json");
    if (statSync(manifest, { throwIfNoEntry: false })?.isFile()) return manifest;
    if (path.dirname(folder) === folder) return null;
  }
}

function filePath(url: string): string | null {
  try {
    return fileURLToPath(url);
  } catch {
    return null;
  }
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync.native(file);
  } catch {
    return undefined;
  }
}
