/** The report's tables about models and tiers: pass rates, cost, differences, breakdowns, correction, failures. */
import {
  MISSING,
  formatCount,
  formatLatencyMs,
  formatPercent,
  formatPoints,
  formatRate,
  formatUsd,
  sortSummaryRows,
} from "./report-format.js";
import { code, num, source, text, tier, type ReportTable } from "./report-table.js";
import type { Comparison, EvalReport, RowKey, SummaryRow } from "../results/report-types.js";

const isModel = (row: Pick<SummaryRow, "tier">) =>
  row.tier === "ollama" || row.tier === "anthropic";

function rulesSentence(report: EvalReport): string[] {
  const rules = report.summary.find((row) => row.tier === "rules");
  if (!rules) return [];
  return [
    `The rules tier answers ${formatRate(rules.coverage, rules.coverageInterval)} of intents and is right on ${formatRate(rules.accuracy, rules.accuracyInterval)} of those; its pass rate over all intents is not comparable with a model's, which answers every intent.`,
  ];
}

function identicalNotes(report: EvalReport): string[] {
  return sortSummaryRows(report.summary)
    .filter((row) => row.identicalPrompts > 0)
    .map(
      (row) =>
        `${row.provider}/${row.model} · ${row.variant}: ${row.identicalPrompts} cells had a prompt byte-identical to the ${row.identicalTo} variant's (no example retrieved), so they replay the same answers; they are counted once, under ${row.identicalTo}, and this row covers the other ${row.intents} intents.`,
    );
}

/** Pass rates with their 95% intervals, coverage and accuracy, one row per model × variant and the rules tier. */
export function passRateTable(report: EvalReport): ReportTable {
  return {
    id: "pass-rates",
    title: "Pass rates",
    intro: [
      "95% intervals in brackets: Wilson over cells for rates (the trials of one intent are correlated, so they are on the narrow side), a bootstrap over intents for pass^k.",
      ...rulesSentence(report),
      "Templates are not on this axis: they answer only what the ratchet promoted, so their numbers are in the Ratchet section.",
    ],
    columns: [
      text("provider"),
      code("model"),
      source(),
      text("variant"),
      tier(),
      num("intents"),
      num("cells"),
      num("pass % [95% CI]"),
      num("gate % [95% CI]"),
      num("pass^k [95% CI]"),
      num("answered %"),
      num("right when answered % [95% CI]"),
    ],
    rows: sortSummaryRows(report.summary).map((row) => ({
      className: row.source,
      cells: [
        row.provider,
        row.model,
        row.source,
        row.variant,
        row.tier,
        formatCount(row.intents),
        formatCount(row.cells),
        formatRate(row.passRate, row.passInterval),
        formatRate(row.gateRate, row.gateInterval),
        `${formatRate(row.passK, row.passKInterval)} (k=${row.k})`,
        formatPercent(row.coverage),
        formatRate(row.accuracy, row.accuracyInterval),
      ],
    })),
    notes: identicalNotes(report),
    empty: "No summary rows.",
  };
}

/** Correction, fixture misses, staleness, latency, tokens and cost per model row. */
export function costTable(report: EvalReport): ReportTable {
  const rows = sortSummaryRows(report.summary).filter(isModel);
  const synthetic = (row: SummaryRow, value: string) =>
    row.source === "synthetic" ? `${MISSING} (synthetic)` : value;
  return {
    id: "cost",
    title: "Correction, latency, tokens and cost",
    intro: [
      "Latency is the recorded HTTP round trip per cell (median); cost is tokens × the price table (Anthropic rows recorded from a real model; `--prices FILE` overrides it).",
    ],
    columns: [
      text("provider"),
      code("model"),
      source(),
      text("variant"),
      num("correction % [95% CI]"),
      num("misses"),
      num("stale"),
      num("median latency"),
      num("tokens in / out"),
      num("cost"),
    ],
    rows: rows.map((row) => ({
      className: row.source,
      cells: [
        row.provider,
        row.model,
        row.source,
        row.variant,
        formatRate(row.correctionRate, row.correctionInterval),
        formatCount(row.fixtureMisses),
        formatCount(row.stale),
        synthetic(row, formatLatencyMs(row.latencyMsMedian)),
        synthetic(
          row,
          row.tokensIn === null
            ? MISSING
            : `${formatCount(row.tokensIn)} / ${formatCount(row.tokensOut ?? 0)}`,
        ),
        row.tier === "anthropic" ? synthetic(row, formatUsd(row.costUsd)) : MISSING,
      ],
    })),
    notes: [],
    empty: "No model rows.",
  };
}

const keyLabel = (key: RowKey) => `${key.provider}/${key.model} · ${key.variant}`;

/** Rows of differences, shared by the comparisons and the baseline tables. */
export function differenceRows(comparisons: readonly Comparison[]): ReportTable["rows"] {
  return comparisons.map((comparison) => ({
    className: comparison.significant ? "significant" : "not-significant",
    cells: [
      keyLabel(comparison.a),
      keyLabel(comparison.b),
      formatCount(comparison.intents),
      formatPercent(comparison.passRateA),
      formatPercent(comparison.passRateB),
      formatPoints(comparison.difference),
      `${formatPoints(comparison.interval[0])} to ${formatPoints(comparison.interval[1])}`,
      comparison.significant ? "significant" : "not significant",
    ],
  }));
}

/** Columns of a difference table. */
export const DIFFERENCE_COLUMNS = [
  text("a"),
  text("b"),
  num("intents"),
  num("pass a"),
  num("pass b"),
  num("a − b"),
  num("95% CI"),
  text(""),
];

/** Variant-against-baseline and model-against-model differences with paired bootstrap intervals. */
export function differencesTable(report: EvalReport): ReportTable {
  return {
    id: "differences",
    title: "Differences between variants and models",
    intro: [
      "a − b in percentage points over the intents both rows have, with a 95% bootstrap interval (intents resampled, paired). A difference whose interval includes 0 is not significant.",
      "Variants are compared with the model's first variant on the intents where their prompts differ; models are compared at the product's default variant on every intent.",
    ],
    columns: DIFFERENCE_COLUMNS,
    rows: differenceRows([
      ...report.comparisons.filter((comparison) => comparison.kind === "variant"),
      ...report.comparisons.filter((comparison) => comparison.kind === "model"),
    ]),
    notes: [],
    empty: "Nothing to compare.",
  };
}
