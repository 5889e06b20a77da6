import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { checkMessageLine, type ErrorReply } from "./check-message-line.js";
import { guardedStdin } from "./guarded-stdin.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const CLI = fileURLToPath(new URL("../../cli/bin/lackpy.js", import.meta.url));
let root: string;
const servers: RawServer[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-stdio-"));
  await cp(EXAMPLE, root, { recursive: true });
  await mkdir(path.join(root, "out"));
});
afterEach(() => servers.splice(0).forEach((server) => server.child.kill()));
afterAll(() => rm(root, { recursive: true, force: true }));

/** `lackpy mcp serve` driven with raw lines on stdin; every stdout line is parsed as it arrives. */
interface RawServer {
  child: ChildProcessWithoutNullStreams;
  write(line: string): void;
  /** The next message with this id (or `null` for id-less error replies), in arrival order. */
  reply(id: string | number | null): Promise<any>;
  received: any[];
}

function startServer(workspace = root): RawServer {
  const child = spawn(process.execPath, [CLI, "mcp", "serve", "--workspace", workspace]);
  const received: any[] = [];
  const waiting: { id: unknown; resolve: (message: any) => void }[] = [];
  let buffer = "";
  const consumed = new Set<any>();
  const deliver = () => {
    for (const waiter of [...waiting]) {
      const message = received.find((entry) => !consumed.has(entry) && entry.id === waiter.id);
      if (!message) continue;
      consumed.add(message);
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  };
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop()!;
    // Every stdout line must be a JSON-RPC message: JSON.parse throws on anything else.
    for (const line of lines) received.push(JSON.parse(line));
    deliver();
  });
  const server: RawServer = {
    child,
    received,
    write: (line) => void child.stdin.write(`${line}\n`),
    reply: (id) =>
      new Promise((resolve) => {
        waiting.push({ id, resolve });
        deliver();
      }),
  };
  servers.push(server);
  return server;
}

const request = (id: number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params });

async function initialise(server: RawServer): Promise<void> {
  server.write(
    request(0, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw", version: "0" },
    }),
  );
  expect((await server.reply(0)).result.serverInfo.name).toBe("lackpy");
  server.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
}

describe("checkMessageLine", () => {
  it.each([
    ["not json", -32700],
    ['{"jsonrpc":"2.0","id":1,"method":"ping"', -32700],
    ["[]", -32600],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', -32600],
    ["42", -32600],
    ['"ping"', -32600],
    ["null", -32600],
    ['{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600],
    ['{"jsonrpc":"2.0","id":[1],"method":"ping"}', -32600],
    ['{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600],
    ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', -32600],
    ['{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600],
    ['{"jsonrpc":"1.0","id":1,"method":"ping"}', -32600],
    ['{"id":1,"method":"ping"}', -32600],
    ['{"jsonrpc":"2.0","id":1,"method":5}', -32600],
  ])("answers %j with error %i", (line, code) => {
    const verdict = checkMessageLine(line);
    expect(verdict.kind).toBe("reply");
    if (verdict.kind === "reply") expect(verdict.reply.error.code).toBe(code);
  });

  it.each([
    ['{"jsonrpc":"2.0","id":1,"method":"ping"}'],
    ['{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}'],
    ['{"jsonrpc":"2.0","method":"notifications/initialized"}'],
    ['{"jsonrpc":"2.0","id":3,"result":{}}'],
  ])("passes %j on", (line) => {
    expect(checkMessageLine(line)).toEqual({ kind: "message", line });
  });

  it("ignores blank lines", () => {
    expect(checkMessageLine("  ")).toEqual({ kind: "ignore" });
  });
});

describe("guardedStdin", () => {
  it("answers an oversized line, skips it to its end, and passes the next one on", async () => {
    const input = new PassThrough();
    const replies: ErrorReply[] = [];
    const output = guardedStdin(input, (reply) => void replies.push(reply), 64);
    let text = "";
    output.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    input.write("x".repeat(50));
    input.write("y".repeat(50));
    input.write("z\n");
    input.write('{"jsonrpc":"2.0","id":1,');
    input.end('"method":"ping"}\n');
    await once(output, "end");
    expect(replies.map((reply) => [reply.id, reply.error.code])).toEqual([[null, -32600]]);
    expect(text).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  });
});

describe("lackpy mcp serve with bad input on stdio", () => {
  it("answers each bad line with a JSON-RPC error and goes on answering", async () => {
    const server = startServer();
    const bad = [
      ["{oops", -32700],
      ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', -32600],
      ['{"jsonrpc":"2.0","id":{"nested":true},"method":"ping"}', -32600],
      ["17", -32600],
    ] as const;
    for (const [line, code] of bad) {
      server.write(line);
      expect((await server.reply(null)).error.code).toBe(code);
    }
    server.write('{"jsonrpc":"1.0","id":5,"method":"ping"}');
    expect((await server.reply(5)).error.code).toBe(-32600);
    await initialise(server);
    server.write(request(6, "tools/call", { name: "kit_list", arguments: {} }));
    expect((await server.reply(6)).result.structuredContent.kits.length).toBeGreaterThan(1);
    server.write("still not json");
    expect((await server.reply(null)).error.code).toBe(-32700);
    server.write(request(7, "ping"));
    expect(await server.reply(7)).toEqual({ jsonrpc: "2.0", id: 7, result: {} });
  });

  it("refuses an empty intent the way the CLI does", async () => {
    const server = startServer();
    await initialise(server);
    server.write(request(1, "tools/call", { name: "delegate", arguments: { intent: "  " } }));
    const { result } = await server.reply(1);
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toEqual({
      code: "empty_intent",
      message: "The intent is empty: say what you want in words.",
      hint: 'e.g. "list all python files" or "count the TODO lines in src"',
    });
  });

  it("stops a cancelled run, lands none of its writes, and goes on answering", async () => {
    const server = startServer();
    await initialise(server);
    const landed = () =>
      readdir(path.join(root, "out")).then(
        (names) => names.length,
        () => 0,
      );
    server.write(
      request(1, "tools/call", {
        name: "run_program",
        arguments: {
          kit: "files",
          program: `for (const i of range(200000)) { write_file("out/" + i + ".txt", "x") }\n"done"`,
          limits: { timeoutMs: 120_000, maxToolCalls: 1_000_000, maxSteps: 100_000_000 },
        },
      }),
    );
    // The run's writes are staged (decision 56): nothing shows on disk while it runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.write(
      JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 1, reason: "the user gave up" },
      }),
    );
    server.write(request(2, "ping"));
    await server.reply(2);
    await new Promise((resolve) => setTimeout(resolve, 700));
    // A cancelled run changes no file.
    expect(await landed()).toBe(0);
    server.write(
      request(3, "tools/call", { name: "run_program", arguments: { program: "1 + 1" } }),
    );
    expect((await server.reply(3)).result.structuredContent.output).toBe(2);
    expect(server.received.some((message) => message.id === 1)).toBe(false);
  });

  it("aborts a cancelled delegate's model request", async () => {
    const requests: IncomingMessage[] = [];
    const aborted = new Promise<void>((resolve) => {
      const stub = createServer((incoming, response) => {
        if (incoming.url === "/api/tags") {
          response.writeHead(200, { "content-type": "application/json" });
          return void response.end(JSON.stringify({ models: [{ name: "m" }] }));
        }
        requests.push(incoming);
        incoming.socket.on("close", () => resolve());
      });
      stub.listen(0, "127.0.0.1", async () => {
        const workspace = path.join(root, "hanging-model");
        await mkdir(path.join(workspace, ".lackpy"), { recursive: true });
        await writeFile(
          path.join(workspace, ".lackpy", "config.toml"),
          `[inference]\norder = ["ollama"]\n[inference.providers.ollama]\nhost = "http://127.0.0.1:${(stub.address() as AddressInfo).port}"\nmodel = "m"\n`,
        );
        const server = startServer(workspace);
        await initialise(server);
        server.write(
          request(1, "tools/call", { name: "delegate", arguments: { intent: "think hard" } }),
        );
        while (requests.length === 0) await new Promise((wait) => setTimeout(wait, 20));
        server.write(
          JSON.stringify({
            jsonrpc: "2.0",
            method: "notifications/cancelled",
            params: { requestId: 1 },
          }),
        );
        aborted.then(() => stub.close());
      });
    });
    await aborted;
    expect(requests).toHaveLength(1);
  });
});
