/**
 * The isolated-mode child process: runs one program at a time with the in-process interpreter,
 * under its own heap limit. Tools stay in the host; each call is a request over IPC and the
 * program awaits the reply. The host forks this file with a minimal environment and kills the
 * process when a run goes past its time, so nothing here needs to survive a bad run.
 */
import { getHeapStatistics } from "node:v8";
import { HeapWatch } from "./isolated/heap-watch.js";
import type {
  ChildMessage,
  HostMessage,
  RunRequest,
  ToolReply,
} from "./isolated/isolation-protocol.js";
import { ProgramFault } from "./run-error.js";
import { failedResult, runInProcess } from "./run-program.js";
import { placeSecretMarkers, toSecretArguments } from "./isolated/secret-arguments.js";
import { warmUp } from "./isolated/warm-up.js";

interface PendingCall {
  tool: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const pending = new Map<number, PendingCall>();
const heapWatch = new HeapWatch();
let nextCallId = 0;

function send(message: ChildMessage): void {
  process.send?.(message);
}

function settleToolCall(reply: ToolReply): void {
  const waiting = pending.get(reply.callId);
  if (!waiting) return;
  pending.delete(reply.callId);
  const error = reply.error ?? { message: "the tool failed" };
  if (reply.ok) {
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
  else waiting.reject(Object.assign(new Error(error.message), error));
}

async function runOne(request: RunRequest): Promise<void> {
  const tools = Object.fromEntries(
    request.toolNames.map((name) => [
      name,
      (...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const callId = nextCallId++;
          pending.set(callId, { tool: name, resolve, reject });
          send({ type: "tool", id: request.id, callId, name, ...toSecretArguments(args) });
        }),
    ]),
  );
  const result = await runInProcess(
    request.source,
    {
      tools,
      toolSpecs: request.toolSpecs,
      params: request.params,
      secretParams: request.secretParams,
      limits: request.limits,
      rules: request.rules,
      heapUsedBytes: () => getHeapStatistics().used_heap_size,
      signal: heapWatch.begin(request.limits.memoryMb),
    },
    "host",
    request.elapsedMs,
  ).catch((error: unknown) =>
    failedResult({
      code: "runtime_error",
      message: `The isolated run failed: ${error instanceof Error ? error.message : String(error)}`,
    }),
  );
  // The only signal here is the heap watch's: a run it stopped ran out of memory.
  if (heapWatch.end() && result.error?.code === "cancelled")
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

process.on("message", (message: HostMessage) => {
  if (message.type === "tool-result") settleToolCall(message);
  else if (message.type === "run") void runOne(message);
});
// The host is gone (it exited or was killed): nothing is left to do.
process.on("disconnect", () => process.exit(0));
// Ready once the first run would find everything it needs compiled.
void warmUp().finally(() => send({ type: "ready" }));
