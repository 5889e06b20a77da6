/** Number formats and orderings shared by the markdown and HTML reports. */
import type { Range, RatchetWindow } from "../results/ratchet-types.js";
import type { EvalReport, NumberSource, SummaryRow, TierName } from "../results/report-types.js";
import type { Interval } from "../results/stats.js";

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
  "Synthetic rows come from behaviour profiles, not real models: they exercise the harness, not a model. Their latency (loopback time) and tokens (characters / 4) are left out.";

/** Formats a 0..1 share as a percentage with one decimal (`0.625` → `62.5%`), or `—` for null. */
export function formatPercent(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return MISSING;
  return `${(share * 100).toFixed(1)}%`;
}

/** Formats a 95% interval of shares as percentages (`[0.55, 0.71]` → `55.0–71.0`), or `—`. */
export function formatInterval(interval: Interval | null): string {
  if (!interval) return MISSING;
  return `${(interval[0] * 100).toFixed(1)}–${(interval[1] * 100).toFixed(1)}`;
}

/** A share with its interval: `62.5% [55.0–71.0]`, or `—`. */
export function formatRate(share: number | null, interval: Interval | null): string {
  if (share === null || !Number.isFinite(share)) return MISSING;
  return interval ? `${formatPercent(share)} [${formatInterval(interval)}]` : formatPercent(share);
}

/** A difference of shares in percentage points with its sign (`0.043` → `+4.3 pp`). */
export function formatPoints(share: number): string {
  const points = Math.abs(share * 100).toFixed(1);
  return share > 0.00005 ? `+${points} pp` : share < -0.00005 ? `−${points} pp` : "0.0 pp";
}

/** Formats a whole count with thousands separators that do not depend on the locale. */
export function formatCount(value: number): string {
  const rounded = Math.round(value);
  const sign = rounded < 0 ? "-" : "";
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A mean over seeds with one decimal, and its range when it is not a single value (`12.8 (11–15)`). */
export function formatMean(mean: number, range?: Range): string {
  const text = Number.isInteger(mean) ? formatCount(mean) : mean.toFixed(1);
  if (!range || range[0] === range[1]) return text;
  const bound = (value: number) =>
    Number.isInteger(value) ? formatCount(value) : value.toFixed(1);
  return `${text} (${bound(range[0])}–${bound(range[1])})`;
}

/** A mean share over seeds with its range (`36.7% (30.0–42.5)`). */
export function formatShareRange(share: number, range?: Range): string {
  if (!range || range[0] === range[1]) return formatPercent(share);
  return `${formatPercent(share)} (${(range[0] * 100).toFixed(1)}–${(range[1] * 100).toFixed(1)})`;
}

/** Formats a latency in ms (`1234.4` → `1,234 ms`), or `—` for null. */
export function formatLatencyMs(latencyMs: number | null): string {
  return latencyMs === null || !Number.isFinite(latencyMs)
    ? MISSING
    : `${formatCount(latencyMs)} ms`;
}

/** US dollars with cents, or `—` (`$0.0042` → `$0.00`; below a cent shows `<$0.01`). */
export function formatUsd(usd: number | null): string {
  if (usd === null) return MISSING;
  if (usd > 0 && usd < 0.01) return "<$0.01";
  return `$${usd.toFixed(2)}`;
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
  for (const simulation of report.ratchet.simulations) seen.add(simulation.source);
  return (["recorded", "synthetic", "builtin"] as const).filter((source) => seen.has(source));
}

/** The tier shares over all windows, weighted by each window's requests (0 when there are none). */
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

/** Steps of the correction chain, in order, and their column labels. */
export const CORRECTION_STEPS = ["initial", "cleanup", "retry", "fixer", "none"] as const;
export const CORRECTION_STEP_LABELS: readonly string[] = [
  "accepted first",
  "after cleanup",
  "after retry",
  "after fixer",
  "none accepted",
];

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
