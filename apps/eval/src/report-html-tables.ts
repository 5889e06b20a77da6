import { escapeHtml } from "./escape-html.js";
import {
  TIER_ORDER,
  formatCount,
  formatPercent,
  overallTierShare,
  sortSummaryRows,
  sortedFailureModes,
  summaryFigures,
  SUMMARY_FIGURE_LABELS,
  CORRECTION_STEPS,
  CORRECTION_STEP_LABELS,
  correctionRows,
  failureSources,
  unansweredShare,
} from "./report-format.js";
import type { EvalReport, NumberSource, TierName } from "./report-types.js";
import { TIER_COLORS } from "./svg-charts.js";

interface Column {
  label: string;
  /** `num` right-aligns with tabular figures; `model` lets a long model name wrap. */
  className?: "num" | "model";
}

/** A cell's content is already-escaped HTML. */
type Row = { className?: string; cells: string[] };

/** A source badge (`recorded`, `synthetic`, `builtin`) as HTML. */
export function sourceBadge(source: NumberSource): string {
  return `<span class="badge ${source}">${escapeHtml(source)}</span>`;
}

function tierCell(tier: TierName | "unanswered"): string {
  return `<span class="tier-dot" style="background:${TIER_COLORS[tier]}"></span>${escapeHtml(tier)}`;
}

function table(columns: readonly Column[], rows: readonly Row[], footer?: Row): string {
  const cellClass = (index: number) => {
    const className = columns[index]?.className;
    return className ? ` class="${className}"` : "";
  };
  const line = (row: Row, tag: "td" | "th" = "td") =>
    `<tr${row.className ? ` class="${row.className}"` : ""}>` +
    row.cells.map((cell, index) => `<${tag}${cellClass(index)}>${cell}</${tag}>`).join("") +
    `</tr>`;
  const head = line({ cells: columns.map((column) => escapeHtml(column.label)) }, "th");
  return (
    `<div class="table-wrap"><table><thead>${head}</thead><tbody>${rows.map((row) => line(row)).join("")}</tbody>` +
    `${footer ? `<tfoot>${line(footer)}</tfoot>` : ""}</table></div>`
  );
}

const text = (label: string): Column => ({ label });
const num = (label: string): Column => ({ label, className: "num" });

/** The summary table: one row per provider × model × variant × tier, in report order. */
export function summaryTable(report: EvalReport): string {
  if (report.summary.length === 0) return `<p class="no-data">No summary rows.</p>`;
  const columns: Column[] = [
    text("provider"),
    { label: "model", className: "model" },
    text("source"),
    text("variant"),
    text("tier"),
    ...SUMMARY_FIGURE_LABELS.map(num),
  ];
  const rows = sortSummaryRows(report.summary).map((row) => {
    const [cells, passRate, ...rest] = summaryFigures(row);
    return {
      className: row.source,
      cells: [
        escapeHtml(row.provider),
        `<code>${escapeHtml(row.model)}</code>`,
        sourceBadge(row.source),
        escapeHtml(row.variant),
        tierCell(row.tier),
        cells,
        `<strong>${passRate}</strong>`,
        ...rest,
      ],
    };
  });
  return table(columns, rows);
}

/** The correction-chain table: model rows by the step whose program was accepted. */
export function correctionTable(report: EvalReport): string {
  const rows = correctionRows(report);
  if (rows.length === 0) return `<p class="no-data">No model rows.</p>`;
  const columns: Column[] = [
    text("provider"),
    { label: "model", className: "model" },
    text("source"),
    text("variant"),
    ...CORRECTION_STEP_LABELS.map(num),
  ];
  return table(
    columns,
    rows.map((row) => ({
      className: row.source,
      cells: [
        escapeHtml(row.provider),
        `<code>${escapeHtml(row.model)}</code>`,
        sourceBadge(row.source),
        escapeHtml(row.variant),
        ...CORRECTION_STEPS.map((step) => formatCount(row.steps[step])),
      ],
    })),
  );
}

/** The failure-mode table: count and share of all failures, most frequent first. */
export function failureModeTable(report: EvalReport): string {
  const modes = sortedFailureModes(report);
  if (modes.length === 0) return `<p class="no-data">No failures recorded.</p>`;
  const sources = failureSources(report);
  const rows = modes.map((entry) => ({
    cells: [
      `<code>${escapeHtml(entry.mode)}</code>`,
      formatCount(entry.count),
      formatPercent(entry.share),
      ...sources.map((source) => formatCount(entry.bySource[source] ?? 0)),
    ],
  }));
  const bySource = sources.map((source) => num(source));
  return table([text("mode"), num("count"), num("share"), ...bySource], rows);
}

/** The ratchet table: one row per window with tier shares, model calls and savings, and a totals row. */
export function ratchetTable(report: EvalReport): string {
  const { ratchet } = report;
  if (ratchet.windows.length === 0) return `<p class="no-data">No ratchet windows.</p>`;
  const columns = [
    ...["window", "requests", ...[...TIER_ORDER, "unanswered"].map((tier) => `${tier} %`)].map(num),
    ...["model calls", "saved", "wrong from templates"].map(num),
    text("source"),
  ];
  const badge = sourceBadge(ratchet.source);
  const rows = ratchet.windows.map((window) => ({
    cells: [
      String(window.index),
      formatCount(window.intents),
      ...TIER_ORDER.map((tier) => formatPercent(window.tierShare[tier] ?? null)),
      formatPercent(unansweredShare(window.tierShare)),
      formatCount(window.modelCalls),
      formatCount(window.modelCallsSaved),
      formatCount(window.wrongFromTemplates),
      badge,
    ],
  }));
  const overall = overallTierShare(ratchet.windows);
  const footer = {
    cells: [
      "total",
      formatCount(ratchet.requests),
      ...TIER_ORDER.map((tier) => formatPercent(overall[tier])),
      formatPercent(unansweredShare(overall)),
      formatCount(ratchet.modelCalls),
      formatCount(ratchet.modelCallsSaved),
      formatCount(ratchet.wrongFromTemplates),
      badge,
    ],
  };
  return table(columns, rows, footer);
}
