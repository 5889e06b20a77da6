/**
 * The goals table of issue 17, as `bench/README.md` shows it: each row names the suite figures it
 * is read from (a ratio by name, or a task's median time) and the goal each must meet. `pnpm
 * bench:perf` prints these rows after the suites, so filling the README's table is copying.
 */
import type { RatioRow, TaskRow } from "./harness.js";

/**
 * One figure of a goal row: a suite's ratio by name (at most `goal`, or at least with `floor`; in
 * microseconds for an `overhead_us` ratio, `unit: "µs"`), or a task's median time (at most `goalMs`).
 */
export type GoalCheck =
  | { suite: string; ratio: string; goal: number; floor?: boolean; unit?: "µs" }
  | { suite: string; task: string; goalMs: number };

/** One row of the goals table. */
export interface GoalRow {
  measure: string;
  checks: GoalCheck[];
}

/** The workloads of the `files` suite, in the order of its goal rows. */
const FILE_WORKLOAD_NAMES = ["TODO count", "line count", "largest files"];

/** The `files` suite's goal rows: isolated against in-process, in-process against plain Node and Python lackpy, at 1,000 and 10,000 files. */
function FILE_GOALS(): GoalRow[] {
  const rows: GoalRow[] = [];
  const ratioRow = (measure: string, ratio: string, goal: number, floor = false) => {
    for (const size of ["1,000", "10,000"])
      rows.push({
        measure: `${measure}, ${size} files: TODO count; line count; largest files`,
        checks: FILE_WORKLOAD_NAMES.map((name) => ({
          suite: "files",
          ratio: `${name}, ${size} files: ${ratio}`,
          goal,
          ...(floor ? { floor } : {}),
        })),
      });
  };
  ratioRow("file work, isolated / in-process", "isolated / in-process", 1.5);
  ratioRow("file work, in-process / plain Node", "in-process / plain Node", 1.5);
  ratioRow(
    "file work, Python lackpy / lackpy in-process (times faster, wall time)",
    "Python lackpy / lackpy in-process (times faster)",
    1,
    true,
  );
  return rows;
}

/** The goals of issues 17 and 27, in the README's order. */
export const GOALS: readonly GoalRow[] = [
  {
    measure: "run a validated typical program / same logic natively (awaited tools)",
    checks: [{ suite: "run", ratio: "typical run / native", goal: 15 }],
  },
  {
    measure: "1,000-iteration loop without calls / native loop",
    checks: [
      {
        suite: "run",
        ratio: "1,000-iteration loop without calls / native over a lazy range",
        goal: 10,
      },
    ],
  },
  {
    measure: "per-tool-call overhead",
    checks: [{ suite: "run", ratio: "overhead per tool call", goal: 0.4, unit: "µs" }],
  },
  {
    measure: "run from source / sval on the same program (fresh instance)",
    checks: [
      { suite: "run", ratio: "typical run from source (cached) / sval from source", goal: 0.3 },
    ],
  },
  {
    measure: "validate / acorn.parse: typical; 1,000 lines",
    checks: [
      { suite: "validate", ratio: "validate / parse (typical)", goal: 1.15 },
      { suite: "validate", ratio: "validate / parse (1,000 lines)", goal: 1.3 },
    ],
  },
  {
    measure: "delegate served by a template, in-process: median time; / bare run of its program",
    checks: [
      { suite: "service", task: "delegate served by a template (tier 0)", goalMs: 0.3 },
      { suite: "service", ratio: "template delegate / bare run of its program", goal: 3 },
    ],
  },
  {
    measure: "`lackpy delegate` (template, isolated run) whole process / `node -e 0`",
    checks: [
      {
        suite: "isolation",
        ratio: "one-shot lackpy delegate (template, isolated) / node -e 0",
        goal: 2.5,
      },
    ],
  },
  {
    measure: "Python lackpy / lackpy, validate: typical; 1,000 lines (CPU time)",
    checks: [
      {
        suite: "python",
        ratio: "validate typical, Python lackpy / lackpy (times faster)",
        goal: 15,
        floor: true,
      },
      {
        suite: "python",
        ratio: "validate 1,000 lines, Python lackpy / lackpy",
        goal: 15,
        floor: true,
      },
    ],
  },
  {
    measure: "Python lackpy / lackpy, run a typical program from source (CPU time)",
    checks: [
      {
        suite: "python",
        ratio: "run typical (validated each time), Python lackpy / lackpy",
        goal: 10,
        floor: true,
      },
    ],
  },
  {
    measure: "Python lackpy / lackpy, delegate served by a template, in-process (CPU time)",
    checks: [
      {
        suite: "python",
        ratio: "template delegate, Python lackpy / lackpy",
        goal: 2,
        floor: true,
      },
    ],
  },
  // Issue 27: tier 0 is flat in the number of templates.
  {
    measure: "delegate served by a template, in-process: 5,000 templates / 10 (CPU time)",
    checks: [
      {
        suite: "templates",
        ratio: "template delegate CPU time, 5,000 / 10 templates",
        goal: 2,
      },
    ],
  },
  {
    measure: "one-shot `lackpy delegate` (template): 5,000 templates / 10 (whole process)",
    checks: [
      { suite: "templates", ratio: "one-shot lackpy delegate, 5,000 / 10 templates", goal: 1.5 },
    ],
  },
  // Issue 27: the one-shot CLI, bundled, loads only what the command needs.
  {
    measure: "`lackpy delegate` (rule, isolated run) whole process / `node -e 0`",
    checks: [
      {
        suite: "isolation",
        ratio: "one-shot lackpy delegate (rule, isolated) / node -e 0",
        goal: 2.5,
      },
    ],
  },
  {
    measure: "`lackpy run file.js` (isolated) whole process / `node -e 0`",
    checks: [
      { suite: "isolation", ratio: "one-shot lackpy run (isolated) / node -e 0", goal: 2.5 },
    ],
  },
  // Issue 27: everyday file work (the `files` suite) and the MCP server under concurrency.
  ...FILE_GOALS(),
  {
    measure:
      "MCP `run_program`, isolated, throughput: 2 in flight / 1; 4, 8, 16 in flight / 2 (2 cores)",
    checks: [
      {
        suite: "concurrency",
        ratio: "run_program isolated: throughput at 2 in flight / at 1",
        goal: 1.05,
        floor: true,
      },
      ...[4, 8, 16].map((inFlight) => ({
        suite: "concurrency",
        ratio: `run_program isolated: throughput at ${inFlight} in flight / at 2`,
        goal: 0.9,
        floor: true,
      })),
    ],
  },
];

/** A goal row with its figures from one run. */
export interface GoalResult {
  measure: string;
  goal: string;
  result: string;
  /** `yes` or `no`; `—` when some figure is missing (suite not run, skipped, or renamed). */
  met: "yes" | "no" | "—";
}

/** What the run produced: every row and ratio, and the suites that ran or were skipped (with why). */
export interface RunFigures {
  rows: readonly TaskRow[];
  ratios: readonly RatioRow[];
  ran: ReadonlySet<string>;
  skipped: ReadonlyMap<string, string>;
}

/** Reads every goal row from a run's figures. */
export function evaluateGoals(
  figures: RunFigures,
  goals: readonly GoalRow[] = GOALS,
): GoalResult[] {
  return goals.map((row) => {
    const checks = row.checks.map((check) => evaluateCheck(check, figures));
    const missing = checks.some((check) => check.met === undefined);
    const results = checks.map((check) => check.result);
    // "skipped (python); skipped (python)" says no more than once.
    const sameReason = checks.every(
      (check) => check.met === undefined && check.result === results[0],
    );
    return {
      measure: row.measure,
      goal: checks.map((check) => check.goal).join("; "),
      result: sameReason ? results[0]! : results.join("; "),
      met: missing ? "—" : checks.every((check) => check.met) ? "yes" : "no",
    };
  });
}

function evaluateCheck(
  check: GoalCheck,
  figures: RunFigures,
): { goal: string; result: string; met?: boolean } {
  const skipped = figures.skipped.get(check.suite);
  const goal =
    "task" in check
      ? `≤ ${check.goalMs} ms`
      : `${check.floor ? "≥" : "≤"} ${check.goal}${check.unit === "µs" ? " µs" : "×"}`;
  if (skipped !== undefined) return { goal, result: `skipped (${check.suite})` };
  if (!figures.ran.has(check.suite)) return { goal, result: `not run (${check.suite})` };
  if ("task" in check) {
    const row = figures.rows.find((row) => row.suite === check.suite && row.task === check.task);
    if (!row || !Number.isFinite(row.p50Us))
      return { goal, result: `missing: task "${check.task}" in ${check.suite}` };
    const milliseconds = row.p50Us / 1000;
    return {
      goal,
      result: `${Number(milliseconds.toPrecision(3))} ms`,
      met: milliseconds <= check.goalMs,
    };
  }
  const ratio = figures.ratios.find(
    (ratio) => ratio.suite === check.suite && ratio.name === check.ratio,
  );
  if (!ratio || !Number.isFinite(ratio.value))
    return { goal, result: `missing: ratio "${check.ratio}" in ${check.suite}` };
  const unit = ratio.unit === "us" ? " µs" : ratio.unit === "per_s" ? "/s" : "×";
  return {
    goal,
    result: `${Number(ratio.value.toPrecision(3))}${unit}`,
    met: check.floor ? ratio.value >= check.goal : ratio.value <= check.goal,
  };
}
