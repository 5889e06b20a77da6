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
   * the task's throughput, `per` units (e.g. cells) per second (`baseline` is the task itself);
   * `speedup`: how many times faster the task is than the baseline (baseline / task), a floor goal;
   * `paired`: the median of the ratios of the two tasks' samples taken in pairs (a suite's own
   * `measure` that runs them in turn, A B A B …), which a drifting machine moves less.
   */
  kind?: "ratio" | "overhead_us" | "per_second" | "speedup" | "paired";
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
  /**
   * Fewest samples per task (default tinybench's 64); lower it for tasks that take a second. A
   * suite that sets it also warms each task up with three runs instead of tinybench's 16.
   */
  iterations?: number;
  /**
   * Measures the tasks itself instead of through tinybench (e.g. CPU time in two processes);
   * `tasks` is then unused. Returns the rows, or why the suite was skipped.
   */
  measure?: () => Promise<MeasuredTask[] | { skipped: string }>;
}

/** A task measured by a suite's own `measure`: its samples, in microseconds. */
export interface MeasuredTask {
  task: string;
  samplesUs: number[];
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
  /** The samples in the order they were taken (a suite's own `measure` only), for `paired` ratios. */
  samplesUs?: number[];
}

/** A computed ratio. */
export interface RatioRow {
  suite: string;
  name: string;
  value: number;
  unit: "x" | "us" | "per_s";
  goal?: number;
  met?: boolean;
  /** The goal is a floor (throughput, speedup) rather than a ceiling. */
  floor?: boolean;
}

/** A suite's result: its rows and ratios, or why it was skipped. */
export interface SuiteResult {
  rows: TaskRow[];
  ratios: RatioRow[];
  skipped?: string;
}

/** Warm-up runs of each task in a suite of slow tasks (one that sets `iterations`). */
const SLOW_TASK_WARMUP_ITERATIONS = 3;

/** Runs one suite and returns its rows and ratios. */
export async function runSuite(suite: BenchSuite): Promise<SuiteResult> {
  await suite.setup?.();
  try {
    if (suite.measure) {
      const measured = await suite.measure();
      if ("skipped" in measured) return { rows: [], ratios: [], skipped: measured.skipped };
      const rows = measured.map((task) => summarizeSamples(suite.name, task));
      return { rows, ratios: suite.ratios.map((ratio) => computeRatio(suite.name, ratio, rows)) };
    }
    const bench = new Bench({
      time: suite.timeMs ?? 300,
      warmupTime: 100,
      ...(suite.iterations !== undefined
        ? { iterations: suite.iterations, warmupIterations: SLOW_TASK_WARMUP_ITERATIONS }
        : {}),
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
    return { rows, ratios: suite.ratios.map((ratio) => computeRatio(suite.name, ratio, rows)) };
  } finally {
    await suite.teardown?.();
  }
}

/** Computes one ratio from a suite's rows, using medians. */
export function computeRatio(suiteName: string, ratio: BenchRatio, rows: TaskRow[]): RatioRow {
  // Ratios use medians: on a shared machine a few GC pauses or preemptions move the mean of one task but not the other.
  const median = (name: string) => rows.find((row) => row.task === name)?.p50Us ?? NaN;
  const per = ratio.per ?? 1;
  const floor = ratio.kind === "per_second" || ratio.kind === "speedup";
  let value: number;
  if (ratio.kind === "paired") value = pairedMedian(ratio, rows) / per;
  else if (ratio.kind === "per_second") value = (per * 1e6) / median(ratio.task);
  else if (ratio.kind === "speedup") value = median(ratio.baseline) / median(ratio.task) / per;
  else if (ratio.kind === "overhead_us")
    value = (median(ratio.task) - median(ratio.baseline)) / per;
  else value = median(ratio.task) / median(ratio.baseline) / per;
  return {
    suite: suiteName,
    name: ratio.name,
    value,
    unit: ratio.kind === "per_second" ? "per_s" : ratio.kind === "overhead_us" ? "us" : "x",
    ...(ratio.goal !== undefined
      ? { goal: ratio.goal, met: floor ? value >= ratio.goal : value <= ratio.goal }
      : {}),
    ...(floor ? { floor } : {}),
  };
}

/** The median of task / baseline over their samples taken in pairs (NaN without samples). */
function pairedMedian(ratio: BenchRatio, rows: TaskRow[]): number {
  const task = rows.find((row) => row.task === ratio.task)?.samplesUs ?? [];
  const baseline = rows.find((row) => row.task === ratio.baseline)?.samplesUs ?? [];
  const count = Math.min(task.length, baseline.length);
  const ratios = Array.from({ length: count }, (_, index) => task[index]! / baseline[index]!).sort(
    (left, right) => left - right,
  );
  if (count === 0) return NaN;
  return count % 2 === 1
    ? ratios[(count - 1) / 2]!
    : (ratios[count / 2 - 1]! + ratios[count / 2]!) / 2;
}

/** Mean and percentiles of a task's samples (microseconds). */
function summarizeSamples(suiteName: string, task: MeasuredTask): TaskRow {
  const sorted = [...task.samplesUs].sort((left, right) => left - right);
  const percentile = (fraction: number) =>
    sorted.length === 0
      ? NaN
      : sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
  return {
    suite: suiteName,
    task: task.task,
    meanUs: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50Us: percentile(0.5),
    p75Us: percentile(0.75),
    p99Us: percentile(0.99),
    samples: sorted.length,
    samplesUs: task.samplesUs,
  };
}
