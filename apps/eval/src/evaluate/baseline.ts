/**
 * A run against a saved baseline report (an earlier `latest.json`): each summary row's pass rate
 * now and then, paired by intent, with a bootstrap interval; significant regressions first.
 */
import { readFile } from "node:fs/promises";
import { compareTallies, intentTallies } from "./comparisons.js";
import { FixtureError } from "../inputs/fixtures.js";
import type { Comparison, EvalReport, ReportCell, RowKey } from "../results/report-types.js";
import { groupByRow, rowKeyText } from "./summarise.js";

/** Reads a baseline report; it must carry its cells (reports written since the cells were added do). */
export async function loadBaseline(file: string): Promise<EvalReport> {
  let parsed: Partial<EvalReport>;
  try {
    parsed = JSON.parse(await readFile(file, "utf8")) as Partial<EvalReport>;
  } catch (error) {
    throw new FixtureError(
      "invalid_baseline",
      `${file}: ${(error as Error).message}`,
      "pass a latest.json written by `pnpm bench`",
    );
  }
  if (!Array.isArray(parsed.cells) || !parsed.meta)
    throw new FixtureError(
      "invalid_baseline",
      `${file} has no cells, so its rows cannot be compared intent by intent.`,
      "save a baseline from a current `pnpm bench` run: cp apps/eval/reports/latest.json apps/eval/baseline.json",
    );
  return parsed as EvalReport;
}

const keyOf = (cell: RowKey): RowKey => ({
  provider: cell.provider,
  model: cell.model,
  source: cell.source,
  variant: cell.variant,
  tier: cell.tier,
});

/** A cell that measured the current prompt: not answered from an older recording, not missing one. */
const measured = (cell: ReportCell) => !cell.stale && cell.mode !== "fixture_miss";

/**
 * Rows present now and in the baseline, compared (now − then) over the cells that measured their
 * prompt (stale and missing cells are reported apart, so a prompt change is no regression);
 * significant regressions first, then by change.
 */
export function compareWithBaseline(
  current: readonly ReportCell[],
  baseline: readonly ReportCell[],
): Comparison[] {
  const then = groupByRow(baseline.filter(measured));
  const changes: Comparison[] = [];
  for (const [key, cells] of groupByRow(current.filter(measured))) {
    const before = then.get(key);
    if (!before) continue;
    const comparison = compareTallies(
      "baseline",
      { key: keyOf(cells[0]), tallies: intentTallies(cells) },
      { key: keyOf(before[0]), tallies: intentTallies(before) },
    );
    if (comparison) changes.push(comparison);
  }
  const regression = (change: Comparison) => change.significant && change.difference < 0;
  return changes.sort(
    (a, b) =>
      Number(regression(b)) - Number(regression(a)) ||
      a.difference - b.difference ||
      rowKeyText(a.a).localeCompare(rowKeyText(b.a)),
  );
}
