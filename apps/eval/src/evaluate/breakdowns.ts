/** Pass rates of every summary row split by the intents' kit, file (category) and difficulty. */
import type { BreakdownRow } from "../results/report-types.js";
import type { Cell } from "../replay/score-cell.js";
import { wilsonInterval } from "../results/stats.js";
import { countedCells, groupByRow } from "./summarise.js";

const DIMENSIONS = ["kit", "category", "difficulty"] as const;

/** One row per summary row × dimension × value, sorted by dimension then value. */
export function breakdowns(cells: readonly Cell[]): BreakdownRow[] {
  const rows: BreakdownRow[] = [];
  for (const group of groupByRow(countedCells(cells)).values()) {
    const { provider, model, source, variant, tier } = group[0];
    for (const dimension of DIMENSIONS) {
      const values = [...new Set(group.map((cell) => cell[dimension]))].sort();
      for (const value of values) {
        const part = group.filter((cell) => cell[dimension] === value);
        const passes = part.filter((cell) => cell.score === 2).length;
        rows.push({
          provider,
          model,
          source,
          variant,
          tier,
          dimension,
          value,
          cells: part.length,
          passes,
          passRate: passes / part.length,
          passInterval: wilsonInterval(passes, part.length),
        });
      }
    }
  }
  return rows;
}
