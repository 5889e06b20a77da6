import { once } from "node:events";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { call, connect, post, removeAll, run, start, stopAll } from "./__fixtures__/test-server.js";
import { TOOL_ROLES } from "./tool-roles.js";

afterEach(stopAll);
afterAll(removeAll);

const TOKENS = {
  read: "tok-role-read-0123456789",
  run: "tok-role-run-01234567890",
  write: "tok-role-write-012345678",
  create: "tok-role-create-01234567",
  admin: "tok-role-admin-012345678",
} as const;
/** The tokens file's entries: `write` names no role (the default). */
const ENTRIES = Object.entries(TOKENS).map(([role, token]) => ({
  token,
  workspaces: null,
  ...(role === "write" ? {} : { role: role as keyof typeof TOKENS }),
}));

/** Sends raw bytes and returns what the server answered (until it closes or `wait` resolves). */
async function raw(port: number, bytes: string, until: (text: string) => boolean = () => false) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.write(bytes);
  let text = "";
  socket.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    if (until(text)) socket.end();
  });
  await once(socket, "close");
  return text;
}

describe("serveHttp roles", () => {
  it("lets only an admin replace a kit or template others use; create makes new ones, write neither", async () => {
    const { server, folder } = await start({ tokens: ENTRIES });
    const url = `${server.url}/mcp`;
    const writer = await connect(url, TOKENS.write);
    const creator = await connect(url, TOKENS.create);
    const admin = await connect(url, TOKENS.admin);
    const hostile = { name: "readonly", tools: ["read_file", "write_file"], force: true };
    // The red team's move: redefine the kit another token's runs use.
    for (const client of [writer, creator]) {
      const refused = await call(client, "kit_create", hostile);
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent.error).toMatchObject({
        code: "forbidden",
        message: expect.stringContaining("kit_create with force needs 'admin'"),
      });
    }
    expect(existsSync(path.join(folder, ".lackpy", "kits", "readonly.kit"))).toBe(false);
    expect(
      (await call(writer, "kit_create", { name: "mine", tools: ["read_file"] })).structuredContent
        .error,
    ).toMatchObject({
      code: "forbidden",
      message: "This token's role is 'write'; kit_create needs 'create'.",
    });
    expect(
      (await call(creator, "kit_create", { name: "mine", tools: ["read_file"] })).isError,
    ).toBeFalsy();
    const template = {
      program: 'read_file(path).split("\\n").length',
      name: "lines",
      pattern: "count lines in {path}",
    };
    expect((await call(writer, "create", template)).structuredContent.error.code).toBe("forbidden");
    expect((await call(creator, "create", template)).isError).toBeFalsy();
    const replaced = { ...template, program: 'write_file(path, "pwned")', force: true };
    expect((await call(creator, "create", replaced)).structuredContent.error.code).toBe(
      "forbidden",
    );
    expect(
      (await call(admin, "create", { ...template, program: "len(read_file(path))", force: true }))
        .isError,
    ).toBeFalsy();
    expect((await call(admin, "kit_create", { ...hostile, name: "mine" })).isError).toBeFalsy();
  });

  it("runs a run token's programs as dry runs, refuses its apply, and keeps a read token to reading", async () => {
    const { server, folder } = await start({ tokens: ENTRIES });
    const url = `${server.url}/mcp`;
    const runner = await connect(url, TOKENS.run);
    const reader = await connect(url, TOKENS.read);
    const ran = await run(runner, 'write_file("planted.md", "x")', { kit: "files" });
    expect(ran.structuredContent).toMatchObject({
      success: true,
      dryRun: true,
      changeId: expect.any(String),
    });
    expect(await readdir(folder)).not.toContain("planted.md");
    const applied = await call(runner, "apply_changes", {
      changeId: ran.structuredContent.changeId,
    });
    expect(applied.structuredContent.error).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("apply_changes needs 'write'"),
    });
    expect((await run(reader, "1")).structuredContent.error.code).toBe("forbidden");
    expect((await call(reader, "kit_list")).isError).toBeFalsy();
  });

  it("names a role for every tool the server registers", async () => {
    const { server } = await start();
    const client = await connect(`${server.url}/mcp`);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(10);
    for (const tool of tools) expect(TOOL_ROLES, tool.name).toHaveProperty(tool.name);
  });
});

describe("serveHttp door", () => {
  it("keeps slow bodies out of the slots: other callers are served, the slow ones get 408", async () => {
    const { server } = await start({ maxConcurrent: 2, bodyTimeoutMs: 1500 });
    const slow = Array.from({ length: 6 }, () =>
      raw(
        server.port,
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
        (text) => text.includes("\r\n\r\n{"),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const client = await connect(`${server.url}/mcp`);
    expect((await run(client, "1 + 2")).structuredContent).toMatchObject({ output: 3 });
    for (const answer of await Promise.all(slow)) {
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain('"code":"body_timeout"');
    }
  });

  it("closes a connection whose headers do not arrive within the header deadline", async () => {
    const { server } = await start({ headerTimeoutMs: 300 });
    const answer = await raw(server.port, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it("refuses a JSON-RPC batch as one request, so a batch cannot run past the caller's rate", async () => {
    const token = TOKENS.write;
    const { server, folder, lines } = await start({ tokens: ENTRIES, ratePerMinute: 10 });
    const batch = Array.from({ length: 100 }, (_, index) => ({
      jsonrpc: "2.0",
      id: index,
      method: "tools/call",
      params: {
        name: "run_program",
        arguments: { program: `write_file("b${index}.md", "x")`, kit: "files" },
      },
    }));
    const refused = await post(`${server.url}/mcp`, JSON.stringify(batch), {
      authorization: `Bearer ${token}`,
      "mcp-protocol-version": "2025-06-18",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringContaining("batches are not accepted") },
    });
    expect((await readdir(folder)).filter((name) => /^b\d+\.md$/.test(name))).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: "request",
        rpc: "batch",
        batch: 100,
        outcome: "batch_refused",
      }),
    );
  });

  it("answers 400 to a malformed Host, and never 500", async () => {
    const { server, lines } = await start();
    for (const host of ["bad host", "[::1", "a/b", ""]) {
      const answer = await raw(
        server.port,
        `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, host).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(lines.map((line) => line.event)).not.toContain("internal_error");
  });

  it("shows no server path in any answer", async () => {
    const { server, folder } = await start({ tokens: ENTRIES });
    const admin = await connect(`${server.url}/mcp`, TOKENS.admin);
    const answers = [
      await call(admin, "kit_create", { name: "mine", tools: ["read_file"] }),
      await call(admin, "kit_create", { name: "mine", tools: ["read_file"] }),
      await call(admin, "create", { program: "1", name: "one", pattern: "say one" }),
      await call(admin, "resolve_doc", { path: "../../etc/passwd" }),
      await call(admin, "kit_info", { kit: "no-such-kit" }),
      await run(admin, 'read_file("missing.txt")', { kit: "files" }),
      await call(admin, "config"),
    ];
    expect(answers[0]!.structuredContent).toMatchObject({ path: ".lackpy/kits/mine.kit" });
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(folder);
  });
});
