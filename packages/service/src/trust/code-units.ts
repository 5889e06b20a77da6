/**
 * What a workspace's config names as code, one unit per module tool and MCP server, plus the
 * config and kits every unit depends on. Each unit lists the paths it loads from: the whole
 * folder of a script or module that lives in the workspace (its siblings are what an
 * interpreter finds next to it: a Python module, a `lib.js` that wins over `lib/`), the files
 * it imports by relative path outside that folder, a file alone outside the workspace, and the
 * manifests above it that change what is loaded. `lackpy trust` fingerprints these paths, the
 * gate compares them before anything starts, and the file tools keep programs out of those
 * inside the workspace. A server's data arguments are not code and are not listed.
 */
import { realpathSync, statSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { McpServerConfig } from "@lackpy/kit/node";
import type { LackpyConfig, ModuleToolConfig } from "../config/config-types.js";
import type { CodeScope } from "./fingerprint.js";
import { followRelativeImports } from "./follow-relative-imports.js";
import {
  commandName,
  readServerCommand,
  readServerEnv,
  type CommandReading,
} from "./read-server-command.js";

/** The config file, workspace-relative. */
export const CONFIG_FILE = ".lackpy/config.toml";

/** A path a unit loads code from. */
export interface CodePath {
  absolute: string;
  scope: CodeScope;
  /** True when the file tools keep programs out of it (code inside the workspace); manifests are only fingerprinted. */
  protect: boolean;
  /** What it is, for messages: `the folder of the module of tool 'x'`. */
  why: string;
}

/** What kind of thing a unit is. */
export type CodeUnitKind = "config" | "kits" | "module_tool" | "stdio_server" | "http_server";

/** One thing a config makes lackpy load, start or send tool arguments to. */
export interface CodeUnit {
  kind: CodeUnitKind;
  /** The tool or server name; `config` and `kits` for those. */
  name: string;
  /** Where the config names it, for messages: `[tools.x] in .lackpy/config.toml`. */
  where: string;
  /** One line for people: the module, the command line, the URL. */
  summary: string;
  paths: CodePath[];
  /** Why this unit can never be trusted as configured, and the fix. */
  problem?: { message: string; hint: string };
  /** For a module tool: its module and export, as configured. */
  module?: { module: string; export: string };
  /** For an MCP server: its table as configured. */
  configured?: McpServerConfig;
  /** For a stdio server: how lackpy starts it (`cwd` neutral for a package runner, `PATH` without workspace folders). */
  start?: McpServerConfig;
  /** For a stdio server started by a package runner: the runner and the package specs as written. */
  runner?: { name: string; packages: string[] };
  /** For an HTTP server. */
  url?: string;
}

/** Where units are read: the workspace, and the neutral folder package runners start in. */
export interface CodeContext {
  workspace: string;
  neutralDir: string;
  /** The `PATH` servers get (default `process.env.PATH`). */
  searchPath?: string;
}

/** True when the config names code (module tools) or MCP servers: only then is trust needed. */
export function namesCode(config: Pick<LackpyConfig, "tools" | "mcpServers">): boolean {
  return Object.keys(config.tools).length > 0 || Object.keys(config.mcpServers).length > 0;
}

/** Every unit of a config: `config`, `kits`, then each module tool and each MCP server. */
export async function codeUnits(
  config: Pick<LackpyConfig, "tools" | "mcpServers" | "kit">,
  context: CodeContext,
): Promise<CodeUnit[]> {
  const units: CodeUnit[] = [configUnit(context), kitsUnit(config, context)];
  for (const [name, tool] of Object.entries(config.tools))
    units.push(await moduleToolUnit(name, tool, context));
  for (const [name, server] of Object.entries(config.mcpServers))
    units.push(await serverUnit(name, server, context));
  return units;
}

function configUnit(context: CodeContext): CodeUnit {
  return {
    kind: "config",
    name: "config",
    where: CONFIG_FILE,
    summary: CONFIG_FILE,
    paths: [
      {
        absolute: path.join(context.workspace, CONFIG_FILE),
        scope: "file",
        protect: false,
        why: "the workspace's config",
      },
    ],
  };
}

function kitsUnit(config: Pick<LackpyConfig, "kit">, context: CodeContext): CodeUnit {
  const paths: CodePath[] = [
    {
      absolute: path.join(context.workspace, ".lackpy", "kits"),
      scope: "folder",
      protect: false,
      why: "the workspace's kits",
    },
  ];
  const kit = config.kit.default.trim();
  if (kit.endsWith(".kit"))
    paths.push({
      absolute: path.resolve(context.workspace, kit),
      scope: "file",
      protect: true,
      why: `the default kit ([kit] default in ${CONFIG_FILE})`,
    });
  return { kind: "kits", name: "kits", where: CONFIG_FILE, summary: ".lackpy/kits/", paths };
}

async function moduleToolUnit(
  name: string,
  tool: ModuleToolConfig,
  context: CodeContext,
): Promise<CodeUnit> {
  const where = `[tools.${name}] in ${CONFIG_FILE}`;
  const unit: CodeUnit = {
    kind: "module_tool",
    name,
    where,
    summary: `${tool.module} (export ${tool.export})`,
    paths: [],
    module: { module: tool.module, export: tool.export },
  };
  const specifier = tool.module.trim();
  // A Node builtin (`node:fs`) is part of the runtime: the config names it, nothing on disk.
  if (isBuiltin(specifier)) return unit;
  const role = {
    role: "the module",
    subject: `tool '${name}' (${where})`,
    hint: moveHint(name, specifier),
  };
  if (specifier === "") return unit;
  if (specifier.startsWith("file:") || specifier.startsWith(".") || path.isAbsolute(specifier)) {
    const file = specifier.startsWith("file:")
      ? filePath(specifier)
      : path.resolve(context.workspace, specifier);
    if (file !== null) await addScript(unit, file, role, context);
    return unit;
  }
  // A bare name: the package as Node looks it up from the workspace.
  const packageName = packageNameOf(specifier);
  let resolved: string;
  try {
    resolved = createRequire(path.join(context.workspace, "noop.js")).resolve(specifier);
  } catch {
    if (packageName)
      addPath(
        unit,
        path.join(context.workspace, "node_modules", packageName),
        "folder",
        `the package of tool '${name}' (${where}), not installed`,
        context,
      );
    addManifest(
      unit,
      path.join(context.workspace, "package.json"),
      `where the package of tool '${name}' is looked up`,
    );
    return unit;
  }
  const folder = packageName ? packageFolder(resolved, packageName) : null;
  if (folder) {
    const inside = relativeInside(folder, context) !== null;
    addPath(
      unit,
      inside ? folder : resolved,
      inside ? "folder" : "file",
      `the package of tool '${name}' (${where})`,
      context,
    );
    return unit;
  }
  // Resolved through a package.json (`imports`, or the workspace naming itself).
  await addScript(unit, resolved, role, context);
  const manifest = nearestPackageJson(resolved);
  if (manifest) addManifest(unit, manifest, `where the package of tool '${name}' is looked up`);
  return unit;
}

async function serverUnit(
  name: string,
  server: McpServerConfig,
  context: CodeContext,
): Promise<CodeUnit> {
  const where = `[mcp_servers.${name}] in ${CONFIG_FILE}`;
  if (server.url)
    return {
      kind: "http_server",
      name,
      where,
      summary: server.url,
      paths: [],
      url: server.url,
      configured: server,
    };
  const command = server.command ?? "";
  const args = server.args ?? [];
  const cwd = path.resolve(context.workspace, server.cwd ?? ".");
  const reading = readServerCommand(command, args, cwd);
  const unit: CodeUnit = {
    kind: "stdio_server",
    name,
    where,
    summary: [command, ...args].map(shellWord).join(" "),
    paths: [],
    configured: server,
    start: startConfig(server, reading, context),
  };
  if (reading.runner) {
    unit.runner = reading.runner;
    if (server.cwd !== undefined)
      unit.problem = {
        message: `MCP server '${name}' is started by the package runner ${reading.runner.name}, which lackpy starts in a neutral folder outside the workspace so that the package never resolves to the workspace's own; [mcp_servers.${name}] cwd cannot change that.`,
        hint: `remove cwd from [mcp_servers.${name}] in ${CONFIG_FILE}, and give the server absolute paths as arguments`,
      };
  }
  const subject = `MCP server '${name}' (${where})`;
  // What its env makes it load counts where it lies in the workspace; elsewhere the config says it all.
  const fromEnv = readServerEnv(server.env ?? {}, cwd).filter(
    (code) => relativeInside(code.absolute, context) !== null,
  );
  for (const code of [...reading.code, ...fromEnv])
    await addScript(
      unit,
      code.absolute,
      {
        role: code.why,
        subject,
        hint: serverHint(name, code.absolute, context),
        folder: code.folder === true,
      },
      context,
    );
  for (const file of reading.settingFiles ?? [])
    addManifest(
      unit,
      file,
      `a file ${reading.interpreter ?? commandName(command)} reads to load MCP server '${name}'`,
    );
  // Manifests above the code's folders, and in the working folder and above.
  const starts = unit.paths
    .filter((entry) => entry.protect && entry.scope === "folder")
    .map((entry) => path.dirname(entry.absolute));
  for (const manifest of reading.manifests)
    for (const folder of [...starts, cwd])
      for (const above of foldersUpToRoot(folder, context))
        addManifest(
          unit,
          path.join(above, manifest),
          `what ${reading.interpreter ?? commandName(command)} reads to load MCP server '${name}'`,
        );
  return unit;
}

/** How lackpy starts a server: `startConfig` of what its command line runs; an HTTP server as configured. */
export function serverStartConfig(server: McpServerConfig, context: CodeContext): McpServerConfig {
  if (server.url || !server.command) return server;
  const cwd = path.resolve(context.workspace, server.cwd ?? ".");
  return startConfig(server, readServerCommand(server.command, server.args ?? [], cwd), context);
}

/** The start config: a package runner in the neutral folder, `PATH` without relative or workspace folders, Python without bytecode files. */
function startConfig(
  server: McpServerConfig,
  reading: CommandReading,
  context: CodeContext,
): McpServerConfig {
  const env: Record<string, string> = { ...(server.env ?? {}) };
  if (!("PATH" in env)) env.PATH = neutralSearchPath(context);
  if (reading.python && !("PYTHONDONTWRITEBYTECODE" in env)) env.PYTHONDONTWRITEBYTECODE = "1";
  return {
    ...server,
    env,
    ...(reading.runner ? { cwd: context.neutralDir } : {}),
  };
}

/** `PATH` without entries that are relative or lie inside the workspace (a workspace's `node_modules/.bin`). */
function neutralSearchPath(context: CodeContext): string {
  const entries = (context.searchPath ?? process.env.PATH ?? "").split(path.delimiter);
  return entries
    .filter(
      (entry) =>
        entry !== "" &&
        path.isAbsolute(entry) &&
        relativeInside(entry, context) === null &&
        !isSameFolder(entry, context.workspace),
    )
    .join(path.delimiter);
}

/** A script or module as messages name it: `its module` of `tool 'x' ([tools.x] in …)`, and the fix when it cannot be trusted. */
interface ScriptRole {
  role: string;
  subject: string;
  hint: string;
  /** The path is a folder whatever is there now (a working folder, a search path entry). */
  folder?: boolean;
}

/**
 * Adds a script or module: inside the workspace, its whole folder (a folder named as the
 * script: that folder), refused when the folder is the workspace root or `.lackpy`; outside,
 * the file alone. Then the files it imports by relative path outside that folder.
 */
async function addScript(
  unit: CodeUnit,
  absolute: string,
  script: ScriptRole,
  context: CodeContext,
): Promise<void> {
  const why = `${script.role} of ${script.subject}`;
  const info = statSync(absolute, { throwIfNoEntry: false });
  const relative = relativeInside(absolute, context);
  let folder: string | null = null;
  if (relative === null) {
    addPath(unit, absolute, info?.isDirectory() ? "folder" : "file", why, context);
  } else {
    const isFolder = info?.isDirectory() === true || script.folder === true;
    folder = isFolder ? absolute : path.dirname(absolute);
    const folderRelative = relativeInside(folder, context);
    const place =
      folderRelative === null || folderRelative === ""
        ? "the workspace root"
        : folderRelative.toLowerCase() === ".lackpy"
          ? ".lackpy/"
          : null;
    if (place !== null) {
      unit.problem ??= {
        message: `${capitalise(script.subject)}: ${script.role} ${relative === "" ? "is the workspace root" : `'${relative}' lies in ${place}`}; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for ${place}.`,
        hint: script.hint,
      };
      addPath(unit, absolute, "file", why, context);
      folder = null;
    } else {
      addPath(unit, folder, "folder", isFolder ? why : `the folder of ${why}`, context);
    }
  }
  if (info?.isFile())
    for (const imported of await followRelativeImports(absolute))
      if (folder === null || !isUnder(imported, folder))
        addPath(unit, imported, "file", `a module imported by ${why}`, context);
}

function addPath(
  unit: CodeUnit,
  absolute: string,
  scope: CodeScope,
  why: string,
  context: CodeContext,
): void {
  if (unit.paths.some((entry) => entry.absolute === absolute && entry.scope === scope)) return;
  unit.paths.push({ absolute, scope, protect: relativeInside(absolute, context) !== null, why });
}

function addManifest(unit: CodeUnit, absolute: string, why: string): void {
  if (unit.paths.some((entry) => entry.absolute === absolute)) return;
  unit.paths.push({ absolute, scope: "file", protect: false, why });
}

/** The folder and each one above it, up to and including the workspace root; none outside it. */
function foldersUpToRoot(folder: string, context: CodeContext): string[] {
  const folders: string[] = [];
  for (
    let current = folder;
    relativeInside(current, context) !== null;
    current = path.dirname(current)
  ) {
    folders.push(current);
    if (relativeInside(current, context) === "") break;
  }
  return folders;
}

/** The `/`-separated path inside the workspace (`""` for the root), or null outside it. */
export function relativeInside(
  absolute: string,
  context: Pick<CodeContext, "workspace">,
): string | null {
  for (const root of rootsOf(context.workspace)) {
    const relative = path.relative(root, absolute);
    if (relative === "") return "";
    if (path.isAbsolute(relative) || relative.split(path.sep)[0] === "..") continue;
    return relative.split(path.sep).join("/");
  }
  return null;
}

const realRoots = new Map<string, string[]>();

function rootsOf(workspace: string): string[] {
  let roots = realRoots.get(workspace);
  if (!roots) {
    let real = workspace;
    try {
      real = realpathSync.native(workspace);
    } catch {
      // A workspace that does not exist has no other name.
    }
    roots = real === workspace ? [workspace] : [workspace, real];
    realRoots.set(workspace, roots);
  }
  return roots;
}

function isSameFolder(left: string, right: string): boolean {
  return path.relative(left, right) === "";
}

function isUnder(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== "" && !path.isAbsolute(relative) && relative.split(path.sep)[0] !== "..";
}

function moveHint(name: string, specifier: string): string {
  const file = path.basename(specifier);
  return `move ${file} into a folder of its own (e.g. tools/${file}) and set module = "./tools/${file}" under [tools.${name}] in ${CONFIG_FILE}`;
}

function serverHint(name: string, absolute: string, context: CodeContext): string {
  const relative = relativeInside(absolute, context);
  const file = relative ? path.basename(absolute) : null;
  return file && statSync(absolute, { throwIfNoEntry: false })?.isDirectory() !== true
    ? `move ${file} (and the files it loads) into a folder of its own, e.g. mcp/${file}, and change [mcp_servers.${name}] in ${CONFIG_FILE} to start it there`
    : `set cwd under [mcp_servers.${name}] in ${CONFIG_FILE} to a folder that holds only the server`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A word as a shell would need it quoted, for the summary line. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
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
