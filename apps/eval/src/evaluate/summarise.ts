/**
 * Turns scored cells into the report's summary rows and failure-mode counts. A cell whose prompt
 * was byte-identical to an earlier variant's (`sameAsVariant`) is left out of its own variant's
 * row: it is the same measurement, counted once under the earlier variant.
 */
import { costUsd, DEFAULT_PRICES, type PriceTable } from "../inputs/prices.js";
import type {
  EvalReport,
  FailureCounts,
  RowKey,
  SummaryRow,
  TierName,
} from "../results/report-types.js";
import type { Cell } from "../replay/score-cell.js";
import { bootstrapMean, wilsonInterval } from "../results/stats.js";

const TIER_ORDER: readonly TierName[] = ["templates", "rules", "ollama", "anthropic"];

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let index = 1; index <= k; index++) result = (result * (n - k + index)) / index;
  return result;
}

/** pass^k of one intent with n trials of which c passed: C(c, k) / C(n, k). */
function passHatKOf(entry: { n: number; c: number }, k: number): number {
  return binomial(entry.c, k) / binomial(entry.n, k);
}

/**
 * pass^k (τ-bench): per intent with n trials of which c passed, C(c, k) / C(n, k), the chance
 * that k trials drawn from the n all pass; averaged over intents. k is the smallest n.
 */
export function passHatK(trialsByIntent: readonly { n: number; c: number }[]): {
  passK: number;
  k: number;
} {
  if (trialsByIntent.length === 0) return { passK: 0, k: 0 };
  const k = Math.min(...trialsByIntent.map((entry) => entry.n));
  const total = trialsByIntent.reduce((sum, entry) => sum + passHatKOf(entry, k), 0);
  return { passK: total / trialsByIntent.length, k };
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The key of a cell's summary row, as text. */
export function rowKeyText(row: RowKey): string {
  return [row.provider, row.model, row.source, row.variant, row.tier].join("\u0000");
}

/** Cells grouped by summary row, in first-seen order. */
export function groupByRow<T extends RowKey>(cells: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const cell of cells) {
    const key = rowKeyText(cell);
    const group = groups.get(key);
    if (group) group.push(cell);
    else groups.set(key, [cell]);
  }
  return groups;
}

/** The cells that count: one per distinct prompt (identical-prompt repeats of an earlier variant left out). */
export function countedCells(cells: readonly Cell[]): Cell[] {
  return cells.filter((cell) => cell.sameAsVariant === null);
}

const count = (cells: readonly Cell[], test: (cell: Cell) => boolean) => cells.filter(test).length;

function summariseGroup(all: readonly Cell[], prices: PriceTable): SummaryRow {
  const first = all[0];
  const group = countedCells(all);
  const left = all.length - group.length;
  const byIntent = new Map<string, { n: number; c: number }>();
  for (const cell of group) {
    const entry = byIntent.get(cell.intentId) ?? { n: 0, c: 0 };
    entry.n += 1;
    if (cell.score === 2) entry.c += 1;
    byIntent.set(cell.intentId, entry);
  }
  const passes = count(group, (cell) => cell.score === 2);
  const gated = count(group, (cell) => cell.score >= 1);
  const answered = count(group, (cell) => cell.accepted);
  const rejected = group.filter((cell) => cell.firstRejected);
  const corrected = count(rejected, (cell) => cell.accepted);
  const perIntent = [...byIntent.values()];
  const { passK, k } = passHatK(perIntent);
  // Loopback time and characters / 4 are not a model's latency and tokens: synthetic rows leave them out.
  const measured = first.source !== "synthetic";
  const tokensIn = group.reduce((sum, cell) => sum + cell.tokensIn, 0);
  const tokensOut = group.reduce((sum, cell) => sum + cell.tokensOut, 0);
  const isModel = first.tier === "ollama" || first.tier === "anthropic";
  return {
    provider: first.provider,
    model: first.model,
    source: first.source,
    variant: first.variant,
    tier: first.tier,
    cells: group.length,
    intents: byIntent.size,
    identicalPrompts: left,
    identicalTo: left ? (all.find((cell) => cell.sameAsVariant)?.sameAsVariant ?? null) : null,
    passes,
    passRate: group.length ? passes / group.length : 0,
    passInterval: wilsonInterval(passes, group.length),
    gateRate: group.length ? gated / group.length : 0,
    gateInterval: wilsonInterval(gated, group.length),
    answered,
    coverage: group.length ? answered / group.length : 0,
    coverageInterval: wilsonInterval(answered, group.length),
    accuracy: answered ? passes / answered : null,
    accuracyInterval: wilsonInterval(passes, answered),
    passK,
    k,
    passKInterval: bootstrapMean(perIntent.map((entry) => passHatKOf(entry, k))),
    correctionRate: rejected.length ? corrected / rejected.length : null,
    correctionInterval: wilsonInterval(corrected, rejected.length),
    fixtureMisses: count(group, (cell) => cell.mode === "fixture_miss"),
    stale: count(group, (cell) => cell.stale),
    latencyMsMedian: measured
      ? median(group.flatMap((cell) => (cell.latencyMs === null ? [] : [cell.latencyMs])))
      : null,
    tokensIn: measured && isModel ? tokensIn : null,
    tokensOut: measured && isModel ? tokensOut : null,
    costUsd:
      first.source === "recorded" && first.tier === "anthropic"
        ? costUsd(first.model, { tokensIn, tokensOut }, prices)
        : null,
    steps: {
      initial: count(group, (cell) => cell.acceptedBy === "initial"),
      cleanup: count(group, (cell) => cell.acceptedBy === "cleanup"),
      retry: count(group, (cell) => cell.acceptedBy === "retry"),
      fixer: count(group, (cell) => cell.acceptedBy === "fixer"),
      none: count(group, (cell) => cell.acceptedBy === "none"),
    },
  };
}

/** One row per provider × model × source × variant × tier, with 95% intervals. */
export function summarise(
  cells: readonly Cell[],
  options: { prices?: PriceTable } = {},
): SummaryRow[] {
  const rows = [...groupByRow(cells).values()].map((group) =>
    summariseGroup(group, options.prices ?? DEFAULT_PRICES),
  );
  return rows.sort(
    (a, b) =>
      a.provider.localeCompare(b.provider) ||
      a.model.localeCompare(b.model) ||
      a.variant.localeCompare(b.variant) ||
      TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier),
  );
}

/** Failure modes of every counted cell that did not pass. */
export function failureModes(cells: readonly Cell[]): FailureCounts {
  const counts: FailureCounts = {};
  for (const cell of countedCells(cells))
    if (cell.mode) counts[cell.mode] = (counts[cell.mode] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** Failure modes split by the cells' number source (sources without cells are left out). */
export function failureModesBySource(cells: readonly Cell[]): EvalReport["failureModesBySource"] {
  const sources = [...new Set(cells.map((cell) => cell.source))].sort();
  return Object.fromEntries(
    sources.map((source) => [source, failureModes(cells.filter((cell) => cell.source === source))]),
  );
}
