/** Turns scored cells into the report's summary rows and failure-mode counts. */
import type { EvalReport, FailureCounts, SummaryRow, TierName } from "./report-types.js";
import type { Cell } from "./score-cell.js";

const TIER_ORDER: readonly TierName[] = ["templates", "rules", "ollama", "anthropic"];

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let index = 1; index <= k; index++) result = (result * (n - k + index)) / index;
  return result;
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
  const total = trialsByIntent.reduce(
    (sum, entry) => sum + binomial(entry.c, k) / binomial(entry.n, k),
    0,
  );
  return { passK: total / trialsByIntent.length, k };
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One row per provider × model × source × variant × tier. */
export function summarise(cells: readonly Cell[]): SummaryRow[] {
  const groups = new Map<string, Cell[]>();
  for (const cell of cells) {
    const key = [cell.provider, cell.model, cell.source, cell.variant, cell.tier].join("\u0000");
    const group = groups.get(key);
    if (group) group.push(cell);
    else groups.set(key, [cell]);
  }
  const rows = [...groups.values()].map((group): SummaryRow => {
    const first = group[0];
    const byIntent = new Map<string, { n: number; c: number }>();
    for (const cell of group) {
      const entry = byIntent.get(cell.intentId) ?? { n: 0, c: 0 };
      entry.n += 1;
      if (cell.score === 2) entry.c += 1;
      byIntent.set(cell.intentId, entry);
    }
    const rejected = group.filter((cell) => cell.firstRejected);
    return {
      provider: first.provider,
      model: first.model,
      source: first.source,
      variant: first.variant,
      tier: first.tier,
      cells: group.length,
      passRate: group.filter((cell) => cell.score === 2).length / group.length,
      gateRate: group.filter((cell) => cell.score >= 1).length / group.length,
      ...passHatK([...byIntent.values()]),
      correctionRate: rejected.length
        ? rejected.filter((cell) => cell.accepted).length / rejected.length
        : null,
      fixtureMisses: group.filter((cell) => cell.mode === "fixture_miss").length,
      stale: group.filter((cell) => cell.stale).length,
      latencyMsMedian: median(
        group.flatMap((cell) => (cell.latencyMs === null ? [] : [cell.latencyMs])),
      ),
      tokensIn: group.reduce((sum, cell) => sum + cell.tokensIn, 0),
      tokensOut: group.reduce((sum, cell) => sum + cell.tokensOut, 0),
      steps: {
        initial: group.filter((cell) => cell.acceptedBy === "initial").length,
        cleanup: group.filter((cell) => cell.acceptedBy === "cleanup").length,
        retry: group.filter((cell) => cell.acceptedBy === "retry").length,
        fixer: group.filter((cell) => cell.acceptedBy === "fixer").length,
        none: group.filter((cell) => cell.acceptedBy === "none").length,
      },
    };
  });
  return rows.sort(
    (a, b) =>
      a.provider.localeCompare(b.provider) ||
      a.model.localeCompare(b.model) ||
      a.variant.localeCompare(b.variant) ||
      TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier),
  );
}

/** Failure modes of every cell that did not pass. */
export function failureModes(cells: readonly Cell[]): FailureCounts {
  const counts: FailureCounts = {};
  for (const cell of cells) if (cell.mode) counts[cell.mode] = (counts[cell.mode] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** Failure modes split by the cells' number source (sources without cells are left out). */
export function failureModesBySource(cells: readonly Cell[]): EvalReport["failureModesBySource"] {
  const sources = [...new Set(cells.map((cell) => cell.source))].sort();
  return Object.fromEntries(
    sources.map((source) => [source, failureModes(cells.filter((cell) => cell.source === source))]),
  );
}
