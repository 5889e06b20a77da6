/**
 * CPU-time sampling, the same procedure as `bench/python/lackpy_driver.py` so both sides of the
 * Python comparison are measured alike: warm up for `warmupMs` of CPU time (which also estimates
 * the cost of one call), then take `samples` batches of enough calls to last `minSampleMs` each,
 * and record each batch's CPU time divided by its calls. CPU time is user plus system time of the
 * whole process (`process.cpuUsage`), so other processes on a shared machine move it less than
 * wall time, and work on the runtime's helper threads (GC, compilation) is counted.
 */

import { readFileSync } from "node:fs";

/** How long to warm up and sample, in CPU milliseconds. */
export interface CpuSampling {
  samples: number;
  minSampleMs: number;
  warmupMs: number;
}

/** The sampling both sides use unless told otherwise. */
export const DEFAULT_CPU_SAMPLING: Readonly<CpuSampling> = Object.freeze({
  samples: 15,
  minSampleMs: 20,
  warmupMs: 200,
});

/** One task's samples: CPU microseconds per call, and the calls per batch. */
export interface CpuSamples {
  samplesUs: number[];
  batch: number;
}

function cpuMicroseconds(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** Samples the CPU time of one call of `operation` (awaited when it returns a promise). */
export async function sampleCpuTime(
  operation: () => unknown,
  sampling: CpuSampling = DEFAULT_CPU_SAMPLING,
): Promise<CpuSamples> {
  const warmupStart = cpuMicroseconds();
  let warmupCalls = 0;
  while (warmupCalls === 0 || cpuMicroseconds() - warmupStart < sampling.warmupMs * 1000) {
    const result = operation();
    if (result instanceof Promise) await result;
    warmupCalls++;
  }
  const perCallUs = Math.max((cpuMicroseconds() - warmupStart) / warmupCalls, 0.001);
  const batch = Math.max(1, Math.ceil((sampling.minSampleMs * 1000) / perCallUs));
  const samplesUs: number[] = [];
  for (let sample = 0; sample < sampling.samples; sample++) {
    const start = cpuMicroseconds();
    for (let index = 0; index < batch; index++) {
      // Await only promises, so a synchronous operation pays no microtask per call.
      const result = operation();
      if (result instanceof Promise) await result;
    }
    samplesUs.push((cpuMicroseconds() - start) / batch);
  }
  return { samplesUs, batch };
}

/** The discarded pass that warms every operation of a group before any is sampled. */
const WARM_UP: Readonly<CpuSampling> = Object.freeze({
  samples: 1,
  minSampleMs: 1,
  warmupMs: 1_000,
});

/**
 * Samples each operation's CPU time after one discarded pass over all of them. V8 compiles hot
 * code on background threads and process CPU time counts them, so without the pass the first
 * operation sampled pays most of the JIT's bill (measured: 110 µs against 34 µs for a validate).
 */
export async function sampleEachCpuTime(
  operations: Readonly<Record<string, () => unknown>>,
  sampling: CpuSampling = DEFAULT_CPU_SAMPLING,
): Promise<Array<CpuSamples & { task: string }>> {
  for (const operation of Object.values(operations)) await sampleCpuTime(operation, WARM_UP);
  const measured: Array<CpuSamples & { task: string }> = [];
  for (const [task, operation] of Object.entries(operations))
    measured.push({ task, ...(await sampleCpuTime(operation, sampling)) });
  return measured;
}

/**
 * Another process's CPU time (user plus system, its own threads, not its children's) in seconds,
 * from `/proc/<pid>/stat` (Linux, at 100 clock ticks a second); NaN where it cannot be read.
 */
export function processCpuSeconds(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
