/**
 * The unit of an `[mcp_servers.<name>]` server: what its command line and env run
 * (`readServerCommand`, `readServerEnv`), the manifests that change how it loads, and how lackpy
 * starts it: a package runner in the neutral folder, `PATH` without workspace folders, Python
 * without bytecode files.
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { McpServerConfig } from "@lackpy/kit/node";
import { addManifest, addScript, foldersUpToRoot } from "./code-paths.js";
import { CONFIG_FILE, relativeInside, type CodeContext, type CodeUnit } from "./code-unit.js";
import { commandName, readServerCommand, type CommandReading } from "./read-server-command.js";
import { readServerEnv } from "./read-server-env.js";

/** The unit of an `[mcp_servers.<name>]` server: a stdio server's code and start, or an HTTP server's URL. */
export async function serverUnit(
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

function isSameFolder(left: string, right: string): boolean {
  return path.relative(left, right) === "";
}

function serverHint(name: string, absolute: string, context: CodeContext): string {
  const relative = relativeInside(absolute, context);
  const file = relative ? path.basename(absolute) : null;
  return file && statSync(absolute, { throwIfNoEntry: false })?.isDirectory() !== true
    ? `move ${file} (and the files it loads) into a folder of its own, e.g. mcp/${file}, and change [mcp_servers.${name}] in ${CONFIG_FILE} to start it there`
    : `set cwd under [mcp_servers.${name}] in ${CONFIG_FILE} to a folder that holds only the server`;
}

/** A word as a shell would need it quoted, for the summary line. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
