/**
 * Every MCP tool's errors keep their code and hint over both transports of the built bin. The
 * bin bundles the service while `@lackpy/mcp` loads its own copy of the packages (decision 57):
 * an error recognised by `instanceof` arrived over HTTP as `internal_error` (decision 94). Needs
 * `pnpm build` (the bin and `@lackpy/mcp`'s dist).
 */
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killServers, startServer } from "./__fixtures__/server-process.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const TOKEN = "t".repeat(43);

/** One error path of a tool: the arguments, and the code they must come back with. */
interface ErrorCase {
  tool: string;
  arguments: Record<string, unknown>;
  code: string;
}

const CASES: readonly ErrorCase[] = [
  { tool: "delegate", arguments: { intent: "   " }, code: "empty_intent" },
  { tool: "generate", arguments: { intent: "" }, code: "empty_intent" },
  { tool: "run_program", arguments: { program: "1", kit: "no_such_kit" }, code: "unknown_kit" },
  { tool: "validate", arguments: { program: "1", kit: "no_such_kit" }, code: "unknown_kit" },
  { tool: "create", arguments: { program: "1", name: "Bad Name!" }, code: "invalid_name" },
  { tool: "apply_changes", arguments: { changeId: "0123456789ab" }, code: "unknown_change" },
  { tool: "undo", arguments: { runId: "20200101-000000-abcd" }, code: "unknown_run" },
  { tool: "search_tools", arguments: { query: "x", kit: "no_such_kit" }, code: "unknown_kit" },
  { tool: "describe_tool", arguments: { name: "no_such_tool" }, code: "unknown_tool" },
  { tool: "kit_info", arguments: { kit: "no_such_kit" }, code: "unknown_kit" },
  {
    tool: "kit_create",
    arguments: { name: "Bad Name!", tools: ["read_file"] },
    code: "invalid_name",
  },
  { tool: "docs_index", arguments: { kit: "no_such_kit" }, code: "unknown_kit" },
  { tool: "resolve_doc", arguments: { path: "../../etc/passwd" }, code: "path_outside_root" },
];

/** Tools that take no arguments: nothing a caller sends makes them fail in a trusted workspace. */
const NO_ARGUMENTS = ["kit_list", "toolbox_list", "config", "provider_list", "language_spec"];

type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: { error?: { code: string; message: string; hint?: string; file?: string } };
};

const folders: string[] = [];
afterAll(async () => {
  killServers();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function workspace(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-errors-"));
  folders.push(folder);
  await cp(EXAMPLE, folder, { recursive: true });
  return folder;
}

async function stdioClient(root: string): Promise<Client> {
  const client = new Client({ name: "errors", version: "0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "serve", "--workspace", root],
      stderr: "ignore",
    }),
  );
  return client;
}

async function httpClient(root: string): Promise<Client> {
  const server = startServer(
    process.execPath,
    [BIN, "mcp", "serve", "--http", "--port", "0", "--workspace", root],
    { LACKPY_MCP_TOKENS: `${TOKEN}:role=admin` },
  );
  const url = await server.url;
  const client = new Client({ name: "errors", version: "0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    }),
  );
  return client;
}

const transports = { stdio: stdioClient, http: httpClient };

describe.each(Object.entries(transports))("the built bin's MCP tools over %s", (_, connect) => {
  let client: Client;
  let root: string;
  beforeAll(async () => {
    root = await workspace();
    client = await connect(root);
  }, 60_000);
  afterAll(() => client?.close());

  it("has an error case for every tool that takes arguments", async () => {
    const { tools } = await client.listTools();
    const covered = new Set([...CASES.map((entry) => entry.tool), ...NO_ARGUMENTS]);
    expect(tools.map((tool) => tool.name).filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(CASES)("$tool answers $code with its message and hint", async (entry) => {
    const answer = (await client.callTool({
      name: entry.tool,
      arguments: entry.arguments,
    })) as ToolAnswer;
    expect(answer.isError).toBe(true);
    const error = answer.structuredContent?.error;
    expect(error?.code).toBe(entry.code);
    expect(error?.hint).toEqual(expect.any(String));
    expect(answer.content[0]!.text).toBe(
      `error[${entry.code}]: ${error!.message}\nhint: ${error!.hint}`,
    );
  });

  it("apply_changes answers stale_change naming the file that changed after the dry run", async () => {
    await writeFile(path.join(root, "notes.txt"), "one\n");
    const dry = (await client.callTool({
      name: "run_program",
      arguments: { program: 'write_file("notes.txt", "two\\n")', kit: "files", dryRun: true },
    })) as ToolAnswer & { structuredContent: { changeId?: string } };
    expect(dry.structuredContent.changeId).toEqual(expect.any(String));
    await writeFile(path.join(root, "notes.txt"), "changed by hand\n");
    const applied = (await client.callTool({
      name: "apply_changes",
      arguments: { changeId: dry.structuredContent.changeId },
    })) as ToolAnswer;
    expect(applied.structuredContent?.error).toMatchObject({
      code: "stale_change",
      file: "notes.txt",
      hint: expect.stringContaining("make the dry run again"),
    });
  });
});

describe("lackpy mcp serve --http, the built bin", () => {
  it("exits 2 off loopback without tokens, naming the token option", async () => {
    const server = startServer(
      process.execPath,
      [BIN, "mcp", "serve", "--http", "--host", "0.0.0.0", "--port", "0", "--workspace", EXAMPLE],
      { LACKPY_MCP_TOKENS: "" },
    );
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toContain("[auth_required]");
    expect(server.stderr()).toContain("--tokens-file");
    expect(server.stderr()).not.toContain("internal error");
  });
});
