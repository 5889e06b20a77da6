import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { LackpyService } from "@lackpy/service";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

/**
 * What a hostile (or careless) MCP client sends: arguments no tool has, misspelt ones that would
 * change what a call does (`dryrun` for `dryRun`: a run that writes instead of a dry run), limits
 * that do not exist. Each must be refused before anything runs, never ignored; the controls are
 * the same calls spelt right.
 */
const BOGUS_ARGUMENTS: [string, string, Record<string, unknown>][] = [
  [
    "a misspelt dryRun (the run would write)",
    "run_program",
    { program: `write_file("x.txt", "x")`, kit: "files", dryrun: true },
  ],
  [
    "a misspelt dryRun on delegate",
    "delegate",
    { intent: "write x to x.txt", kit: "files", dry_run: true },
  ],
  ["an unknown limit", "run_program", { program: "1", limits: { memoryLimit: 99_999 } }],
  ["a misspelt limit", "run_program", { program: "1", limits: { timeoutMS: 1 } }],
  ["a limit of another layer", "run_program", { program: "1", limits: { maxReadBytes: 1 } }],
  ["an unknown argument", "run_program", { program: "1", sandbox: false }],
  ["an argument of another tool", "apply_changes", { changeId: "0", force: true }],
  ["a misspelt force on undo", "undo", { Force: true }],
  ["an argument to a tool that takes none", "config", { path: "/etc/passwd" }],
  ["an unknown option of create", "create", { program: "1", name: "t", overwrite: true }],
];

let root: string;
let client: Client;
let service: LackpyService;

type Result = { isError?: boolean; structuredContent?: any; content: { text: string }[] };
const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<Result>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-hostile-"));
  await writeFile(path.join(root, "README.md"), "# hostile\n");
  service = await LackpyService.open({ workspace: root });
  const server = createMcpServer(service);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  client = new Client({ name: "hostile-test", version: "0" });
  await client.connect(clientTransport);
});

afterAll(async () => {
  await client?.close();
  await service?.close();
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

describe("a hostile MCP client's arguments", () => {
  it.each(BOGUS_ARGUMENTS)("refuses %s before anything runs", async (_name, tool, args) => {
    const result = await call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^Input validation error: Invalid arguments for tool /);
    expect(result.content[0].text).toMatch(/[Uu]nrecognized key|unknown limit/);
    expect((await readdir(root)).sort()).toEqual(["README.md"]);
  });

  it("runs the same calls spelt right (control): a dry run writes nothing, limits apply", async () => {
    const dry = await call("run_program", {
      program: `write_file("x.txt", "x")`,
      kit: "files",
      dryRun: true,
    });
    expect(dry.isError).toBeFalsy();
    expect(dry.structuredContent).toMatchObject({
      dryRun: true,
      changes: [expect.objectContaining({ path: "x.txt" })],
    });
    expect(dry.structuredContent.applied).toBeFalsy();
    // No file changes; the dry run's changes wait in the store for apply_changes.
    expect((await readdir(root)).sort()).toEqual([".lackpy", "README.md"]);
    expect(await readdir(path.join(root, ".lackpy"))).toEqual(["pending"]);
    const limited = await call("run_program", {
      program: "1 + 1",
      limits: { timeoutMs: 2000, memoryMb: 64, maxSize: 1000 },
    });
    expect(limited.structuredContent).toMatchObject({ success: true, output: 2 });
    const listed = await call("config", {});
    expect(listed.isError).toBeFalsy();
  });
});
