/**
 * What an isolated child process does: runs one program at a time with the in-process
 * interpreter, under its own heap limit. Tools stay in the host; each call is a request over IPC
 * and the program awaits the reply, except for the run's child tools, which a module of the
 * host's code answers here when it can (the child then runs under Node's permission model). The
 * host forks the child with a minimal environment and kills the process when a run goes past its
 * time, so nothing here needs to survive a bad run. `child-entry.ts` (this package's) and the
 * CLI's cached child bundle both call `serveHost`.
 */
import { pathToFileURL } from "node:url";
import { getHeapStatistics } from "node:v8";
import type { ToolSpec } from "@lackpy/lang";
import { HeapWatch } from "./heap-watch.js";
import type { ChildMessage, HostMessage, RunRequest, ToolReply } from "./isolation-protocol.js";
import { ProgramFault } from "../run-error.js";
import type { RunProgress } from "../run-progress.js";
import { failedResult } from "../failed-result.js";
import { runProgramTree, type ProgramTree } from "../run-tree.js";
import { checkRunRequest } from "./check-run-request.js";
import { placeSecretMarkers, toSecretArguments } from "./secret-arguments.js";
import { warmUp } from "./warm-up.js";
import type { ChildToolHandler, ChildToolRequest } from "../tools/child-tool.js";
import type { ToolCallContext } from "../tools/tool-call-context.js";

interface PendingCall {
  tool: string;
  /** The call's `this` in the child's run: what the host's tool noted as skipped is counted there. */
  context: ToolCallContext | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const pending = new Map<number, PendingCall>();
/** Most checked trees kept, by the host's program key (`SentProgram.key`), least recently run first out. */
const MAX_CHECKED_TREES = 64;
/** The trees this child checked, by key: each compiles once (`compiledProgram` caches on it). */
const checkedTrees = new Map<number, ProgramTree>();
/** Most specs lists kept, by the host's specs key (`SentSpecs.key`), least recently run first out. */
const MAX_KEPT_SPECS = 16;
/** The tool specs this child read, by key: a kit's specs are parsed once. */
const keptSpecs = new Map<number, ToolSpec[]>();
/** The handlers of the current run's child tools, by tool name. */
let handlers = new Map<string, ChildToolHandler>();
let heapWatch: HeapWatch | null = null;
let nextCallId = 0;

/**
 * The child's heap watch, made on first need: `serveHost` makes it right after saying it is
 * ready, so Node's `perf_hooks` loads while the host sends its first run rather than before.
 */
function watchHeap(): HeapWatch {
  return (heapWatch ??= new HeapWatch());
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

function settleToolCall(reply: ToolReply): void {
  const waiting = pending.get(reply.callId);
  if (!waiting) return;
  pending.delete(reply.callId);
  // What the host's tools did that the child's own must know comes before the program goes on.
  if (reply.news) for (const [name, news] of Object.entries(reply.news)) tellNews(name, news);
  const error = reply.error ?? { message: "the tool failed" };
  if (reply.ok) {
    for (const { rows, scope } of reply.skipped ?? []) waiting.context?.noteSkipped(rows, scope);
    try {
      waiting.resolve(placeSecretMarkers(reply.value, reply.secrets, waiting.tool));
    } catch (failure) {
      waiting.reject(failure);
    }
  }
  // A limit the tool itself hit keeps its code, as it does in-process.
  else if (error.code)
    waiting.reject(
      new ProgramFault(error.code, error.message, error.hint ? { hint: error.hint } : {}),
    );
  else {
    const { toolCode, ...described } = error;
    waiting.reject(Object.assign(new Error(error.message), described, { code: toolCode }));
  }
}

/** What the child tools did since the last host call that the host must know first (`ChildToolHandler.report`). */
function reports(): { reports?: Record<string, unknown> } {
  const told: Record<string, unknown> = {};
  let any = false;
  for (const [name, handler] of handlers) {
    let report: unknown;
    try {
      report = handler.report?.();
    } catch {
      // A handler that cannot report must not answer again: the host serves its tool.
      handlers.delete(name);
      continue;
    }
    if (report === undefined) continue;
    told[name] = report;
    any = true;
  }
  return any ? { reports: told } : {};
}

function tellNews(name: string, news: unknown): void {
  try {
    handlers.get(name)?.news?.(news);
  } catch {
    // A handler that cannot take the news must not answer again: the host serves its tool.
    handlers.delete(name);
  }
}

async function runOne(message: RunRequest): Promise<void> {
  const checked = checkRunRequest(message as unknown as Record<string, unknown>, {
    tree: (key) => checkedTrees.get(key),
    specs: (key) => keptSpecs.get(key),
  });
  if ("error" in checked) {
    send({ type: "done", id: message.id, result: failedResult(checked.error) });
    return;
  }
  const { request, tree, specs } = checked;
  keepTree(request.program.key, tree);
  keepLatest(keptSpecs, request.toolSpecs.key, specs, MAX_KEPT_SPECS);
  const hostCall = (name: string, args: unknown[], context: ToolCallContext | undefined) =>
    new Promise((resolve, reject) => {
      const callId = nextCallId++;
      pending.set(callId, { tool: name, context, resolve, reject });
      send({
        type: "tool",
        id: request.id,
        callId,
        name,
        ...toSecretArguments(args),
        ...reports(),
      });
    });
  handlers = await childToolHandlers(request.childTools ?? []);
  const tools = Object.fromEntries(
    request.toolNames.map((name) => [
      name,
      handlers.has(name)
        ? function (this: ToolCallContext | undefined, ...args: unknown[]) {
            const answer = answerHere(name, args);
            return answer ? answer.value : hostCall(name, args, this);
          }
        : function (this: ToolCallContext | undefined, ...args: unknown[]) {
            return hostCall(name, args, this);
          },
    ]),
  );
  const result = await runProgramTree(
    tree,
    {
      tools,
      toolSpecs: specs,
      params: request.params,
      secretParams: request.secretParams,
      limits: request.limits,
      heapUsedBytes: () => getHeapStatistics().used_heap_size,
      signal: watchHeap().begin(request.limits.memoryMb),
      ...(request.progress
        ? {
            onProgress: (progress: RunProgress) =>
              send({ type: "progress", id: request.id, progress }),
          }
        : {}),
    },
    null,
    request.elapsedMs,
  ).catch((error: unknown) =>
    failedResult({
      code: "runtime_error",
      message: `The isolated run failed: ${error instanceof Error ? error.message : String(error)}`,
    }),
  );
  // The only signal here is the heap watch's: a run it stopped ran out of memory.
  if (watchHeap().end() && result.error?.code === "cancelled")
    result.error = {
      ...result.error,
      code: "limit_memory",
      message: `The program used nearly all of its ${request.limits.memoryMb} MiB of memory and was stopped.`,
      hint: "work on smaller pieces of data, or fewer copies of it at once",
    };
  // A call the interpreter gave up on (limit_tool_time) may still be answered later: forget it.
  pending.clear();
  try {
    send({ type: "done", id: request.id, result });
  } catch (error) {
    // Only a value the structured clone cannot copy lands here; report it rather than go silent.
    const message = error instanceof Error ? error.message : String(error);
    send({
      type: "done",
      id: request.id,
      result: failedResult({
        code: "runtime_error",
        message: `The result could not be sent back from the isolated run: ${message}`,
      }),
    });
  }
}

/** Keeps a checked tree by its key, as the most recently run; the least recently run go past the cap. */
function keepTree(key: number, tree: ProgramTree): void {
  keepLatest(checkedTrees, key, tree, MAX_CHECKED_TREES);
}

/** Keeps `value` under `key` as the most recent of `kept`, which holds at most `most` (the least recent go). */
function keepLatest<T>(kept: Map<number, T>, key: number, value: T, most: number): void {
  kept.delete(key);
  kept.set(key, value);
  for (const oldest of kept.keys()) {
    if (kept.size <= most) break;
    kept.delete(oldest);
  }
}

/** A child tool's answer, or null when it declines (or fails: the host's tool then decides). */
function answerHere(name: string, args: unknown[]): { value: unknown } | null {
  try {
    return handlers.get(name)?.call(args) ?? null;
  } catch {
    return null;
  }
}

const modules = new Map<string, Promise<Record<string, unknown> | null>>();

/** Makes the handlers of a run's child tools; a module that does not load, or an export that fails, leaves its tool to the host. */
async function childToolHandlers(
  requests: readonly ChildToolRequest[],
): Promise<Map<string, ChildToolHandler>> {
  const made = new Map<string, ChildToolHandler>();
  for (const request of requests) {
    let loading = modules.get(request.module);
    if (!loading) {
      loading = import(pathToFileURL(request.module).href).then(
        (module: Record<string, unknown>) => module,
        () => null,
      );
      modules.set(request.module, loading);
    }
    const module = await loading;
    const make = module?.[request.export];
    if (typeof make !== "function") continue;
    try {
      const handler = (make as (options: unknown) => ChildToolHandler)(request.options);
      if (typeof handler?.call === "function") made.set(request.name, handler);
    } catch {
      // The host serves this tool.
    }
  }
  return made;
}

/**
 * Serves the host over IPC: runs each program it sends and answers its tool replies, and exits
 * when the host is gone. Once the warm-up has run, `beforeReady` runs (the CLI keeps its code
 * cache there, before any program has arrived), and then the child tells the host it is ready.
 */
export function serveHost(beforeReady?: () => void): void {
  process.on("message", (message: HostMessage) => {
    if (message.type === "tool-result") settleToolCall(message);
    else if (message.type === "run") void runOne(message);
  });
  // The host is gone (it exited or was killed): nothing is left to do.
  process.on("disconnect", () => process.exit(0));
  // Ready once the first run would find everything it needs compiled.
  void warmUp()
    .then(() => beforeReady?.())
    .catch(() => undefined)
    .finally(() => {
      send({ type: "ready" });
      setImmediate(watchHeap);
    });
}
