import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { LackpyService } from "@lackpy/service";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

type Progress = { progress: number; total?: number; message?: string };
const folders: string[] = [];
const clients: Client[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A program of several seconds: six calls of a module tool that waits half a second, reading a file each. */
const SLOW_PROGRAM = `range(6).map(i => { read_file("notes.md"); return wait(500) })`;

/** A trusted workspace with the module tool `wait`, served over MCP in the given mode. */
async function connect(mode: "isolated" | "in-process") {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-progress-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await mkdir(path.join(root, "tools"));
  await writeFile(path.join(root, "notes.md"), "# notes\n");
  await writeFile(
    path.join(root, "tools/wait.mjs"),
    "export function wait(ms) { return new Promise((resolve) => setTimeout(() => resolve(ms), ms)); }\n",
  );
  await writeFile(
    path.join(root, ".lackpy/config.toml"),
    `[kit]\ndefault = "slow"\n\n[run]\nmode = "${mode}"\n\n[tools.wait]\nprovider = "module"\nmodule = "./tools/wait.mjs"\nargs = ["ms: number"]\n`,
  );
  await mkdir(path.join(root, ".lackpy/kits"));
  await writeFile(path.join(root, ".lackpy/kits/slow.kit"), "wait\nread_file\n");
  const service = await LackpyService.open({ workspace: root, trust: true });
  const server = createMcpServer(service);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "progress-test", version: "0" });
  await client.connect(clientTransport);
  clients.push(client);
  /** Calls a tool with a progressToken (the SDK adds one for `onprogress`); returns the result and what was heard. */
  const call = async (name: string, args: Record<string, unknown>) => {
    const heard: Progress[] = [];
    const result = (await client.callTool(
      { name, arguments: args },
      { onprogress: (progress: Progress) => heard.push(progress), resetTimeoutOnProgress: true },
    )) as { isError?: boolean; structuredContent?: any };
    return { result, heard };
  };
  return { service, call, client };
}

/** What every progress notification of a run promises: increasing, no total, the counts in words. */
function expectRunProgress(heard: Progress[]): void {
  expect(heard.length).toBeGreaterThanOrEqual(2);
  for (const [index, progress] of heard.entries()) {
    expect(progress.total).toBeUndefined();
    if (index > 0) expect(progress.progress).toBeGreaterThan(heard[index - 1].progress);
  }
  const counted = heard.filter((progress) => progress.message?.startsWith("running: "));
  expect(counted.length).toBeGreaterThan(0);
  expect(counted.at(-1)!.message).toMatch(
    /^running: ([1-9]|1[0-2]) tool calls?, 1 file read, \d+\.\d s$/,
  );
}

describe.each(["isolated", "in-process"] as const)("MCP progress notifications (%s)", (mode) => {
  it("run_program sends progress during a run of several seconds when the client passes a progressToken", async () => {
    const { call } = await connect(mode);
    const { result, heard } = await call("run_program", { program: SLOW_PROGRAM });
    expect(result.structuredContent).toMatchObject({ success: true });
    expect(result.structuredContent.stats.toolCalls).toBe(12);
    expectRunProgress(heard);
  });

  it("delegate sends progress through generation and the run", async () => {
    const { call, service } = await connect(mode);
    await service.create(SLOW_PROGRAM, { name: "wait_a_while", pattern: "wait a while" });
    const { result, heard } = await call("delegate", { intent: "wait a while" });
    expect(result.structuredContent).toMatchObject({ success: true, tier: "templates" });
    expect(heard[0].message).toMatch(/^generating with templates/);
    expectRunProgress(heard);
  });

  it("sends nothing to a client that passes no progressToken", async () => {
    const { client } = await connect(mode);
    const notified: string[] = [];
    client.fallbackNotificationHandler = async (notification) => {
      notified.push(notification.method);
    };
    const result = (await client.callTool({
      name: "run_program",
      arguments: { program: `[wait(600), wait(600)]` },
    })) as { structuredContent?: any };
    expect(result.structuredContent).toMatchObject({ success: true, output: [600, 600] });
    expect(notified).not.toContain("notifications/progress");
  });
});
