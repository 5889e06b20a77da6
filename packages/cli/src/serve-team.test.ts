import { cp, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";
import { killServers, startServer } from "./__fixtures__/server-process.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const folders: string[] = [];
afterAll(async () => {
  killServers();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function workspace(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-team-"));
  folders.push(folder);
  await cp(EXAMPLE, folder, { recursive: true });
  return folder;
}

async function lackpy(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  const io = memoryIo({ cwd: options.cwd, env: { ...options.env } });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

/** Starts `lackpy mcp serve --http` in a child process. */
const serve = (args: string[], env: Record<string, string> = {}) =>
  startServer(process.execPath, [BIN, "mcp", "serve", "--http", "--port", "0", ...args], env);

describe("lackpy mcp serve --http", () => {
  it("refuses to listen off loopback without a token: exit 2 and the fix", async () => {
    const cwd = await workspace();
    const { code, err } = await lackpy(
      ["mcp", "serve", "--http", "--host", "0.0.0.0", "--port", "0"],
      {
        cwd,
      },
    );
    expect(code).toBe(2);
    expect(err).toContain("will not listen on 0.0.0.0 without authentication");
    expect(err).toContain("[auth_required]");
    expect(err).toContain("hint: give tokens with --tokens-file FILE or LACKPY_MCP_TOKENS");
  });

  it("refuses HTTP flags without --http", async () => {
    const cwd = await workspace();
    const { code, err } = await lackpy(["mcp", "serve", "--port", "9"], { cwd });
    expect(code).toBe(2);
    expect(err).toContain("--port is a flag of the HTTP server");
  });

  it("makes a token into a private tokens file that the server then accepts; SIGTERM lets a run in flight finish and exits 0", async () => {
    const cwd = await workspace();
    const made = await lackpy(["mcp", "token", "--tokens-file", "tokens", "--json"], { cwd });
    expect(made.code).toBe(0);
    const { token, file, id, line } = JSON.parse(made.out) as Record<string, string>;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).toMatch(/^tok_[0-9a-f]{16}$/);
    expect((await stat(file!)).mode & 0o777).toBe(0o600);
    // The file keeps the token's digest and role, never the token.
    expect(line).toMatch(/^sha256:[0-9a-f]{64} role=write$/);
    expect(await readFile(file!, "utf8")).toBe(`${line}\n`);
    expect(await readFile(file!, "utf8")).not.toContain(token);
    const server = serve(["--workspace", cwd, "--tokens-file", file!, "--drain-ms", "30000"]);
    const url = await server.url;
    const refused = await fetch(url, { method: "POST", body: "{}" });
    expect(refused.status).toBe(401);
    const client = new Client({ name: "test", version: "0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const slow = client.callTool({
      name: "run_program",
      arguments: {
        program: "let n = 0\nfor (const i of range(400000)) n += 1\nn",
        limits: { timeoutMs: 60_000, maxSteps: 5_000_000 },
      },
    }) as Promise<{ structuredContent?: { success: boolean; output: unknown } }>;
    let settled = false;
    const done = () => (settled = true);
    void slow.then(done, done);
    // Once the server is serving it, SIGTERM drains. (On a loaded machine the
    // poll stops if the run has already answered, rather than wait forever.)
    const health = url.replace(/\/mcp$/, "/healthz");
    while (
      !settled &&
      ((await (await fetch(health)).json()) as { inFlight: number }).inFlight === 0
    )
      await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill("SIGTERM");
    expect((await slow).structuredContent).toMatchObject({ success: true, output: 400000 });
    expect(await server.exited).toBe(0);
    const events = server
      .stderr()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { event: string });
    expect(events.map((line) => line.event)).toEqual(
      expect.arrayContaining(["listening", "signal", "draining", "stopped"]),
    );
    expect(server.stderr()).not.toContain(token);
    await client.close().catch(() => undefined);
  }, 60_000);
});

describe("lackpy store", () => {
  it("exports a workspace's templates and imports them into another, skipping names it has", async () => {
    const from = await workspace();
    const to = await workspace();
    await writeFile(path.join(from, "hello.js"), '"hello " + who');
    expect(
      (
        await lackpy(["create", "hello.js", "--name", "hello", "--pattern", "say hello to {who}"], {
          cwd: from,
        })
      ).code,
    ).toBe(0);
    const exported = await lackpy(["store", "export", "--out", "export.json"], { cwd: from });
    expect(exported.code).toBe(0);
    expect(exported.err).toContain("exported 1 template");
    const file = path.join(from, "export.json");
    const first = await lackpy(["store", "import", file, "--json"], { cwd: to });
    expect(JSON.parse(first.out)).toEqual({ imported: ["hello"], replaced: [], skipped: [] });
    const again = await lackpy(["store", "import", file], { cwd: to });
    expect(again.out).toContain("imported 0, replaced 0, skipped 1");
    const served = await lackpy(["delegate", "say hello to Ada", "--json"], { cwd: to });
    expect(JSON.parse(served.out)).toMatchObject({ tier: "templates", output: "hello Ada" });
  });

  it("says there is nothing to migrate for a workspace's files", async () => {
    const cwd = await workspace();
    const { code, err } = await lackpy(["store", "migrate"], { cwd });
    expect(code).toBe(2);
    expect(err).toContain("keeps its templates in its files");
  });

  it("refuses a file that is not an export", async () => {
    const cwd = await workspace();
    await writeFile(path.join(cwd, "x.json"), '{"templates": []}');
    const { code, err } = await lackpy(["store", "import", "x.json"], { cwd });
    expect(code).toBe(2);
    expect(err).toContain("[invalid_store_export]");
  });
});
