/**
 * Sampling several tasks in turn, round by round, so a shared machine's drift (other jobs
 * starting and stopping) hits every task alike: each round runs a batch of each task, one after
 * the other, and a task's samples are its batches' wall time per call. A task may run in a
 * process of its own (`side-process.ts`), so that no two sides share a heap, a garbage
 * collector or the code the JIT made for them.
 */
import type { MeasuredTask } from "./harness.js";

/** One task sampled in turn: `batch(calls)` makes that many calls and gives their wall time in ms. */
export interface TurnTask {
  task: string;
  batch(calls: number): Promise<number>;
}

/** How long to warm up and sample. */
export interface TurnSampling {
  rounds: number;
  /** Wall time of one batch, in ms (the calls per batch are set from the warm-up). */
  batchMs: number;
  /** Warm-up of each task, in ms of wall time. */
  warmupMs: number;
}

/** A task run in this process. */
export function localTask(task: string, fn: () => unknown): TurnTask {
  return { task, batch: (calls) => timedCalls(fn, calls) };
}

/** Makes `calls` calls of `fn` (awaiting only promises) and gives their wall time in ms. */
export async function timedCalls(fn: () => unknown, calls: number): Promise<number> {
  const started = performance.now();
  for (let call = 0; call < calls; call++) {
    const result = fn();
    if (result instanceof Promise) await result;
  }
  return performance.now() - started;
}

/** Warms each task up, then samples the tasks in turn for `rounds` rounds; microseconds per call. */
export async function sampleInTurn(
  tasks: readonly TurnTask[],
  sampling: TurnSampling,
): Promise<MeasuredTask[]> {
  const batches: number[] = [];
  for (const { batch } of tasks) {
    let calls = 1;
    let spentMs = 0;
    let madeCalls = 0;
    while (spentMs < sampling.warmupMs) {
      spentMs += await batch(calls);
      madeCalls += calls;
      calls = Math.min(calls * 2, 1024);
    }
    const perCallMs = Math.max(spentMs / madeCalls, 0.000_1);
    batches.push(Math.max(1, Math.round(sampling.batchMs / perCallMs)));
  }
  const samples = tasks.map(() => [] as number[]);
  for (let round = 0; round < sampling.rounds; round++)
    for (let index = 0; index < tasks.length; index++) {
      const calls = batches[index]!;
      const ms = await tasks[index]!.batch(calls);
      samples[index]!.push((ms * 1000) / calls);
    }
  return tasks.map(({ task }, index) => ({ task, samplesUs: samples[index]! }));
}
