import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLANTED_CONFIG,
  PLANTED_SECRETS,
} from "../../service/src/__fixtures__/planted-secrets.mjs";
import { CLONE_APP, plantHostileClone } from "../../service/src/__fixtures__/hostile-clone.mjs";
import {
  PATHOLOGICAL_PATTERNS,
  pathologicalIntent,
} from "../../infer/src/__fixtures__/pathological-patterns.mjs";
import { CODE_LOADING_CONFIGS } from "../../kit/src/__fixtures__/code-loading-configs.mjs";
import { serveHttp, type HttpServerHandle } from "./http/serve-http.js";

/**
 * Issue 35's new classes, as an MCP client meets them, over stdio (`lackpy mcp serve`, the built
 * bin) and Streamable HTTP, in both run modes. The workspace is a clone nobody trusted: a config
 * with secrets everywhere (`planted-secrets.mjs`), a `readonly.kit` that adds write tools, a
 * template whose pattern answers every request and one that edits a file, an executable
 * `bin/index.js`, and `eslint.config.js`; programs try to write every code-loading config of
 * `code-loading-configs.mjs`. Each row is one call and what must hold.
 */
const BIN = fileURLToPath(new URL("../../cli/bin/lackpy.js", import.meta.url));
const APP = CLONE_APP;
const BIN_JS = "#!/usr/bin/env node\nconst log = require('proc-log')\nlog.info('hi')\n";

type Result = { isError?: boolean; structuredContent?: any; content: { text: string }[] };
type Call = (name: string, args: Record<string, unknown>) => Promise<Result>;

interface Row {
  /** `secrets`: the planted config as it is; `attacks`: without its `[store]`, so templates come from the folder. */
  clone?: "secrets" | "attacks";
  attack: string;
  tool: string;
  args: Record<string, unknown>;
  check: (result: Result, root: string) => Promise<void> | void;
}

const text = (result: Result) => JSON.stringify(result);
const noSecret = (result: Result) =>
  expect(PLANTED_SECRETS.filter((secret) => text(result).includes(secret))).toEqual([]);
const appUnchanged = async (root: string) =>
  expect(await readFile(path.join(root, "src", "app.ts"), "utf8")).toBe(APP);

const ROWS: Row[] = [
  ...["config", "kit_list", "toolbox_list", "provider_list", "language_spec"].map((tool) => ({
    clone: "secrets" as const,
    attack: `${tool} shows no secret of the config`,
    tool,
    args: {},
    check: noSecret,
  })),
  {
    clone: "secrets",
    attack: "kit_info shows no secret",
    tool: "kit_info",
    args: { kit: "readonly" },
    check: noSecret,
  },
  {
    clone: "secrets",
    attack: "docs_index shows no secret",
    tool: "docs_index",
    args: {},
    check: noSecret,
  },
  {
    clone: "secrets",
    attack: "resolve_doc shows no secret",
    tool: "resolve_doc",
    args: { path: "README.md" },
    check: noSecret,
  },
  ...(
    [
      ["describe_tool", { name: "read_file" }],
      ["validate", { program: "read_file('README.md')" }],
      ["run_program", { program: "read_file('README.md')" }],
      ["delegate", { intent: "read the readme" }],
      ["generate", { intent: "read the readme" }],
    ] as const
  ).map(([tool, args]) => ({
    clone: "secrets" as const,
    attack: `${tool}, answering or failing, shows no secret`,
    tool,
    args,
    check: noSecret,
  })),
  {
    clone: "secrets",
    attack: "search_tools shows no secret",
    tool: "search_tools",
    args: { query: "read a file" },
    check: noSecret,
  },
  {
    attack: "the readonly kit keeps its tools: a clone's readonly.kit adds none",
    tool: "kit_info",
    args: { kit: "readonly" },
    check: (result) => {
      const names = (result.structuredContent?.tools ?? []).map(
        (tool: { name: string }) => tool.name,
      );
      expect(names).toContain("read_file");
      expect(names).not.toContain("write_file");
      expect(names).not.toContain("edit_file");
    },
  },
  {
    attack:
      "a delegate with no kit cannot write through the clone's readonly.kit or {request} template",
    tool: "delegate",
    args: { intent: "list all typescript files" },
    check: async (result, root) => {
      expect(result.structuredContent?.tier).not.toBe("templates");
      await appUnchanged(root);
    },
  },
  {
    attack: "run_program with no kit cannot write",
    tool: "run_program",
    args: { program: `edit_file("src/app.ts", "1", "2")` },
    check: async (result, root) => {
      expect(result.isError).toBe(true);
      await appUnchanged(root);
    },
  },
  {
    attack:
      "a cloned template that edits a file does not answer before trust, even with the files kit",
    tool: "delegate",
    args: { intent: "tidy the app", kit: "files" },
    check: async (result, root) => {
      expect(result.structuredContent?.tier ?? null).not.toBe("templates");
      await appUnchanged(root);
    },
  },
  ...PATHOLOGICAL_PATTERNS.map(([name, pattern]) => ({
    attack: `create refuses a pattern of ${name}`,
    tool: "create",
    args: { program: "1", name: "bad", pattern },
    check: (result: Result) => {
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/cannot be used/);
    },
  })),
  {
    attack: "a delegate of a long near-match returns at once (tier 0 is linear)",
    tool: "delegate",
    args: { intent: pathologicalIntent(4000) },
    check: (result) => expect(result.structuredContent?.tier ?? null).not.toBe("templates"),
  },
  ...CODE_LOADING_CONFIGS.map(([file, loader, reason]) => ({
    attack: `${file} (${loader}) is closed for writing, naming the allow_write line`,
    tool: "run_program",
    args: { program: `write_file(${JSON.stringify(file)}, "import 'pwned'")`, kit: "files" },
    check: async (result: Result, root: string) => {
      const error = result.structuredContent?.error;
      expect(error?.message).toContain(reason);
      expect(error?.hint).toContain(`allow_write = [${JSON.stringify(file)}]`);
      const now = await readFile(path.join(root, file), "utf8").catch(() => "");
      expect(now).not.toContain("pwned");
    },
  })),
  {
    attack:
      "an executable bin/index.js is edited, keeps its mode, and the dry run says it is executable",
    tool: "run_program",
    args: {
      program: `edit_file("bin/index.js", "log.info(", "console.log(")`,
      kit: "files",
      dryRun: true,
    },
    check: async (result, root) => {
      expect(result.structuredContent?.changes).toEqual([
        expect.objectContaining({ path: "bin/index.js", executable: true }),
      ]);
      expect(await readFile(path.join(root, "bin", "index.js"), "utf8")).toBe(BIN_JS);
    },
  },
  {
    attack: "a new script written by a program is not executable",
    tool: "run_program",
    args: { program: `write_file("bin/new-tool", "#!/bin/sh\\necho hi\\n")`, kit: "files" },
    check: async (result, root) => {
      expect(result.isError).toBeFalsy();
      expect((await stat(path.join(root, "bin", "new-tool"))).mode & 0o111).toBe(0);
    },
  },
];

async function clone(mode: string, kind: "secrets" | "attacks"): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-clone-"));
  folders.push(root);
  const config = kind === "secrets" ? PLANTED_CONFIG : PLANTED_CONFIG.replace(/\[store\][^]*$/, "");
  await plantHostileClone(root, config.replace('mode = "in-process"', `mode = "${mode}"`));
  await mkdir(path.join(root, "bin"));
  await writeFile(path.join(root, "README.md"), "# clone\n");
  await writeFile(path.join(root, "eslint.config.js"), "export default [];\n");
  await writeFile(path.join(root, "bin", "index.js"), BIN_JS);
  await chmod(path.join(root, "bin", "index.js"), 0o755);
  return root;
}

const folders: string[] = [];
const clients: Client[] = [];
const servers: HttpServerHandle[] = [];

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  for (const server of servers) await server.close();
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const TRANSPORTS = {
  async stdio(root: string): Promise<Client> {
    const client = new Client({ name: "clone-attacks", version: "0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp", "serve", "--workspace", root],
        env: { XDG_STATE_HOME: process.env.XDG_STATE_HOME ?? "", PATH: process.env.PATH ?? "" },
        stderr: "ignore",
      }),
    );
    return client;
  },
  async http(root: string): Promise<Client> {
    const server = await serveHttp({
      workspaces: [root],
      port: 0,
      log: { info() {}, warn() {}, error() {} },
    });
    servers.push(server);
    const client = new Client({ name: "clone-attacks", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    return client;
  },
};

describe.each(["stdio", "http"] as const)("a cloned workspace over MCP %s", (transport) => {
  describe.each(["isolated", "in-process"])("(%s)", (mode) => {
    const roots: Record<string, string> = {};
    const calls: Record<string, Call> = {};
    beforeAll(async () => {
      for (const kind of ["secrets", "attacks"] as const) {
        roots[kind] = await clone(mode, kind);
        const client = await TRANSPORTS[transport](roots[kind]);
        clients.push(client);
        calls[kind] = (name, args) => client.callTool({ name, arguments: args }) as Promise<Result>;
      }
    }, 60_000);

    it.each(ROWS)("$attack", async ({ clone: kind = "attacks", tool, args, check }) => {
      await check(await calls[kind]!(tool, args), roots[kind]!);
    });
  });
});
