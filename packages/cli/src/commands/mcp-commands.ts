import { defineCommand } from "citty";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { COMMON_ARGS, RESULT_ARGS, resultFlags } from "../args/shared-args.js";
import { importMcpServer } from "./import-mcp-server.js";
import { checkNoHttpFlags, HTTP_ARGS, serveOverHttp } from "./serve-http-command.js";
import { serveSettings } from "./serve-environment.js";
import { makeToken, revokeToken } from "./token-command.js";

/** `lackpy mcp serve [--http] | init | token`. */
export function mcpCommand(context: CommandContext) {
  const serve = defineCommand({
    meta: {
      name: "serve",
      description: "Run the MCP server for a workspace: over stdio, or over HTTP with --http",
    },
    args: {
      workspace: COMMON_ARGS.workspace,
      ...HTTP_ARGS,
      debug: COMMON_ARGS.debug,
      trace: {
        ...RESULT_ARGS.trace,
        description:
          "Default trace of run_program and delegate results: summary (default), none, full",
      },
      "max-output-chars": {
        ...RESULT_ARGS["max-output-chars"],
        description: "Default output and stdout cap of run_program and delegate (default 10000)",
      },
    },
    async run({ args: given }) {
      // A flag not given comes from its LACKPY_MCP_* variable (the README's table).
      const settings = serveSettings(given, context.io.env);
      const { args } = settings;
      if (!args.http) checkNoHttpFlags(given);
      if (args.debug) context.debug = true;
      const shape = resultFlags(args as { trace?: string; "max-output-chars"?: string });
      const { resolve } = await import("node:path");
      const workspace = resolve(context.io.cwd, String(args.workspace ?? "."));
      if (args.http) return serveOverHttp(context, workspace, settings, shape);
      const { serveStdio } = await importMcpServer();
      await serveStdio({ workspace, ...shape });
    },
  });
  const token = defineCommand({
    meta: {
      name: "token",
      description:
        "Make a random bearer token for lackpy mcp serve --http, and add it to a tokens file",
    },
    args: {
      "tokens-file": {
        type: "string",
        description: "Append the token to this file (made with mode 600 when missing)",
        valueHint: "file",
      },
      workspaces: {
        type: "string",
        description: "Limit the token to these workspaces (comma-separated names)",
        valueHint: "a,b",
      },
      role: {
        type: "string",
        description:
          "What the token may do: read, run (dry runs only), write (default), create (new templates and kits), admin (replace them)",
        valueHint: "role",
      },
      revoke: {
        type: "string",
        description: "Remove the token with this id (tok_…) from the tokens file instead",
        valueHint: "id",
      },
      json: COMMON_ARGS.json,
    },
    async run({ args }) {
      const cwd = context.io.cwd;
      if (args.revoke) {
        const revoked = await revokeToken({ id: args.revoke, file: args["tokens-file"], cwd });
        if (args.json) return printJson(context, revoked);
        context.io.stderr(
          `revoked ${revoked.id} (${revoked.removed} line${revoked.removed === 1 ? "" : "s"} of ${revoked.file}); servers drop it on SIGHUP (kill -HUP <pid>)\n`,
        );
        return;
      }
      const result = await makeToken({
        file: args["tokens-file"],
        workspaces: args.workspaces,
        role: args.role,
        cwd,
      });
      if (args.json) return printJson(context, result);
      context.io.stdout(`${result.token}\n`);
      context.io.stderr(
        result.file
          ? `added ${result.id} (role ${result.role}${result.workspaces ? `, workspaces: ${result.workspaces.join(", ")}` : ""}) to ${result.file} as its digest; the token is shown only now\n`
          : `the tokens file line for it (its digest, role and workspaces): ${result.line}\n`,
      );
    },
  });
  const init = defineCommand({
    meta: {
      name: "init",
      description:
        "Write a .mcp.json entry that starts this server for the workspace (portable: lackpy on PATH)",
    },
    args: {
      ...COMMON_ARGS,
      force: { type: "boolean", description: "Replace a different existing lackpy entry" },
      local: {
        type: "boolean",
        description:
          "Name this machine's node and lackpy paths instead (for a file you do not commit)",
      },
    },
    async run({ args }) {
      const { writeMcpConfig } = await importMcpServer();
      const { resolve } = await import("node:path");
      const workspace = resolve(context.io.cwd, args.workspace ?? ".");
      const entry = args.local ? await localEntry(workspace) : PORTABLE_MCP_ENTRY;
      const result = await writeMcpConfig({ workspace, entry, force: Boolean(args.force) });
      if (args.json) return printJson(context, result);
      context.io.stdout(`${result.changed ? "wrote" : "unchanged"} ${result.path}\n`);
      if (!args.local && !(await onPath("lackpy", context.io.env.PATH)))
        context.io.stderr(
          "note: the entry runs lackpy from PATH, and there is none here: run pnpm lackpy:install in a lackpy checkout, or npm i -g @lackpy/cli @lackpy/mcp (lackpy mcp init --local names this machine's paths instead, for a .mcp.json you do not commit)\n",
        );
    },
  });
  return defineCommand({
    meta: { name: "mcp", description: "The MCP server" },
    subCommands: { serve, init, token },
  });
}

/**
 * The `.mcp.json` entry `lackpy mcp init` writes: a file teams commit, so nothing of this
 * machine's (no node path, no checkout, no workspace path). The client starts it in the project,
 * and it serves that folder.
 */
export const PORTABLE_MCP_ENTRY = Object.freeze({
  command: "lackpy",
  args: Object.freeze(["mcp", "serve", "--workspace", "."]),
}) as { command: string; args: string[] };

/** `--local`: this Node and this very CLI's bin, with the workspace's absolute path. */
async function localEntry(workspace: string): Promise<{ command: string; args: string[] }> {
  const { existsSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  // dist/*.js (the library build) sits one level below the package; dist/bin/*.js (the
  // command's bundle) and src/commands/*.ts (tests) two.
  const bin = [
    new URL("../bin/lackpy.js", import.meta.url),
    new URL("../../bin/lackpy.js", import.meta.url),
  ]
    .map((url) => fileURLToPath(url))
    .find((file) => existsSync(file))!;
  return { command: process.execPath, args: [bin, "mcp", "serve", "--workspace", workspace] };
}

/** True when an executable named `name` is in one of the `PATH` folders. */
async function onPath(name: string, pathVariable: string | undefined): Promise<boolean> {
  const { access, constants } = await import("node:fs/promises");
  const { delimiter, join } = await import("node:path");
  for (const folder of (pathVariable ?? "").split(delimiter).filter(Boolean)) {
    const found = await access(join(folder, name), constants.X_OK).then(
      () => true,
      () => false,
    );
    if (found) return true;
  }
  return false;
}
