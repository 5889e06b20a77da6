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
import { partialRemark, partialText } from "./report-claims.js";
import { define } from "./report-prose.js";
import { code, num, source, text, tier, type ReportTable } from "./report-table.js";
import type { Comparison, EvalReport, RowKey, SummaryRow } from "../results/report-types.js";
import { MIN_PAIRED_INTENTS } from "../results/stats.js";

const isModel = (row: Pick<SummaryRow, "tier">) =>
  row.tier === "ollama" || row.tier === "anthropic";

function rulesSentence(report: EvalReport): string[] {
  const rules = report.summary.find((row) => row.tier === "rules");
  if (!rules) return [];
  return [
    `The rules tier answers ${formatRate(rules.coverage, rules.coverageInterval)} of intents and is right on ${formatRate(rules.accuracy, rules.accuracyInterval)} of those; its pass rate over all intents is not comparable with a model's, which writes a program for every intent it is asked. These intents were written alongside the rules: for the rules on requests nobody here wrote, see "Rules on strangers' requests" (\`pnpm bench\`).`,
  ];
}

/** A sentence per partial recording: what its rows cover. */
function partialNotes(report: EvalReport): string[] {
  return report.meta.fixtures.flatMap((fixture) => {
    const partial = partialText(fixture, report.meta.intents);
    return partial
      ? [
          `${fixture.provider}/${fixture.model} is a partial recording (${fixture.recordedIntents} of ${report.meta.intents} intents): its rows cover those intents only.`,
        ]
      : [];
  });
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
      `Pass: the share of cells that pass; gate: the share that pass the gate; ${define("pass^k")}: the chance that k trials of one intent all pass (k is the number of trials per intent), averaged over intents; answered: the share of cells with an accepted program.`,
      "95% intervals in brackets: Wilson over cells for rates (the trials of one intent are correlated, so they are on the narrow side), a bootstrap over intents for pass^k.",
      ...partialNotes(report),
      ...rulesSentence(report),
      "Templates are not on this axis: they answer only what the ratchet promoted, so their numbers are in the Ratchet section.",
    ],
    columns: [
      tier(),
      code("model"),
      source(),
      text("variant"),
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
      ...partialRemark(report, row, 1),
      cells: [
        row.tier,
        row.model,
        row.source,
        row.variant,
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

/** What the latency, token and cost columns hold, said only of rows that exist. */
function costSentence(report: EvalReport): string {
  const correction =
    "Correction: of the cells whose first program was rejected, the share the correction chain turned into an accepted program. Misses: cells whose recording had no answer for a prompt asked (scored 0); stale: cells answered from a recording of an older prompt.";
  const recorded = report.summary.filter((row) => isModel(row) && row.source === "recorded");
  if (recorded.length === 0)
    return `${correction} No model row is recorded, so there is no latency, token count or cost: synthetic rows leave them out.`;
  const anthropic = recorded.some((row) => row.tier === "anthropic");
  return `${correction} Latency is the recorded HTTP round trip per cell (median); tokens are what the model server reported. ${
    anthropic
      ? "Cost is tokens × the price table, for the recorded Anthropic rows (`--prices FILE` overrides the table)."
      : "There is no cost: no Anthropic row was recorded (Ollama models run locally)."
  }`;
}

/** Correction, fixture misses, staleness, latency, tokens and cost per model row. */
export function costTable(report: EvalReport): ReportTable {
  const rows = sortSummaryRows(report.summary).filter(isModel);
  const synthetic = (row: SummaryRow, value: string) =>
    row.source === "synthetic" ? `${MISSING} (synthetic)` : value;
  return {
    id: "cost",
    title: "Correction, latency, tokens and cost",
    intro: [costSentence(report)],
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
      ...partialRemark(report, row, 1),
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
      comparison.significant
        ? "significant"
        : comparison.intents < MIN_PAIRED_INTENTS
          ? "too few intents to tell"
          : "not significant",
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
      `a − b in percentage points over the intents both rows have, with a 95% bootstrap interval (intents resampled, paired). A difference whose interval includes 0 is not significant, and neither is one over fewer than ${MIN_PAIRED_INTENTS} intents.`,
      "Variants are compared with the model's first variant on the intents where their prompts differ; models are compared at the product's default variant on every intent both were recorded on.",
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
