/**
 * The isolated-mode worker: runs one program at a time with the in-process interpreter. Tools
 * stay in the host; each call is a message to the host and a message back.
 */
import { getHeapStatistics } from "node:v8";
import { parentPort } from "node:worker_threads";
import type { ToolSpec } from "@lackpy/lang";
import type { Limits } from "./limits.js";
import { runInProcess } from "./run-program.js";

interface RunMessage {
  type: "run";
  id: number;
  source: string;
  toolNames: string[];
  toolSpecs: ToolSpec[];
  params: Record<string, unknown>;
  limits: Limits;
  rules: string[];
}

interface ToolReply {
  type: "tool-result";
  callId: number;
  ok: boolean;
  value?: unknown;
  error?: { message: string; retriable?: boolean; hint?: string; code?: string };
}

const port = parentPort!;
const pending = new Map<
  number,
  { resolve: (value: unknown) => void; reject: (error: unknown) => void }
>();
let nextCallId = 0;

port.on("message", (message: RunMessage | ToolReply) => {
  if (message.type === "tool-result") {
    const waiting = pending.get(message.callId);
    pending.delete(message.callId);
    if (!waiting) return;
    if (message.ok) waiting.resolve(message.value);
    else
      waiting.reject(
        Object.assign(new Error(message.error?.message ?? "tool failed"), message.error),
      );
    return;
  }
  void runOne(message);
});

async function runOne(message: RunMessage): Promise<void> {
  const tools = Object.fromEntries(
    message.toolNames.map((name) => [
      name,
      (...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const callId = nextCallId++;
          pending.set(callId, { resolve, reject });
          port.postMessage({ type: "tool", id: message.id, callId, name, args });
        }),
    ]),
  );
  const result = await runInProcess(message.source, {
    tools,
    toolSpecs: message.toolSpecs,
    params: message.params,
    limits: message.limits,
    rules: message.rules,
    heapUsedBytes: () => getHeapStatistics().used_heap_size,
  });
  port.postMessage({ type: "done", id: message.id, result });
}
