/**
 * A task of the in-turn sampling (`in-turn.ts`) that runs in a child process of its own: the
 * child imports `module`, calls its export `name` with `args` to set the task up, and then makes
 * batches of calls on request, timing them itself. Sides compared this way share no heap, no
 * garbage collector and no JIT state, which in one process favour whichever side runs later.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TurnTask } from "./in-turn.js";

const WORKER = fileURLToPath(new URL("./side-worker.ts", import.meta.url));

/** What the worker answers: ready, a batch's wall time in ms, or the error that stopped it. */
export type SideAnswer = { ready: true } | { ms: number } | { error: string };

/** A task in its own process, and how to end that process. */
export interface SideTask extends TurnTask {
  close(): void;
}

/** Starts the side's process and waits for its set-up; the task's batches then run there. */
export async function sideProcess(
  task: string,
  module: URL,
  name: string,
  args: readonly string[] = [],
): Promise<SideTask> {
  const child = fork(WORKER, [fileURLToPath(module), name, ...args], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = (message: unknown) => answer(child, task, message);
  try {
    await ask(null);
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    task,
    batch: async (calls) => ((await ask({ calls })) as { ms: number }).ms,
    close: () => child.kill(),
  };
}

function answer(child: ChildProcess, task: string, message: unknown): Promise<SideAnswer> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`${task}: its process exited (${code}) before answering`));
    child.once("exit", onExit);
    child.once("message", (reply: SideAnswer) => {
      child.off("exit", onExit);
      if ("error" in reply) reject(new Error(`${task}: ${reply.error}`));
      else resolve(reply);
    });
    if (message !== null) child.send(message as object);
  });
}
