import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  call,
  connect,
  logged,
  post,
  removeAll,
  run,
  start,
  stopAll,
} from "./__fixtures__/test-server.js";

afterEach(stopAll);
afterAll(removeAll);

const TOKEN = "tok-0123456789abcdef-ALPHA";
const ENDLESS = "let n = 0\nfor (const i of range(1000000000)) n += 1\nn";
const ENDLESS_LIMITS = { limits: { maxSteps: 1_000_000_000, timeoutMs: 60_000 } };

/** A raw 2025-style tools/call, as any client could send it. */
const toolCall = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const LEGACY = { "mcp-protocol-version": "2025-06-18" };

describe("serveHttp /metrics", () => {
  it("counts requests by method, tool and outcome code, with latency, pool, store and promotion metrics", async () => {
    const { server } = await start({ tokens: [{ token: TOKEN, workspaces: null }] });
    const client = await connect(`${server.url}/mcp`, TOKEN);
    await run(client, "1 + 1");
    await run(client, "2 + 2");
    const refused = await call(client, "apply_changes", { changeId: "no-such-change" });
    expect(refused.structuredContent.error.code).toBe("unknown_change");
    await (await post(`${server.url}/mcp`, "{}")).body?.cancel(); // no token: 401
    await (await fetch(`${server.url}/readyz`)).body?.cancel();
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain(
      'lackpy_mcp_requests_total{method="tools/call",tool="run_program",code="ok"} 2',
    );
    expect(text).toContain(
      'lackpy_mcp_requests_total{method="tools/call",tool="apply_changes",code="unknown_change"} 1',
    );
    expect(text).toContain(
      'lackpy_mcp_requests_total{method="other",tool="",code="unauthorized"} 1',
    );
    expect(text).toMatch(
      /lackpy_mcp_request_duration_seconds_count\{method="tools\/call",tool="run_program"\} 2/,
    );
    expect(text).toMatch(/lackpy_child_pool_children\{state="max"\} [1-9]/);
    expect(text).toContain("lackpy_child_pool_waiting 0");
    expect(text).toContain("lackpy_runs_in_flight 0");
    expect(text).toContain(
      'lackpy_store_operation_duration_seconds_count{operation="check",outcome="ok"} 1',
    );
    expect(text).toContain("lackpy_ratchet_promotions_total 0");
    expect(text).toContain("process_cpu_seconds_total");
    // No token, id or workspace path in the metrics.
    expect(text).not.toContain("tok_");
    expect(text).not.toContain(TOKEN);
  });
});

describe("serveHttp request ids", () => {
  it("keeps a caller's x-request-id, answers with it, and puts it in the result and the log", async () => {
    const { server, lines } = await start();
    const client = await connect(`${server.url}/mcp`, undefined, { "x-request-id": "req-42.a" });
    const result = await run(client, "6 * 7");
    expect(result._meta).toEqual({ requestId: "req-42.a" });
    const raw = await post(`${server.url}/mcp`, toolCall(1, "run_program", { program: "1" }), {
      ...LEGACY,
      "x-request-id": "req-43",
    });
    expect(raw.headers.get("x-request-id")).toBe("req-43");
    await raw.body?.cancel();
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: "request",
        requestId: "req-42.a",
        tool: "run_program",
        outcome: "ok",
      }),
    );
  });

  it("gives a request without a usable id a new one, also on refusals", async () => {
    const { server, lines } = await start({ tokens: [{ token: TOKEN, workspaces: null }] });
    for (const given of [undefined, "has spaces", "x".repeat(129)]) {
      const response = await post(
        `${server.url}/mcp`,
        "{}",
        given ? { "x-request-id": given } : {},
      );
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.json()).toEqual({
        error: expect.objectContaining({ code: "unauthorized", requestId: id }),
      });
      expect(lines).toContainEqual(expect.objectContaining({ requestId: id, status: 401 }));
    }
  });
});

describe("serveHttp drain", () => {
  it("fails /readyz at once, serves through the grace, then refuses new requests while still listening, and answers a run cut short", async () => {
    const { server, lines } = await start({
      mode: "isolated",
      maxSteps: 1_000_000_000,
      readyGraceMs: 4000,
      drainMs: 1000,
    });
    const client = await connect(`${server.url}/mcp`);
    const endless = post(
      `${server.url}/mcp`,
      toolCall(9, "run_program", { program: ENDLESS, ...ENDLESS_LIMITS }),
      LEGACY,
    );
    // The official client speaks the 2026 protocol: a JSON answer, not yet begun when cut short.
    const modern = run(client, ENDLESS, ENDLESS_LIMITS).catch((error: unknown) => error);
    while (server.inFlight() < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain("lackpy_runs_in_flight 2");
    const closing = server.close();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "draining" });
    // In the grace a load balancer still sends some requests: they are served (after it, a new
    // request is refused, so a success shows it was let in during the grace).
    expect((await call(client, "kit_list")).isError).toBeFalsy();
    await logged(lines, "draining");
    // Draining: still listening, a new request gets a coded answer.
    const refused = await post(
      `${server.url}/mcp`,
      toolCall(2, "run_program", { program: "1" }),
      LEGACY,
    );
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: "shutting_down" } });
    expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({
      status: "draining",
    });
    // Runs that outlast the drain are answered shutting_down, not left hanging: a JSON-RPC error
    // for the request (a 503 when nothing was sent yet).
    expect(await modern).toMatchObject({
      message: "The server is shutting down.",
      code: -32000,
      data: { code: "shutting_down" },
    });
    const cut = await endless;
    expect(await cut.text()).toMatch(/"id":9,"error":\{"code":-32000,.*"code":"shutting_down"/);
    await closing;
    expect(lines.map((line) => line.event)).toEqual(
      expect.arrayContaining(["stopping", "draining", "cancelling", "answered", "stopped"]),
    );
    expect(lines.find((line) => line.event === "answered")).toMatchObject({ shuttingDown: 2 });
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
