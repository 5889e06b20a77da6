import { readdir } from "node:fs/promises";
import type { Client } from "@modelcontextprotocol/client";
import { LackpyService, PostgresWorkspaceStore } from "@lackpy/service";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  EXAMPLE,
  connect,
  folders,
  inFlight,
  post,
  removeAll,
  run,
  start,
  stopAll,
  type Result,
} from "./__fixtures__/test-server.js";
import { serveHttp } from "./serve-http.js";

const TOKEN = "tok-0123456789abcdef-ALPHA";
const OTHER = "tok-0123456789abcdef-BRAVO";

afterEach(stopAll);
afterAll(removeAll);

describe("serveHttp", () => {
  it.each(["in-process", "isolated"] as const)(
    "serves the MCP tools over Streamable HTTP on loopback without a token (%s)",
    async (mode) => {
      const { server } = await start({ mode });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = await connect(`${server.url}/mcp`);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("delegate");
      expect((await run(client, "1 + 2")).structuredContent).toMatchObject({
        success: true,
        output: 3,
      });
      const named = await connect(`${server.url}/mcp/${server.workspaces[0]}`);
      expect((await run(named, '"ok"')).structuredContent).toMatchObject({ output: "ok" });
    },
  );

  it("refuses to start off loopback without a token, naming the fix", async () => {
    await expect(
      serveHttp({ workspaces: [EXAMPLE], host: "0.0.0.0", port: 0 }),
    ).rejects.toMatchObject({
      code: "auth_required",
      message: expect.stringContaining("0.0.0.0 without authentication"),
      hint: expect.stringContaining("--tokens-file"),
    });
  });

  it("refuses requests without a valid bearer token when it has tokens, and serves those with one", async () => {
    const { server, lines } = await start({ tokens: [{ token: TOKEN, workspaces: null }] });
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "x", version: "0" },
      },
    });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${OTHER}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
    ]) {
      const refused = await post(`${server.url}/mcp`, initialize, headers);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="lackpy"');
      expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });
    }
    await expect(connect(`${server.url}/mcp`)).rejects.toThrow();
    const client = await connect(`${server.url}/mcp`, TOKEN);
    expect((await run(client, "40 + 2")).structuredContent).toMatchObject({ output: 42 });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(OTHER);
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: "request",
        status: 200,
        token: expect.stringMatching(/^tok_[0-9a-f]{16}$/),
        tool: "run_program",
      }),
    );
  });

  it("limits a token to the workspaces it names", async () => {
    const { server } = await start({
      tokens: [
        { token: TOKEN, workspaces: ["another-project"] },
        { token: OTHER, workspaces: null },
      ],
    });
    const name = server.workspaces[0]!;
    const refused = await post(`${server.url}/mcp/${name}`, "{}", {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: "forbidden_workspace", hint: "it may use: another-project" },
    });
    const unknown = await post(`${server.url}/mcp/another-project`, "{}", {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(unknown.status).toBe(404);
    // An error never names a workspace the token may not use (issue 35).
    const body = await unknown.text();
    expect(body).not.toContain(name);
    expect(JSON.parse(body)).toMatchObject({
      error: { code: "unknown_workspace", hint: "no workspace served here is open to this token" },
    });
    const open = await post(`${server.url}/mcp/nope`, "{}", { authorization: `Bearer ${OTHER}` });
    expect(await open.json()).toMatchObject({
      error: { code: "unknown_workspace", hint: `served to this token: ${name}` },
    });
    const client = await connect(`${server.url}/mcp/${name}`, OTHER);
    expect((await run(client, "1")).structuredContent).toMatchObject({ output: 1 });
  });

  it("lets each token apply only its own dry runs and undo only its own runs", async () => {
    const { server } = await start({
      tokens: [
        { token: TOKEN, workspaces: null },
        { token: OTHER, workspaces: null },
      ],
    });
    const alice = await connect(`${server.url}/mcp`, TOKEN);
    const bob = await connect(`${server.url}/mcp`, OTHER);
    const call = (client: Client, name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<Result>;
    const write = `write_file("notes-alice.md", "alice")`;
    const dry = await run(alice, write, { kit: "files", dryRun: true });
    const { changeId } = dry.structuredContent;
    expect(changeId).toEqual(expect.any(String));
    // Another token's changeId is unknown to bob, and stays usable by alice.
    const stolen = await call(bob, "apply_changes", { changeId });
    expect(stolen.isError).toBe(true);
    expect(stolen.structuredContent.error).toMatchObject({ code: "unknown_change" });
    const applied = await call(alice, "apply_changes", { changeId });
    expect(applied.isError).toBeFalsy();
    const { runId } = applied.structuredContent;
    // Bob's undo takes back none of alice's runs: not the last one, not one named.
    for (const args of [{}, { runId }]) {
      const refused = await call(bob, "undo", args);
      expect(refused.structuredContent.error).toMatchObject({ code: "unknown_run" });
    }
    const ran = await run(bob, `write_file("notes-bob.md", "bob")`, { kit: "files" });
    expect(ran.structuredContent.runId).toEqual(expect.any(String));
    // Alice's undo without a runId takes back her own last run, not bob's newer one.
    const undone = await call(alice, "undo", {});
    expect(undone.structuredContent).toMatchObject({ runId });
    const files = await readdir(folders.at(-1)!);
    expect(files).toContain("notes-bob.md");
    expect(files).not.toContain("notes-alice.md");
  });

  it("answers 413 to a body over the limit, declared or streamed", async () => {
    const { server } = await start({ maxBodyBytes: 4096 });
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { pad: "x".repeat(5000) },
    });
    const declared = await post(`${server.url}/mcp`, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: { code: "too_large" } });
    const streamed = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const client = await connect(`${server.url}/mcp`);
    expect((await run(client, "1")).structuredContent).toMatchObject({ output: 1 });
  });

  it("answers 429 with Retry-After once a token used its rate, and keeps other tokens' apart", async () => {
    const { server } = await start({
      ratePerMinute: 60,
      tokens: [
        { token: TOKEN, workspaces: null },
        { token: OTHER, workspaces: null },
      ],
    });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let index = 0; index < 12; index++) {
      const response = await post(`${server.url}/mcp`, "{}", { authorization: `Bearer ${TOKEN}` });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get("retry-after");
      await response.body?.cancel();
    }
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    const other = await post(`${server.url}/mcp`, "{}", { authorization: `Bearer ${OTHER}` });
    expect(other.status).not.toBe(429);
  });

  it("refuses a request from a page on another origin, and a Host that is not loopback (DNS rebinding)", async () => {
    const { server } = await start();
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect((await post(`${server.url}/mcp`, body, { origin: "https://evil.example" })).status).toBe(
      403,
    );
    const rebound = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const call = request(
          `${server.url}/mcp`,
          { method: "POST", headers: { host: "evil.example", "content-type": "application/json" } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        call.on("error", reject);
        call.end(body);
      }, reject);
    });
    expect(rebound).toBeGreaterThanOrEqual(400);
  });

  it("reports liveness, and readiness from the stores", async () => {
    const { server } = await start();
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({
      status: "ok",
      inFlight: 0,
    });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      stores: [{ backend: "files", ready: true }],
    });
    const down = await start({
      openService: async (workspace) =>
        new LackpyService({
          workspace,
          store: new PostgresWorkspaceStore({
            url: "postgres://lackpy:hunter2-secret@127.0.0.1:1/none",
            workspace: "down",
          }),
        }),
    });
    const notReady = await fetch(`${down.server.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({
      status: "not_ready",
      stores: [{ workspace: "down", backend: "postgres", ready: false }],
    });
    expect(await (await fetch(`${down.server.url}/healthz`)).json()).toMatchObject({
      status: "ok",
    });
    expect(JSON.stringify(down.lines)).not.toContain("hunter2-secret");
  });

  it("on close, lets a run in flight finish and refuses new requests", async () => {
    const { server } = await start({ mode: "isolated" });
    const client = await connect(`${server.url}/mcp`);
    const slow = run(client, "let n = 0\nfor (const i of range(300000)) n += 1\nn", {
      limits: { maxSteps: 5_000_000, timeoutMs: 60_000 },
    });
    await inFlight(server);
    const closing = server.close();
    expect((await slow).structuredContent).toMatchObject({ success: true, output: 300000 });
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it("on close, cancels a run that outlasts the drain bound", async () => {
    const { server, lines } = await start({ drainMs: 100, mode: "isolated" });
    const client = await connect(`${server.url}/mcp`);
    const endless = run(client, "let n = 0\nfor (const i of range(1000000000)) n += 1\nn", {
      limits: { maxSteps: 1_000_000_000, timeoutMs: 60_000 },
    }).catch((error: unknown) => error);
    await inFlight(server);
    await server.close();
    // The client never sees a success.
    const outcome = await Promise.race([
      endless,
      new Promise((resolve) => setTimeout(() => resolve("pending"), 500)),
    ]);
    expect((outcome as Result).structuredContent?.success).not.toBe(true);
    expect(lines.map((line) => line.event)).toEqual(
      expect.arrayContaining(["draining", "cancelling", "stopped"]),
    );
  });

  it("logs no secret param, token or body", async () => {
    const { server, lines } = await start({ tokens: [{ token: TOKEN, workspaces: null }] });
    const client = await connect(`${server.url}/mcp`, TOKEN);
    await run(client, "len(key)", {
      params: { key: { value: "s3cr3t-param-value", secret: true } },
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain("s3cr3t-param-value");
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("len(key)");
  });
});
