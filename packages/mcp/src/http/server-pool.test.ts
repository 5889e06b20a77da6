import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { McpServerPool } from "./server-pool.js";

/**
 * The pool behind the HTTP server's per-request handler (decision 159), with the SDK's handler
 * and official client and no network: servers are reused, never by two requests at once, and
 * nothing of one caller (its client identity, a handler still running for it) reaches the next.
 */
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});

/**
 * A pool of servers with `whoami` (the server's serial number and the client as the server sees
 * it) and `slow` (notes its server's serial, waits for `open`, then sends a progress notification).
 */
function pooledHandler() {
  const slowOn: number[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let slowStarted!: () => void;
  const started = new Promise<void>((resolve) => (slowStarted = resolve));
  const pool = new McpServerPool(
    () => {
      const server = new McpServer({ name: "pooled", version: "0" });
      const serial = pool.made;
      server.registerTool("whoami", { inputSchema: z.object({}) }, async () => ({
        content: [
          { type: "text", text: `${serial}:${server.server.getClientVersion()?.name ?? "nobody"}` },
        ],
      }));
      server.registerTool("slow", { inputSchema: z.object({}) }, async (_args, context) => {
        slowOn.push(serial);
        slowStarted();
        await gate;
        const token = context.mcpReq._meta?.progressToken;
        await context.mcpReq
          .notify({
            method: "notifications/progress",
            params: { progressToken: token!, progress: 1 },
          })
          .catch(() => undefined);
        return { content: [{ type: "text", text: "slow done" }] };
      });
      return server;
    },
    { most: 8 },
  );
  const handler = createMcpHandler((context) => pool.take(context.era));
  return { pool, handler, open, started, slowOn };
}

/** An official client whose requests go to `handler`; aborting `gone` drops them as a closed socket would. */
async function connect(
  handler: ReturnType<typeof pooledHandler>["handler"],
  name: string,
  gone?: AbortSignal,
) {
  const client = new Client({ name, version: "0" });
  clients.push(client);
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://pool.test/mcp"), {
      fetch: (url, init) => {
        const signals = [init?.signal, gone].filter((signal) => signal instanceof AbortSignal);
        return handler.fetch(new Request(url, { ...init, signal: AbortSignal.any(signals) }));
      },
    }),
  );
  return client;
}

const text = (result: unknown) =>
  (result as { content: { text: string }[] }).content.map((block) => block.text).join("");

describe("McpServerPool", () => {
  it("reuses one server for requests one after another", async () => {
    const { pool, handler } = pooledHandler();
    const client = await connect(handler, "alpha");
    for (let index = 0; index < 5; index++)
      await client.callTool({ name: "whoami", arguments: {} });
    expect(pool.made).toBe(1);
  });

  it("gives no caller the client identity another's request left on a server", async () => {
    const { pool, handler } = pooledHandler();
    // Alpha's initialize names alpha on the server that answers it; that server is reused.
    const alpha = await connect(handler, "alpha");
    const bravo = await connect(handler, "bravo");
    const seen = [];
    for (let round = 0; round < 4; round++)
      seen.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            (index % 2 ? alpha : bravo).callTool({ name: "whoami", arguments: {} }).then(text),
          ),
        )),
      );
    expect(pool.made).toBeLessThan(seen.length);
    // A stateless call carries no identity of its own: each server sees none, never the other's.
    expect(new Set(seen.map((line) => line.split(":")[1]))).toEqual(new Set(["nobody"]));
  });

  it("does not reuse a server while a handler of a caller gone away still runs", async () => {
    const { handler, open, started, slowOn } = pooledHandler();
    const gone = new AbortController();
    const alpha = await connect(handler, "alpha", gone.signal);
    const bravo = await connect(handler, "bravo");
    // Alpha's client never hears back (its requests are dropped); its call is not awaited.
    void alpha
      .callTool({ name: "slow", arguments: {} }, { onprogress: () => {}, timeout: 5000 })
      .catch(() => undefined);
    await started;
    gone.abort();
    // Alpha's server still runs its handler: bravo's calls, one after another (each would take
    // the server released last), never get it.
    const during = [];
    for (let index = 0; index < 4; index++)
      during.push(text(await bravo.callTool({ name: "whoami", arguments: {} })));
    expect(during.map((line) => Number(line.split(":")[0]))).not.toContain(slowOn[0]);
    // Once the handler ended, the server serves again.
    open();
    const after = new Set<string>();
    for (let tries = 0; tries < 100 && !after.has(String(slowOn[0])); tries++) {
      const [all] = await Promise.all([
        Promise.all(
          Array.from({ length: 4 }, () => bravo.callTool({ name: "whoami", arguments: {} })),
        ),
      ]);
      for (const result of all) after.add(text(result).split(":")[0]!);
    }
    expect(after).toContain(String(slowOn[0]));
  });
});
