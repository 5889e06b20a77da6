import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluateGoals, GOALS, type GoalRow, type RunFigures } from "./goals.js";
import { computeRatio, type RatioRow, type TaskRow } from "./harness.js";

function row(suite: string, task: string, p50Us: number): TaskRow {
  return { suite, task, meanUs: p50Us, p50Us, p75Us: p50Us, p99Us: p50Us, samples: 10 };
}

function ratio(suite: string, name: string, value: number, unit: RatioRow["unit"] = "x"): RatioRow {
  return { suite, name, value, unit };
}

const ROWS: GoalRow[] = [
  { measure: "ceiling", checks: [{ suite: "a", ratio: "r1", goal: 2 }] },
  { measure: "floor", checks: [{ suite: "b", ratio: "speed", goal: 10, floor: true }] },
  {
    measure: "time and ratio",
    checks: [
      { suite: "a", task: "slow task", goalMs: 0.3 },
      { suite: "a", ratio: "r2", goal: 0.4, unit: "µs" },
    ],
  },
  { measure: "renamed", checks: [{ suite: "a", ratio: "gone", goal: 1 }] },
  {
    measure: "skipped twice",
    checks: [
      { suite: "c", ratio: "x", goal: 1 },
      { suite: "c", ratio: "y", goal: 1 },
    ],
  },
  { measure: "not run", checks: [{ suite: "d", ratio: "x", goal: 1 }] },
];

const FIGURES: RunFigures = {
  rows: [row("a", "slow task", 250)],
  ratios: [ratio("a", "r1", 2.5), ratio("b", "speed", 12), ratio("a", "r2", 0.35, "us")],
  ran: new Set(["a", "b", "c"]),
  skipped: new Map([["c", "Python lackpy not found"]]),
};

describe("evaluateGoals", () => {
  it("reads each row from the run's ratios and medians, against ceilings and floors", () => {
    expect(evaluateGoals(FIGURES, ROWS)).toEqual([
      { measure: "ceiling", goal: "≤ 2×", result: "2.5×", met: "no" },
      { measure: "floor", goal: "≥ 10×", result: "12×", met: "yes" },
      {
        measure: "time and ratio",
        goal: "≤ 0.3 ms; ≤ 0.4 µs",
        result: "0.25 ms; 0.35 µs",
        met: "yes",
      },
      {
        measure: "renamed",
        goal: "≤ 1×",
        result: 'missing: ratio "gone" in a',
        met: "—",
      },
      { measure: "skipped twice", goal: "≤ 1×; ≤ 1×", result: "skipped (c)", met: "—" },
      { measure: "not run", goal: "≤ 1×", result: "not run (d)", met: "—" },
    ]);
  });

  it("fails a row when one of its figures misses its goal", () => {
    const figures = { ...FIGURES, rows: [row("a", "slow task", 450)] };
    expect(evaluateGoals(figures, [ROWS[2]!])[0]).toMatchObject({
      result: "0.45 ms; 0.35 µs",
      met: "no",
    });
  });

  it("prints the rows of the goals table in bench/README.md, measure and goal alike", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const printed = evaluateGoals(
      { rows: [], ratios: [], ran: new Set(), skipped: new Map() },
      GOALS,
    ).map((goal) => `| ${goal.measure} | ${goal.goal} |`);
    // The README's rows hold measured results after these two columns.
    const table = readme
      .split("\n")
      .map((line) => line.split(" | ").slice(0, 2).join(" | ") + " |")
      .filter((start) => printed.includes(start));
    expect(table).toEqual(printed);
  });
});

describe("computeRatio", () => {
  const rows = [row("python", "ours", 20), row("python", "theirs", 300)];

  it("computes a speedup as baseline over task, a floor goal", () => {
    expect(
      computeRatio(
        "python",
        { name: "s", task: "ours", baseline: "theirs", kind: "speedup", goal: 10 },
        rows,
      ),
    ).toEqual({
      suite: "python",
      name: "s",
      value: 15,
      unit: "x",
      goal: 10,
      met: true,
      floor: true,
    });
  });

  it("keeps a plain ratio a ceiling", () => {
    expect(
      computeRatio("python", { name: "r", task: "theirs", baseline: "ours", goal: 10 }, rows),
    ).toEqual({ suite: "python", name: "r", value: 15, unit: "x", goal: 10, met: false });
  });
});
