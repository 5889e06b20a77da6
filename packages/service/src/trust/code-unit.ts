/** The units of code a config names, their paths, and where they are read: the shapes the trust's files share. */
import { realpathSync } from "node:fs";
import path from "node:path";
import type { McpServerConfig } from "@lackpy/kit/node";
import type { LackpyConfig } from "../config/config-types.js";
import type { CodeScope } from "./fingerprint.js";

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
export type CodeUnitKind =
  | "config"
  | "kits"
  | "module_tool"
  | "stdio_server"
  | "http_server"
  | "model_provider"
  | "file_opening";

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
  /** For an HTTP server, or where a model provider sends requests. */
  url?: string;
  /** For a model provider: the environment variable whose value it sends as its key. */
  apiKeyEnv?: string;
}

/** Where units are read: the workspace, and the neutral folder package runners start in. */
export interface CodeContext {
  workspace: string;
  neutralDir: string;
  /** The `PATH` servers get (default `process.env.PATH`). */
  searchPath?: string;
}

/** The parts of a config the trust reads. */
export type TrustedConfig = Pick<LackpyConfig, "tools" | "mcpServers" | "kit"> & {
  inference?: Pick<LackpyConfig["inference"], "providers">;
  files?: Pick<LackpyConfig["files"], "allowRead" | "allowWrite">;
};

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

/** A path as messages show it: workspace-relative (a folder with a trailing `/`), else absolute. */
export function displayPath(absolute: string, scope: CodeScope, context: CodeContext): string {
  const relative = relativeInside(absolute, context);
  if (relative === null) return absolute;
  return scope === "folder" ? `${relative}/` : relative;
}
