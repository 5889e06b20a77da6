/**
 * The bench harness. Each `*.bench.ts` file exports `suite: BenchSuite`; the runner measures
 * every task with tinybench and reports each figure as a ratio against a baseline task measured
 * in the same run, because absolute times on shared 2-core machines mean little.
 */
import { Bench } from "tinybench";

/** One measured task. */
export interface BenchTask {
  name: string;
  fn: () => unknown | Promise<unknown>;
}

/** A ratio of two tasks' mean times, with an optional goal (the ratio should be at most this). */
export interface BenchRatio {
  name: string;
  task: string;
  baseline: string;
  /** Divide the ratio by this (e.g. 1000 when the task runs 1000 calls and the figure is per call). */
  per?: number;
  goal?: number;
  /**
   * `overhead_us`: the difference per `per` in microseconds instead of a ratio; `per_second`:
   * the task's throughput, `per` units (e.g. cells) per second (`baseline` is the task itself).
   */
  kind?: "ratio" | "overhead_us" | "per_second";
}

/** A group of tasks and the ratios that matter. */
export interface BenchSuite {
  name: string;
  setup?: () => Promise<void> | void;
  teardown?: () => Promise<void> | void;
  tasks: () => BenchTask[] | Promise<BenchTask[]>;
  ratios: BenchRatio[];
  /** Time per task in ms (default 300). */
  timeMs?: number;
  /** Fewest samples per task (default tinybench's 64); lower it for tasks that take a second. */
  iterations?: number;
}

/** Measured statistics of one task, in microseconds. */
export interface TaskRow {
  suite: string;
  task: string;
  meanUs: number;
  p50Us: number;
  p75Us: number;
  p99Us: number;
  samples: number;
}

/** A computed ratio. */
export interface RatioRow {
  suite: string;
  name: string;
  value: number;
  unit: "x" | "us" | "per_s";
  goal?: number;
  met?: boolean;
}

/** Runs one suite and returns its rows and ratios. */
export async function runSuite(
  suite: BenchSuite,
): Promise<{ rows: TaskRow[]; ratios: RatioRow[] }> {
  await suite.setup?.();
  try {
    const bench = new Bench({
      time: suite.timeMs ?? 300,
      warmupTime: 100,
      ...(suite.iterations !== undefined ? { iterations: suite.iterations } : {}),
    });
    for (const task of await suite.tasks()) bench.add(task.name, task.fn);
    await bench.run();
    const rows: TaskRow[] = bench.tasks.map((task) => {
      const latency = (task.result as any)?.latency ?? {};
      return {
        suite: suite.name,
        task: task.name,
        meanUs: (latency.mean ?? NaN) * 1000,
        p50Us: (latency.p50 ?? NaN) * 1000,
        p75Us: (latency.p75 ?? NaN) * 1000,
        p99Us: (latency.p99 ?? NaN) * 1000,
        samples: latency.samplesCount ?? latency.samples?.length ?? 0,
      };
    });
    // Ratios use medians: on a shared machine a few GC pauses or preemptions move the mean of one task but not the other.
    const mean = (name: string) => rows.find((row) => row.task === name)?.p50Us ?? NaN;
    const ratios = suite.ratios.map((ratio): RatioRow => {
      const per = ratio.per ?? 1;
      if (ratio.kind === "per_second") {
        const value = (per * 1e6) / mean(ratio.task);
        return {
          suite: suite.name,
          name: ratio.name,
          value,
          unit: "per_s",
          // A throughput goal is a floor.
          ...(ratio.goal !== undefined ? { goal: ratio.goal, met: value >= ratio.goal } : {}),
        };
      }
      const value =
        ratio.kind === "overhead_us"
          ? (mean(ratio.task) - mean(ratio.baseline)) / per
          : mean(ratio.task) / mean(ratio.baseline) / per;
      return {
        suite: suite.name,
        name: ratio.name,
        value,
        unit: ratio.kind === "overhead_us" ? "us" : "x",
        ...(ratio.goal !== undefined ? { goal: ratio.goal, met: value <= ratio.goal } : {}),
      };
    });
    return { rows, ratios };
  } finally {
    await suite.teardown?.();
  }
}
