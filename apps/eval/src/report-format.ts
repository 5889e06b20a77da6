import type {
  EvalReport,
  NumberSource,
  RatchetWindow,
  SummaryRow,
  TierName,
} from "./report-types.js";

/** The tiers in the order reports list them: cheapest first. */
export const TIER_ORDER: readonly TierName[] = Object.freeze([
  "templates",
  "rules",
  "ollama",
  "anthropic",
]);

/** Shown for a number the report does not have. */
export const MISSING = "—";

/** The one-line note printed whenever synthetic numbers appear in a report. */
export const SYNTHETIC_NOTE =
  "Synthetic rows come from behaviour profiles, not real models: they exercise the harness, not a model.";

/** Formats a 0..1 share as a percentage with one decimal (`0.625` → `62.5%`), or `—` for null. */
export function formatPercent(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return MISSING;
  return `${(share * 100).toFixed(1)}%`;
}

/** Formats a whole count with thousands separators that do not depend on the locale. */
export function formatCount(value: number): string {
  const rounded = Math.round(value);
  const sign = rounded < 0 ? "-" : "";
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Formats a latency in ms (`1234.4` → `1,234 ms`), or `—` for null. */
export function formatLatencyMs(latencyMs: number | null): string {
  return latencyMs === null || !Number.isFinite(latencyMs)
    ? MISSING
    : `${formatCount(latencyMs)} ms`;
}

/** Formats pass^k together with its k (`0.41, 3` → `41.0% (k=3)`). */
export function formatPassK(row: Pick<SummaryRow, "passK" | "k">): string {
  return `${formatPercent(row.passK)} (k=${row.k})`;
}

/** The label of one summary row's model line: `provider / model · variant`. */
export function rowLabel(row: Pick<SummaryRow, "provider" | "model" | "variant">): string {
  return `${row.provider} / ${row.model} · ${row.variant}`;
}

function compareText(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** Returns the summary rows sorted by provider, model, variant, then tier order (a new array). */
export function sortSummaryRows(rows: readonly SummaryRow[]): SummaryRow[] {
  return [...rows].sort(
    (left, right) =>
      compareText(left.provider, right.provider) ||
      compareText(left.model, right.model) ||
      compareText(left.variant, right.variant) ||
      TIER_ORDER.indexOf(left.tier) - TIER_ORDER.indexOf(right.tier),
  );
}

/** The share of a ratchet window's requests that no tier answered (0..1, never negative). */
export function unansweredShare(tierShare: Record<TierName, number>): number {
  const answered = TIER_ORDER.reduce((sum, tier) => sum + (tierShare[tier] ?? 0), 0);
  return Math.max(0, 1 - answered);
}

/** The distinct number sources that appear anywhere in a report, in a fixed order. */
export function reportSources(report: EvalReport): NumberSource[] {
  const seen = new Set<NumberSource>([
    ...report.meta.fixtures.map((fixture) => fixture.source),
    ...report.summary.map((row) => row.source),
  ]);
  if (report.ratchet.windows.length > 0) seen.add(report.ratchet.source);
  return (["recorded", "synthetic", "builtin"] as const).filter((source) => seen.has(source));
}

/** Labels of the summary's number columns, in the order of `summaryFigures`. */
export const SUMMARY_FIGURE_LABELS: readonly string[] = [
  "cells",
  "pass %",
  "gate %",
  "pass^k",
  "correction %",
  "misses",
  "stale",
  "median latency",
  "tokens in / out",
];

/** The formatted number cells of a summary row, for the markdown and HTML tables. */
export function summaryFigures(row: SummaryRow): string[] {
  return [
    formatCount(row.cells),
    formatPercent(row.passRate),
    formatPercent(row.gateRate),
    formatPassK(row),
    formatPercent(row.correctionRate),
    formatCount(row.fixtureMisses),
    formatCount(row.stale),
    formatLatencyMs(row.latencyMsMedian),
    `${formatCount(row.tokensIn)} / ${formatCount(row.tokensOut)}`,
  ];
}

/** Steps of the correction chain, in order, and their column labels. */
export const CORRECTION_STEPS = ["initial", "cleanup", "retry", "fixer", "none"] as const;
export const CORRECTION_STEP_LABELS: readonly string[] = [
  "accepted first",
  "after cleanup",
  "after retry",
  "after fixer",
  "none accepted",
];

/** The summary rows of model tiers, in report order: the rows a correction chain ran for. */
export function correctionRows(report: EvalReport): SummaryRow[] {
  return sortSummaryRows(report.summary).filter(
    (row) => row.tier === "ollama" || row.tier === "anthropic",
  );
}

/** The sources the failure-mode counts are split by, in a fixed order. */
export function failureSources(report: EvalReport): NumberSource[] {
  return (["recorded", "synthetic", "builtin"] as const).filter(
    (source) => report.failureModesBySource[source] !== undefined,
  );
}

/**
 * The failure modes of a report sorted by count (highest first), then name, with their share of
 * all failures and their count per number source.
 */
export function sortedFailureModes(report: EvalReport): {
  mode: string;
  count: number;
  share: number;
  bySource: Partial<Record<NumberSource, number>>;
}[] {
  const entries = Object.entries(report.failureModes).filter(
    (entry): entry is [string, number] => typeof entry[1] === "number",
  );
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return entries
    .map(([mode, count]) => ({
      mode,
      count,
      share: total > 0 ? count / total : 0,
      bySource: Object.fromEntries(
        failureSources(report).map((source) => [
          source,
          (report.failureModesBySource[source] as Record<string, number | undefined>)[mode] ?? 0,
        ]),
      ),
    }))
    .sort((left, right) => right.count - left.count || compareText(left.mode, right.mode));
}

/** The tier shares over all ratchet windows, weighted by each window's requests (0 when there are none). */
export function overallTierShare(windows: readonly RatchetWindow[]): Record<TierName, number> {
  const requests = windows.reduce((sum, window) => sum + window.intents, 0);
  const share = (tier: TierName) =>
    requests === 0
      ? 0
      : windows.reduce((sum, window) => sum + (window.tierShare[tier] ?? 0) * window.intents, 0) /
        requests;
  return {
    templates: share("templates"),
    rules: share("rules"),
    ollama: share("ollama"),
    anthropic: share("anthropic"),
  };
}
