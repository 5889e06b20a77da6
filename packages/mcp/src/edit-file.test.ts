import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

type Result = { isError?: boolean; structuredContent?: any; content: { text: string }[] };

const NOTES = "# Notes\n- item\n- item\n- other\n";
const folders: string[] = [];
const clients: Client[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A server over a workspace with `notes.md`, and a way to run a program over a fresh copy of it. */
async function connect(mode: "isolated" | "in-process") {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-edit-"));
  folders.push(root);
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = mode;
  const server = createMcpServer(new LackpyService({ workspace: root, config }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "test", version: "0" });
  await client.connect(clientTransport);
  clients.push(client);
  return async (program: string) => {
    await writeFile(path.join(root, "notes.md"), NOTES);
    const result = (await client.callTool({
      name: "run_program",
      arguments: { program, kit: "files" },
    })) as Result;
    return { result, notes: await readFile(path.join(root, "notes.md"), "utf8") };
  };
}

describe.each(["isolated", "in-process"] as const)("MCP run_program: edit_file (%s)", (mode) => {
  it("fails with edit_not_found or edit_ambiguous, the file unchanged, and replaces all when asked", async () => {
    const run = await connect(mode);
    const missing = await run(`edit_file("notes.md", "- absent", "x")`);
    expect(missing.result.isError).toBe(true);
    expect(missing.result.structuredContent.error).toMatchObject({
      code: "tool_error",
      toolCode: "edit_not_found",
      line: 1,
      column: 1,
    });
    expect(missing.notes).toBe(NOTES);

    const twice = await run(`const old = "- item"\nedit_file("notes.md", old, "- done")`);
    expect(twice.result.content[0].text).toContain(
      `error[tool_error/edit_ambiguous] at 2:1: Tool edit_file failed: "- item" occurs 2 times in 'notes.md' (line 2: "- item", line 3: "- item"); the file is unchanged.\nhint: add the text around it to old so that it occurs once, or pass { all: true } to replace all 2`,
    );
    expect(twice.notes).toBe(NOTES);

    const all = await run(`edit_file("notes.md", "- item", "- done", { all: true })`);
    expect(all.result.structuredContent).toMatchObject({ success: true, output: 2 });
    expect(all.notes).toBe("# Notes\n- done\n- done\n- other\n");
  });
});
