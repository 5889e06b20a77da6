import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
let root: string;
let server: Server;
let client: Client;
let service: LackpyService;
let chats = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-ratchet-"));
  await cp(EXAMPLE, root, { recursive: true });
  // A loopback Ollama that writes the same program for every request.
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      if (request.url === "/api/tags") return response.end(JSON.stringify({ models: [] }));
      chats++;
      response.end(
        JSON.stringify({
          model: "stub",
          created_at: new Date().toISOString(),
          message: { role: "assistant", content: 'len(read_file("README.md").split("\\n"))' },
          done: true,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.providers.ollama = {
    plugin: "ollama",
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    model: "stub",
  };
  config.ratchet.auto = true;
  config.ratchet.minSuccesses = 2;
  service = new LackpyService({ workspace: root, config });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(service).connect(serverTransport);
  client = new Client({ name: "test", version: "0" });
  await client.connect(clientTransport);
});

afterAll(async () => {
  await client.close();
  await service.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

const call = async (intent: string) =>
  (await client.callTool({ name: "delegate", arguments: { intent } })) as {
    structuredContent: Record<string, unknown>;
    content: { type: string; text: string }[];
  };
const delegate = async (intent: string) => (await call(intent)).structuredContent;

describe("the MCP delegate tool", () => {
  it("says when a delegate promoted a template, and then answers from it", async () => {
    const first = await delegate("how many lines has the readme");
    expect(first).toMatchObject({ tier: "ollama", output: 4 });
    // A lean result leaves out what did not happen.
    expect(first).not.toHaveProperty("promoted");
    expect((await delegate("How many lines has the readme?")).promoted).toEqual({
      template: expect.stringMatching(/^auto-how-many-lines-has-the-readme-/),
      agreeingRuns: 2,
    });
    const third = await delegate("how many lines has the README.");
    expect(third).toMatchObject({ tier: "templates", output: 4 });
    expect(third).not.toHaveProperty("promoted");
    expect(chats).toBe(2);
  });

  it("says when a ratchet template that kept failing was demoted, in the result and its text", async () => {
    await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
    await writeFile(
      path.join(root, ".lackpy", "templates", "auto-backup.tmpl"),
      '---\nname: auto-backup\npattern: "open the backup of {file}"\norigin: ratchet\n---\nread_file(file + ".bak")\n',
    );
    const failures = DEFAULT_CONFIG.ratchet.demoteAfterFailures;
    for (let run = 1; run < failures; run++) {
      const failed = await delegate(`open the backup of file-${run}.md`);
      expect(failed).toMatchObject({ success: false, tier: "templates" });
      expect(failed).not.toHaveProperty("demoted");
    }
    const last = await call("open the backup of README.md");
    expect(last.structuredContent.demoted).toEqual({
      template: "auto-backup",
      reason: `it failed ${failures} times and succeeded 0 (demote_after_failures = ${failures}); last error: tool_error: Tool read_file failed: No file 'README.md.bak' in the workspace.`,
      successCount: 0,
      failCount: failures,
      path: expect.stringMatching(/auto-backup\.tmpl\.demoted-\d+$/),
      hint: "lackpy template restore auto-backup brings it back",
    });
    expect(last.content[0].text).toContain(
      `\ntemplate auto-backup demoted: it failed ${failures} times and succeeded 0`,
    );
    expect(last.content[0].text).toMatch(/\(lackpy template restore auto-backup brings it back\)$/);
  });
});
