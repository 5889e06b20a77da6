import os from "node:os";
import path from "node:path";
import { failureResult, type ToolResult } from "../tool-result.js";
import type { ToolMiddleware } from "../tool-middleware.js";
import { currentRequest } from "./request-context.js";
import type { ServerMetrics } from "./server-metrics.js";
import { admitCall } from "./tool-roles.js";

/** Tools that run programs (`lackpy_runs_in_flight`). */
const RUNS = new Set(["run_program", "delegate"]);

/**
 * What the HTTP server does around every tool call: admits it by the caller's role (a refusal is
 * the tool's `forbidden` error), counts runs in flight, notes the outcome (`ok` or the error's
 * code) for the request's log line and metrics, counts promotions, puts the request id in the
 * result's `_meta`, and takes the server's own paths out of the answer (the workspace's folder
 * becomes relative, the home folder `~`): a caller learns nothing of the server's disk.
 */
export function httpToolMiddleware(options: {
  workspace: string;
  metrics: ServerMetrics | null;
}): ToolMiddleware {
  const { metrics } = options;
  const hide = serverPaths(options.workspace);
  return async (tool, args, next) => {
    const request = currentRequest();
    const running = RUNS.has(tool);
    if (running) metrics?.running(1);
    let result: ToolResult;
    try {
      result = await next(admitCall(tool, args, request?.role ?? null));
    } catch (error) {
      result = failureResult(error);
    } finally {
      if (running) metrics?.running(-1);
    }
    const outcome = outcomeOf(result);
    if (request) {
      request.tool = tool;
      request.outcome = outcome;
    }
    if (result.structuredContent?.promoted) metrics?.promoted();
    const hidden = hide(result) as ToolResult;
    return request
      ? { ...hidden, _meta: { ...(hidden._meta as object), requestId: request.requestId } }
      : hidden;
  };
}

/** `ok`, or the code of the result's error (`failed` for an error without one). */
export function outcomeOf(result: ToolResult): string {
  if (!result.isError) return "ok";
  const error = result.structuredContent?.error as { code?: unknown } | undefined;
  return typeof error?.code === "string" ? error.code : "failed";
}

/** Replaces the workspace's absolute folder (relative from it) and the home folder (`~`) in every string of a value. */
function serverPaths(workspace: string): (value: unknown) => unknown {
  const root = path.resolve(workspace);
  const home = os.homedir();
  const replace = (text: string) => {
    let out = text.split(`${root}${path.sep}`).join("").split(root).join(".");
    if (home.length > 1) out = out.split(home).join("~");
    return out;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return replace(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return walk;
}
