import type { ValidatedProgram } from "@lackpy/lang";
import { acquireChild, discardChild, releaseChild } from "./child-pool.js";
import { deathError } from "./death-error.js";
import { invokeHostTool, toolErrorData } from "./host-tool-call.js";
import type { TraceEntry } from "./interpreter.js";
import type { IsolatedChild } from "./isolated-child.js";
import type { ChildMessage, RunRequest, ToolRequest } from "./isolation-protocol.js";
import { resolveLimits } from "./limits.js";
import { RunError, type RunErrorValue } from "./run-error.js";
import { failedResult, prepareProgram, runInProcess, type RunOptions } from "./run-program.js";
import type { RunResult } from "./run-result.js";
import { summarise } from "./serialize.js";
import { toPlainData } from "./values.js";

/** Extra time the host grants past a limit before it kills a child that did not stop itself. */
const GRACE_MS = 150;
/** How long a new child may take to start (Node's start-up, on a loaded machine). */
const START_TIMEOUT_MS = 15_000;
const CANCELLED: RunErrorValue = { code: "cancelled", message: "The run was cancelled." };
let nextRunId = 0;

/**
 * Runs a program in a child process from the warm pool, under the heap limit `memoryMb`. Tools
 * run here in the host, called over IPC. The child enforces the limits itself; the host also
 * kills it when its evaluation runs past the time limit (a native call cannot be interrupted)
 * or the caller cancels, and reports a child that died (heap abort, crash, killed) as
 * `limit_memory` or `runtime_error`, while the host lives on and the pool replaces the child.
 */
export async function runIsolated(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  const limits = resolveLimits(options.limits);
  const prepared = prepareProgram(program, options);
  if ("result" in prepared) return prepared.result;
  if (options.signal?.aborted) return failedResult(CANCELLED);
  const tools = options.tools ?? {};
  const request: RunRequest = {
    type: "run",
    id: nextRunId++,
    source: prepared.program.source,
    toolNames: Object.keys(tools),
    toolSpecs: (options.toolSpecs ?? []).map((spec) => JSON.parse(JSON.stringify(spec))),
    params: toPlainData(options.params ?? {}, "params") as Record<string, unknown>,
    limits,
    rules: [...(options.rules ?? [])],
  };
  const child = acquireChild(limits.memoryMb);
  return new Promise((resolve) => superviseRun(child, request, options, resolve));
}

function superviseRun(
  child: IsolatedChild,
  request: RunRequest,
  options: RunOptions,
  resolve: (result: RunResult) => void,
): void {
  const { limits } = request;
  const tools = options.tools ?? {};
  const hostTrace: TraceEntry[] = [];
  const outstanding = new Set<AbortController>();
  let startedAt = performance.now();
  let toolMs = 0;
  let toolsInFlight = 0;
  let toolStartedAt = 0;
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const finish = (result: RunResult, healthy: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    for (const call of outstanding) call.abort();
    if (healthy) releaseChild(child);
    else discardChild(child);
    resolve(result);
  };
  const fail = (error: RunErrorValue) => {
    const result = failedResult(error);
    result.trace = hostTrace.map((entry) => ({
      ...entry,
      args: entry.args.map((arg) => summarise(arg, limits.maxOutputBytes)),
    }));
    result.stats = {
      ...result.stats,
      toolCalls: hostTrace.length,
      toolMs: round(toolMs),
      durationMs: round(performance.now() - startedAt),
    };
    finish(result, false);
  };
  const onAbort = () => fail(CANCELLED);
  options.signal?.addEventListener("abort", onAbort, { once: true });

  // Time spent waiting in tools does not count, but no more of it than a tool may take.
  const evaluationMs = () => {
    const inTool = toolsInFlight > 0 ? performance.now() - toolStartedAt : 0;
    return (
      performance.now() - startedAt - toolMs - Math.min(inTool, limits.toolTimeoutMs + GRACE_MS)
    );
  };
  const watch = () => {
    const leftMs = limits.timeoutMs + GRACE_MS - evaluationMs();
    if (leftMs > 0) timer = setTimeout(watch, leftMs + 1);
    else
      fail({
        code: "limit_time",
        message: `The program ran for more than ${limits.timeoutMs} ms and was stopped.`,
        hint: "do less work per run; avoid regular expressions with nested repetition such as (a+)+",
      });
  };

  const answerTool = async (call: ToolRequest) => {
    const entry: TraceEntry = {
      step: 0,
      tool: call.name,
      // Summarised only if the run fails here (a finished run reports the child's trace).
      args: call.args,
      result: null,
      durationMs: 0,
      success: false,
      error: null,
    };
    hostTrace.push(entry);
    const begun = performance.now();
    if (toolsInFlight++ === 0) toolStartedAt = begun;
    const controller = new AbortController();
    outstanding.add(controller);
    const toolTimer = setTimeout(() => controller.abort(), limits.toolTimeoutMs);
    try {
      const value = await invokeHostTool(tools, call.name, call.args, controller.signal);
      entry.success = true;
      if (!settled) child.send({ type: "tool-result", callId: call.callId, ok: true, value });
    } catch (error) {
      const data = toolErrorData(error);
      entry.error = data.message;
      if (!settled)
        child.send({ type: "tool-result", callId: call.callId, ok: false, error: data });
    } finally {
      clearTimeout(toolTimer);
      outstanding.delete(controller);
      entry.durationMs = performance.now() - begun;
      if (--toolsInFlight === 0)
        toolMs += Math.min(performance.now() - toolStartedAt, limits.toolTimeoutMs + GRACE_MS);
    }
  };

  child.attach({
    message(message: ChildMessage) {
      if (settled || message.type === "ready" || message.id !== request.id) return;
      if (message.type === "done") finish(message.result, true);
      else void answerTool(message).catch((error: unknown) => fail(sendFailure(error)));
    },
    death: (death) => fail(deathError(death, limits.memoryMb)),
  });
  timer = setTimeout(
    () =>
      fail({
        code: "runtime_error",
        message: `The isolated process did not start within ${START_TIMEOUT_MS / 1000} s.`,
        hint: "the machine may be overloaded; run the program again",
      }),
    START_TIMEOUT_MS,
  );
  child.whenReady((ready) => {
    // A child that died before it was ready has reported its death already.
    if (settled || !ready) return;
    clearTimeout(timer);
    startedAt = performance.now();
    try {
      if (!child.send(request)) return;
    } catch (error) {
      return fail(sendFailure(error));
    }
    watch();
  });
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** A message the structured clone could not copy (the host's side of the value boundary). */
function sendFailure(error: unknown): RunErrorValue {
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: "runtime_error",
    message: `A value could not be sent to the isolated run: ${message}`,
  };
}

/** Runs a program in either mode: `isolated` (a child process) or `in-process` (default). */
export function run(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  if (options.mode === "isolated") return runIsolated(program, options);
  if (options.mode !== undefined && options.mode !== "in-process")
    throw new RunError(`Unknown mode '${String(options.mode)}'.`, "use in-process or isolated");
  return runInProcess(program, options);
}
