/** The report's detail tables: breakdowns by kit, category and difficulty, the correction chain, failure modes. */
import {
  CORRECTION_STEPS,
  CORRECTION_STEP_LABELS,
  MISSING,
  failureSources,
  formatCount,
  formatInterval,
  formatPercent,
  sortSummaryRows,
  sortedFailureModes,
} from "./report-format.js";
import { modelLabel, partialRemark } from "./report-claims.js";
import { code, num, source, text, type ReportTable } from "./report-table.js";
import type { EvalReport } from "../results/report-types.js";

/** One table per breakdown dimension: pass rate per value for each model's first variant and the rules tier. */
export function breakdownTables(report: EvalReport): ReportTable[] {
  const firstVariant = new Map<string, string>();
  for (const row of report.summary)
    if (!firstVariant.has(`${row.provider}/${row.model}`) && row.identicalPrompts === 0)
      firstVariant.set(`${row.provider}/${row.model}`, row.variant);
  const shown = sortSummaryRows(report.summary).filter(
    (row) => firstVariant.get(`${row.provider}/${row.model}`) === row.variant,
  );
  return (["kit", "category", "difficulty"] as const).map((dimension) => {
    const parts = report.breakdowns.filter((part) => part.dimension === dimension);
    const values = [...new Set(parts.map((part) => part.value))].sort();
    return {
      id: `breakdown-${dimension}`,
      title: `Pass rate by ${dimension === "category" ? "category (intents file)" : dimension}`,
      intro:
        dimension === "kit"
          ? [
              "Each model at its first variant (every intent it was recorded on), and the rules tier; 95% Wilson intervals, cells in parentheses. The JSON report has every variant.",
            ]
          : [],
      columns: [
        text(dimension),
        ...shown.map((row) =>
          num(row.tier === "rules" ? "rules" : `${modelLabel(report, row)} · ${row.variant}`),
        ),
      ],
      rows: values.map((value) => ({
        cells: [
          value,
          ...shown.map((row) => {
            const part = parts.find(
              (candidate) =>
                candidate.value === value &&
                candidate.provider === row.provider &&
                candidate.model === row.model &&
                candidate.variant === row.variant &&
                candidate.tier === row.tier,
            );
            return part
              ? `${formatPercent(part.passRate)} [${formatInterval(part.passInterval)}] (${part.cells})`
              : MISSING;
          }),
        ],
      })),
      notes: [],
      empty: "No cells.",
    };
  });
}

/** Model rows by the correction step whose program was accepted. */
export function correctionTable(report: EvalReport): ReportTable {
  return {
    id: "correction",
    title: "Correction chain",
    intro: [
      "Model cells by the step whose program was accepted: the first answer, lackpy's cleanup, a retry with the errors, or the fixer prompt.",
    ],
    columns: [
      text("provider"),
      code("model"),
      source(),
      text("variant"),
      ...CORRECTION_STEP_LABELS.map(num),
    ],
    rows: sortSummaryRows(report.summary)
      .filter((row) => row.tier === "ollama" || row.tier === "anthropic")
      .map((row) => ({
        className: row.source,
        ...partialRemark(report, row, 1),
        cells: [
          row.provider,
          row.model,
          row.source,
          row.variant,
          ...CORRECTION_STEPS.map((step) => formatCount(row.steps[step])),
        ],
      })),
    notes: [],
    empty: "No model rows.",
  };
}

/** Failure modes, most frequent first, with their count per number source. */
export function failureModeTable(report: EvalReport): ReportTable {
  const sources = failureSources(report);
  return {
    id: "failure-modes",
    title: "Failure modes",
    intro: [],
    columns: [code("mode"), num("count"), num("share"), ...sources.map((name) => num(name))],
    rows: sortedFailureModes(report).map((entry) => ({
      cells: [
        entry.mode,
        formatCount(entry.count),
        formatPercent(entry.share),
        ...sources.map((name) => formatCount(entry.bySource[name] ?? 0)),
      ],
    })),
    notes: [],
    empty: "No failures recorded.",
  };
}
