import type { ValidatedProgram } from "@lackpy/lang";
import type { Worker } from "node:worker_threads";
import type { TraceEntry } from "./interpreter.js";
import { resolveLimits } from "./limits.js";
import { ProgramFault, RunError, type RunErrorValue } from "./run-error.js";
import { failedResult, prepareProgram, runInProcess, type RunOptions } from "./run-program.js";
import type { RunResult } from "./run-result.js";
import { summarise } from "./serialize.js";
import { describeError, isProgramFault } from "./describe-error.js";
import { toParamData, toPlainData } from "./plain-data.js";
import { ToolCallSignals } from "./tool-call-context.js";
import { acquireWorker, releaseWorker } from "./worker-pool.js";

/** Extra time the host grants past the limit before it terminates a worker that did not stop itself. */
const GRACE_MS = 150;
const WATCH_INTERVAL_MS = 25;
let nextRunId = 0;

/**
 * Runs a program in a worker thread with a heap limit. Tools run here in the host, called over
 * the message channel. The worker enforces the limits itself; the host also terminates it when
 * its evaluation time runs past the limit (a catastrophic regex cannot be interrupted otherwise)
 * or its heap overflows, and returns `limit_time` / `limit_memory` while the host lives on.
 */
export async function runIsolated(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  const limits = resolveLimits(options.limits);
  const prepared = prepareProgram(program, options);
  if ("result" in prepared) return prepared.result;
  const tools = options.tools ?? {};
  const params = Object.fromEntries(
    Object.entries(options.params ?? {}).map(([name, value]) => [name, toParamData(value, name)]),
  );
  const worker = acquireWorker(limits.memoryMb);
  const id = nextRunId++;
  const started = performance.now();
  const hostTrace: TraceEntry[] = [];
  let toolMs = 0;
  let toolsInFlight = 0;
  let toolStartedAt = 0;
  const toolSignals = new ToolCallSignals(options.signal);

  return new Promise<RunResult>((resolve) => {
    let settled = false;
    const finish = (result: RunResult, healthy: boolean) => {
      if (settled) return;
      settled = true;
      toolSignals.end();
      clearInterval(watch);
      options.signal?.removeEventListener("abort", onAbort);
      if (healthy) releaseWorker(worker, limits.memoryMb);
      else void worker.terminate();
      resolve(result);
    };
    const abort = (error: RunErrorValue) => {
      const result = failedResult(error);
      result.trace = hostTrace;
      result.stats = {
        ...result.stats,
        toolCalls: hostTrace.length,
        toolMs,
        durationMs: performance.now() - started,
      };
      finish(result, false);
    };
    const onAbort = () => abort({ code: "cancelled", message: "The run was cancelled." });
    if (options.signal?.aborted) queueMicrotask(onAbort);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const watch = setInterval(() => {
      const inTool = toolsInFlight > 0 ? performance.now() - toolStartedAt : 0;
      const evaluationMs = performance.now() - started - toolMs - inTool;
      if (evaluationMs > limits.timeoutMs + GRACE_MS)
        abort({
          code: "limit_time",
          message: `The program ran for more than ${limits.timeoutMs} ms and was stopped.`,
          hint: "do less work per run; avoid regular expressions with nested repetition such as (a+)+",
        });
    }, WATCH_INTERVAL_MS);

    worker.on(
      "message",
      (message: {
        type: string;
        id: number;
        callId?: number;
        name?: string;
        args?: unknown[];
        result?: RunResult;
      }) => {
        if (message.id !== id) return;
        if (message.type === "done") return finish(message.result!, true);
        if (message.type === "tool")
          void callHostTool(message.callId!, message.name!, message.args ?? []);
      },
    );
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY" || /heap|memory/i.test(error.message)) {
        abort({
          code: "limit_memory",
          message: `The program used more than ${limits.memoryMb} MiB of memory and was stopped.`,
          hint: "work on smaller pieces of data",
        });
      } else {
        abort({ code: "runtime_error", message: `The isolated run failed: ${error.message}.` });
      }
    });
    worker.on("exit", (code) =>
      abort({
        code: "runtime_error",
        message: `The isolated run stopped unexpectedly (exit code ${code}).`,
      }),
    );

    async function callHostTool(callId: number, name: string, args: unknown[]): Promise<void> {
      const entry: TraceEntry = {
        step: 0,
        tool: name,
        args: args.map((arg) => summarise(arg, limits.maxOutputBytes)),
        result: null,
        durationMs: 0,
        success: false,
        error: null,
      };
      hostTrace.push(entry);
      const begun = performance.now();
      if (toolsInFlight++ === 0) toolStartedAt = begun;
      // The worker fails the run at the tool time limit and the run's end aborts the call; this
      // timer, a grace period later, aborts it even if the worker's verdict never arrives.
      const call = toolSignals.begin();
      const timer = setTimeout(
        () => call.abort(new Error(`Tool ${name} took longer than ${limits.toolTimeoutMs} ms.`)),
        limits.toolTimeoutMs + GRACE_MS,
      );
      try {
        if (!Object.hasOwn(tools, name)) throw new Error(`unknown tool ${name}`);
        const value = toPlainData(await tools[name].call(call.context, ...args), name, {
          maxItems: limits.maxSize,
        });
        entry.success = true;
        if (!settled) worker.postMessage({ type: "tool-result", callId, ok: true, value });
      } catch (error) {
        // A tool may throw anything; reading it must not throw again.
        const fault = isProgramFault(error);
        const { message, retriable, hint } = describeError(error);
        entry.error = message;
        if (!settled)
          worker.postMessage({
            type: "tool-result",
            callId,
            ok: false,
            error: {
              message,
              ...(retriable ? { retriable: true } : {}),
              ...(hint !== undefined ? { hint } : {}),
              ...(fault ? { code: (error as ProgramFault).code } : {}),
            },
          });
      } finally {
        clearTimeout(timer);
        const duration = performance.now() - begun;
        entry.durationMs = duration;
        if (--toolsInFlight === 0) toolMs += performance.now() - toolStartedAt;
      }
    }

    worker.postMessage({
      type: "run",
      id,
      source: prepared.program.source,
      toolNames: Object.keys(tools),
      toolSpecs: (options.toolSpecs ?? []).map((spec) => JSON.parse(JSON.stringify(spec))),
      params,
      limits,
      rules: options.rules ?? [],
    });
  });
}

/** Runs a program in either mode: `isolated` (a worker thread) or `in-process` (default). */
export function run(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  if (options.mode === "isolated") return runIsolated(program, options);
  if (options.mode !== undefined && options.mode !== "in-process")
    throw new RunError(`Unknown mode '${String(options.mode)}'.`, "use in-process or isolated");
  return runInProcess(program, options);
}

export type { Worker };
