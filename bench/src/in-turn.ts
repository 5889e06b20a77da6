/**
 * Sampling several tasks in turn, round by round, so a shared machine's drift (other jobs
 * starting and stopping) hits every task alike: each round runs a batch of each task, one after
 * the other, and a task's samples are its batches' wall time per call.
 */
import type { MeasuredTask } from "./harness.js";

/** One task sampled in turn. */
export interface TurnTask {
  task: string;
  fn: () => unknown;
}

/** How long to warm up and sample. */
export interface TurnSampling {
  rounds: number;
  /** Wall time of one batch, in ms (the calls per batch are set from the warm-up). */
  batchMs: number;
  /** Warm-up of each task, in ms of wall time. */
  warmupMs: number;
}

async function callOnce(fn: () => unknown): Promise<void> {
  const result = fn();
  if (result instanceof Promise) await result;
}

/** Warms each task up, then samples the tasks in turn for `rounds` rounds; microseconds per call. */
export async function sampleInTurn(
  tasks: readonly TurnTask[],
  sampling: TurnSampling,
): Promise<MeasuredTask[]> {
  const batches: number[] = [];
  for (const { fn } of tasks) {
    const started = performance.now();
    let calls = 0;
    while (calls === 0 || performance.now() - started < sampling.warmupMs) {
      await callOnce(fn);
      calls++;
    }
    const perCallMs = Math.max((performance.now() - started) / calls, 0.000_1);
    batches.push(Math.max(1, Math.round(sampling.batchMs / perCallMs)));
  }
  const samples = tasks.map(() => [] as number[]);
  for (let round = 0; round < sampling.rounds; round++)
    for (let index = 0; index < tasks.length; index++) {
      const { fn } = tasks[index]!;
      const batch = batches[index]!;
      const started = performance.now();
      for (let call = 0; call < batch; call++) await callOnce(fn);
      samples[index]!.push(((performance.now() - started) * 1000) / batch);
    }
  return tasks.map(({ task }, index) => ({ task, samplesUs: samples[index]! }));
}
