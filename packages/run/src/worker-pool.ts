import { Worker } from "node:worker_threads";

const MAX_IDLE = 2;
const idle = new Map<number, Worker[]>();

function workerUrl(): URL {
  // From dist/ the worker sits beside this file; from src/ (tests through an alias) use the build.
  return import.meta.url.endsWith(".ts")
    ? new URL("../dist/worker.js", import.meta.url)
    : new URL("./worker.js", import.meta.url);
}

/** A worker for a memory limit: a warm one from the pool, or a new one. */
export function acquireWorker(memoryMb: number): Worker {
  const warm = idle.get(memoryMb)?.pop();
  if (warm) {
    warm.ref();
    return warm;
  }
  return new Worker(workerUrl(), {
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(memoryMb / 4))),
      stackSizeMb: 4,
    },
  });
}

/** Returns a healthy worker to the pool (or ends it when the pool is full). */
export function releaseWorker(worker: Worker, memoryMb: number): void {
  worker.removeAllListeners("message");
  worker.removeAllListeners("error");
  worker.removeAllListeners("exit");
  const list = idle.get(memoryMb) ?? [];
  if (list.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  worker.unref();
  worker.once("exit", () => {
    const index = list.indexOf(worker);
    if (index >= 0) list.splice(index, 1);
  });
  list.push(worker);
  idle.set(memoryMb, list);
}

/** Starts one warm worker ahead of the first isolated run. */
export function prewarmWorkerPool(memoryMb = 256): void {
  const list = idle.get(memoryMb) ?? [];
  if (list.length > 0) return;
  releaseWorker(acquireWorker(memoryMb), memoryMb);
}

/** Terminates every idle worker (call before exit in long-lived hosts; idle workers never keep a process alive). */
export async function closeWorkerPool(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(all.map((worker) => worker.terminate()));
}
