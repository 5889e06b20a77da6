import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

type Result = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text: string }[];
};

const folders: string[] = [];
const clients: Client[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A server over a fresh workspace with `notes.md`, and a way to call its tools. */
async function connect(mode: "isolated" | "in-process") {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-changes-"));
  folders.push(root);
  await writeFile(path.join(root, "notes.md"), "# Notes\n- one\n");
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = mode;
  const server = createMcpServer(new LackpyService({ workspace: root, config }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "test", version: "0" });
  await client.connect(clientTransport);
  clients.push(client);
  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<Result>;
  return { root, call };
}

const notes = (root: string) => readFile(path.join(root, "notes.md"), "utf8");
const PROGRAM = 'edit_file("notes.md", "- one", "- one\\n- two")';

describe.each(["isolated", "in-process"] as const)("MCP dry run and apply_changes (%s)", (mode) => {
  it("returns the changes and a changeId, then applies exactly those, once", async () => {
    const { root, call } = await connect(mode);
    const dry = await call("run_program", { program: PROGRAM, kit: "files", dryRun: true });
    expect(dry.isError).toBeUndefined();
    const { changeId, changes } = dry.structuredContent;
    expect(changes).toEqual([
      {
        path: "notes.md",
        action: "modify",
        diff: "--- a/notes.md\n+++ b/notes.md\n@@ -1,2 +1,3 @@\n # Notes\n - one\n+- two\n",
      },
    ]);
    expect(dry.content[0].text).toContain(
      `dry run: nothing was written; 1 file would change (apply_changes with changeId "${changeId}" lands exactly these, within 15 minutes):\n  --- a/notes.md\n  +++ b/notes.md`,
    );
    expect(await notes(root)).toBe("# Notes\n- one\n");

    const applied = await call("apply_changes", { changeId });
    expect(applied.isError).toBeUndefined();
    expect(applied.structuredContent).toMatchObject({ changeId, filesModified: ["notes.md"] });
    expect(await notes(root)).toBe("# Notes\n- one\n- two\n");
    const again = await call("apply_changes", { changeId });
    expect(again).toMatchObject({
      isError: true,
      structuredContent: { error: { code: "change_applied" } },
    });

    const undone = await call("undo", {});
    expect(undone.content[0].text).toBe(
      `undid run ${applied.structuredContent.runId}:\n  restored notes.md`,
    );
    expect(await notes(root)).toBe("# Notes\n- one\n");
  });

  it("refuses a stale change with stale_change naming the file", async () => {
    const { root, call } = await connect(mode);
    const dry = await call("run_program", { program: PROGRAM, kit: "files", dryRun: true });
    await writeFile(path.join(root, "notes.md"), "# Notes, rewritten\n");
    const refused = await call("apply_changes", { changeId: dry.structuredContent.changeId });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({
      code: "stale_change",
      file: "notes.md",
    });
    expect(refused.content[0].text).toContain("error[stale_change]: 'notes.md' was changed since");
    expect(await notes(root)).toBe("# Notes, rewritten\n");
  });

  it("gives delegate the same dryRun, and undo refuses a file changed since unless forced", async () => {
    const { root, call } = await connect(mode);
    const dry = await call("delegate", { intent: "read the readme", kit: "files", dryRun: true });
    expect(dry.structuredContent).toMatchObject({ dryRun: true, changes: [] });
    expect(dry.structuredContent).not.toHaveProperty("applied");
    const ran = await call("run_program", { program: PROGRAM, kit: "files" });
    const { runId } = ran.structuredContent;
    expect(ran.content[0].text).toContain(
      `changes landed (undo with runId "${runId}" restores them)`,
    );
    await writeFile(path.join(root, "notes.md"), "mine\n");
    const refused = await call("undo", { runId });
    expect(refused.structuredContent.error).toMatchObject({
      code: "undo_conflict",
      file: "notes.md",
    });
    expect((await call("undo", { runId, force: true })).isError).toBeUndefined();
    expect(await notes(root)).toBe("# Notes\n- one\n");
    await expect(stat(path.join(root, ".lackpy/runs", runId))).rejects.toThrow();
  });
});
