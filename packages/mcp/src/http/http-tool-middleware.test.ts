import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolResult } from "../tool-result.js";
import { httpToolMiddleware } from "./http-tool-middleware.js";
import { withRequest, type RequestContext } from "./request-context.js";
import { ServerMetrics } from "./server-metrics.js";

const WORKSPACE = path.join(os.tmpdir(), "acme-api");
const metrics = () =>
  new ServerMetrics({
    inFlight: () => 0,
    childPool: () => ({ maxChildren: 2, live: 0, idle: 0, waiting: 0 }),
  });
const answer = (value: Record<string, unknown>, isError = false): ToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value,
  ...(isError ? { isError: true } : {}),
});

describe("httpToolMiddleware", () => {
  it("notes the outcome, counts a promotion, and puts the request id in the result", async () => {
    const counted = metrics();
    const middleware = httpToolMiddleware({ workspace: WORKSPACE, metrics: counted });
    const context: RequestContext = { requestId: "req-1", caller: "tok_a", role: "write" };
    const result = await withRequest(context, () =>
      middleware("delegate", { intent: "x" }, async () =>
        answer({ success: true, promoted: { template: "count-lines", agreeingRuns: 3 } }),
      ),
    );
    expect(result._meta).toEqual({ requestId: "req-1" });
    expect(context).toMatchObject({ tool: "delegate", outcome: "ok" });
    expect(
      await counted.registry.getSingleMetricAsString("lackpy_ratchet_promotions_total"),
    ).toContain("lackpy_ratchet_promotions_total 1");
    const failed: RequestContext = { requestId: "req-2", caller: "tok_a", role: "write" };
    await withRequest(failed, () =>
      middleware("undo", {}, async () => answer({ error: { code: "undo_conflict" } }, true)),
    );
    expect(failed.outcome).toBe("undo_conflict");
  });

  it("refuses a call the role does not allow before the tool runs, as the tool's coded error", async () => {
    const middleware = httpToolMiddleware({ workspace: WORKSPACE, metrics: null });
    let ran = false;
    const context: RequestContext = { requestId: "req-3", caller: "tok_b", role: "read" };
    const result = await withRequest(context, () =>
      middleware("undo", {}, async () => {
        ran = true;
        return answer({});
      }),
    );
    expect(ran).toBe(false);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: {
        code: "forbidden",
        message: "This token's role is 'read'; undo needs 'write'.",
        hint: "ask for a token with role=write (lackpy mcp token --role write)",
      },
    });
    expect(context.outcome).toBe("forbidden");
  });

  it("takes the workspace's folder and the home folder out of every string of an answer", async () => {
    const middleware = httpToolMiddleware({ workspace: WORKSPACE, metrics: null });
    const home = os.homedir();
    const result = await middleware("kit_create", {}, async () =>
      answer({
        path: path.join(WORKSPACE, ".lackpy", "kits", "mine.kit"),
        root: WORKSPACE,
        notes: [`state in ${path.join(home, ".local", "state", "lackpy")}`],
      }),
    );
    expect(result.structuredContent).toEqual({
      path: path.join(".lackpy", "kits", "mine.kit"),
      root: ".",
      notes: [`state in ${path.join("~", ".local", "state", "lackpy")}`],
    });
    expect(result.content[0]!.text).not.toContain(WORKSPACE);
  });
});
