/**
 * The team server as an operator runs it, through the built bin: configured by variables alone,
 * through the container image's entrypoint (run directly: no Docker engine needed), tokens
 * revoked by a SIGHUP, and spans exported to an OTLP collector (a loopback stub).
 */
import { once } from "node:events";
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";
import { SERVE_VARIABLES } from "./commands/serve-environment.js";
import { killServers, startServer } from "./__fixtures__/server-process.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const EXAMPLE = path.join(ROOT, "examples/workspace");
const BIN = path.join(ROOT, "packages/cli/bin/lackpy.js");
const ENTRYPOINT = path.join(ROOT, "docker/entrypoint.sh");
const folders: string[] = [];
afterAll(async () => {
  killServers();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function temporary(prefix: string, from?: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  if (from) await cp(from, folder, { recursive: true });
  return folder;
}

async function lackpy(args: string[], cwd: string) {
  const io = memoryIo({ cwd, env: {} });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

async function client(url: string, token: string, headers: Record<string, string> = {}) {
  const connected = new Client({ name: "ops-test", version: "0" });
  await connected.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}`, ...headers } },
    }),
  );
  return connected;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("the team server, as operators run it", () => {
  it("runs from variables alone through the image's entrypoint, and revokes a token on SIGHUP", async () => {
    const workspace = await temporary("lackpy-ops-ws-", EXAMPLE);
    const secrets = await temporary("lackpy-ops-secrets-");
    const file = path.join(secrets, "tokens");
    const made = async (role: string) =>
      JSON.parse(
        (await lackpy(["mcp", "token", "--tokens-file", file, "--role", role, "--json"], secrets))
          .out,
      ) as {
        token: string;
        id: string;
      };
    const [alice, bob] = [await made("write"), await made("read")];
    // The image puts lackpy on PATH; here a shim stands in for the installed bin.
    const bin = await temporary("lackpy-ops-bin-");
    await writeFile(
      path.join(bin, "lackpy"),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
    );
    await chmod(path.join(bin, "lackpy"), 0o755);
    const env = {
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      LACKPY_MCP_PORT: "0",
      LACKPY_MCP_WORKSPACE: workspace,
      LACKPY_MCP_TOKENS_FILE: file,
      LACKPY_MCP_READY_GRACE_MS: "0",
    };
    const server = startServer("sh", [ENTRYPOINT], env);
    const url = await server.url;
    // The image's defaults: HTTP on every address, which needs the tokens it was given.
    expect(server.events()).toContainEqual(
      expect.objectContaining({
        event: "listening",
        url: expect.stringMatching(/^http:\/\/0\.0\.0\.0:/),
        auth: true,
      }),
    );
    expect((await fetch(url.replace(/\/mcp$/, "/readyz"))).status).toBe(200);
    const asBob = await client(url, bob.token);
    expect((await asBob.listTools()).tools.length).toBeGreaterThan(0);
    const revoked = await lackpy(
      ["mcp", "token", "--revoke", bob.id, "--tokens-file", file],
      secrets,
    );
    expect(revoked.err).toContain(`revoked ${bob.id} (1 line of`);
    expect(await readFile(file, "utf8")).not.toContain(bob.id.slice(4));
    server.child.kill("SIGHUP");
    await until(() => server.events().some((line) => line.event === "tokens_reloaded"));
    const refused = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${bob.token}` },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    const asAlice = await client(url, alice.token);
    expect((await asAlice.listTools()).tools.length).toBeGreaterThan(0);
    await Promise.all([asBob.close(), asAlice.close()]).catch(() => undefined);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.stderr()).not.toContain(alice.token);
    // Another first argument runs that command instead of the server.
    const passed = startServer("sh", [ENTRYPOINT, "mcp", "token", "--json"], env);
    let out = "";
    passed.child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    expect(await passed.exited).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ role: "write", file: null });
  }, 90_000);

  it("exports a span per request with its request id to the OTLP endpoint the environment names", async () => {
    const workspace = await temporary("lackpy-ops-otel-", EXAMPLE);
    const bodies: string[] = [];
    const collector = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        if (request.url === "/v1/traces") bodies.push(body);
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    collector.listen(0, "127.0.0.1");
    await once(collector, "listening");
    const { port } = collector.address() as { port: number };
    const token = "tok-otel-0123456789abcdef";
    const server = startServer(
      process.execPath,
      [BIN, "mcp", "serve", "--http", "--port", "0", "--workspace", workspace],
      {
        LACKPY_MCP_TOKENS: token,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_SERVICE_NAME: "lackpy-ops-test",
      },
    );
    const url = await server.url;
    expect(server.stderr()).toContain(`traces to http://127.0.0.1:${port}/v1/traces`);
    const connected = await client(url, token, { "x-request-id": "otel-req-7" });
    await connected.callTool({ name: "run_program", arguments: { program: "1 + 1" } });
    await connected.close().catch(() => undefined);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    collector.close();
    const spans = bodies.flatMap((body) =>
      (
        JSON.parse(body) as {
          resourceSpans: { resource: unknown; scopeSpans: { spans: Span[] }[] }[];
        }
      ).resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) =>
          scope.spans.map((span) => ({ ...span, resource: resource.resource })),
        ),
      ),
    );
    const request = spans.find((span) => span.name === "tools/call run_program");
    expect(request?.attributes).toContainEqual({
      key: "lackpy.request_id",
      value: { stringValue: "otel-req-7" },
    });
    expect(JSON.stringify(request?.resource)).toContain("lackpy-ops-test");
    // The service's run span is a child in the same trace.
    const ran = spans.find((span) => span.name === "lackpy.run");
    expect(ran).toMatchObject({ traceId: request!.traceId, parentSpanId: request!.spanId });
  }, 90_000);
});

interface Span {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: unknown }[];
}

describe("the container files", () => {
  it("use only variables the README documents, and compose runs three servers on Postgres", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const documented = new Set([
      ...Object.values(SERVE_VARIABLES),
      "LACKPY_MCP_TOKENS",
      "LACKPY_STORE_URL",
      "LACKPY_STORE_WORKSPACE",
    ]);
    for (const name of ["Dockerfile", "compose.yaml", "docker/entrypoint.sh"]) {
      const text = await readFile(path.join(ROOT, name), "utf8");
      for (const variable of new Set(text.match(/\bLACKPY_(?:[A-Z]+_)*[A-Z]+\b/g))) {
        expect(documented, `${name}: ${variable}`).toContain(variable);
        expect(readme, variable).toContain(`\`${variable}\``);
      }
    }
    const dockerfile = await readFile(path.join(ROOT, "Dockerfile"), "utf8");
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('ENTRYPOINT ["/opt/lackpy/entrypoint.sh"]');
    const compose = await readFile(path.join(ROOT, "compose.yaml"), "utf8");
    expect(compose.match(/^ {2}lackpy-\d+:$/gm)).toHaveLength(3);
    expect(compose).toMatch(/^ {2}postgres:$/m);
  });
});
