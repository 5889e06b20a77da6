import {
  SUMMARY_FIGURE_LABELS,
  SYNTHETIC_NOTE,
  TIER_ORDER,
  CORRECTION_STEPS,
  CORRECTION_STEP_LABELS,
  correctionRows,
  failureSources,
  formatCount,
  formatPercent,
  overallTierShare,
  reportSources,
  sortSummaryRows,
  sortedFailureModes,
  summaryFigures,
  unansweredShare,
} from "./report-format.js";
import type { EvalReport } from "./report-types.js";

/** Makes a value safe inside a markdown table cell: one line, pipes escaped. */
function cell(value: string | number): string {
  return String(value).replace(/\r?\n/g, " ").replace(/\\/g, "\\\\").replace(/\|/g, "\\|");
}

function table(header: readonly string[], rows: readonly (string | number)[][]): string[] {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(cell).join(" | ")} |`;
  const rule = `|${header.map(() => " --- ").join("|")}|`;
  return [line(header), rule, ...rows.map(line)];
}

function headerLines(report: EvalReport): string[] {
  const { meta } = report;
  const fixtures =
    meta.fixtures.length === 0
      ? "none"
      : meta.fixtures
          .map((fixture) => `${fixture.provider}/${fixture.model} (${fixture.source})`)
          .join(", ");
  return [
    "# lackpy eval report",
    "",
    `workspace ${meta.workspaceHash.slice(0, 12)} · prompt builder ${meta.promptBuilderVersion} · ` +
      `fixtures: ${fixtures}`,
  ];
}

function summaryLines(report: EvalReport): string[] {
  if (report.summary.length === 0) return ["## Summary", "", "No summary rows."];
  const header = ["provider", "model", "source", "variant", "tier", ...SUMMARY_FIGURE_LABELS];
  const rows = sortSummaryRows(report.summary).map((row) => [
    row.provider,
    row.model,
    row.source,
    row.variant,
    row.tier,
    ...summaryFigures(row),
  ]);
  return ["## Summary", "", ...table(header, rows)];
}

/** Model rows only: where in the correction chain each cell's program was accepted. */
function correctionLines(report: EvalReport): string[] {
  const rows = correctionRows(report).map((row) => [
    row.provider,
    row.model,
    row.source,
    row.variant,
    ...CORRECTION_STEPS.map((step) => formatCount(row.steps[step])),
  ]);
  if (rows.length === 0) return [];
  const header = ["provider", "model", "source", "variant", ...CORRECTION_STEP_LABELS];
  return ["## Correction chain", "", ...table(header, rows)];
}

function failureModeLines(report: EvalReport): string[] {
  const modes = sortedFailureModes(report);
  if (modes.length === 0) return ["## Failure modes", "", "No failures recorded."];
  const sources = failureSources(report);
  const rows = modes.map((entry) => [
    entry.mode,
    formatCount(entry.count),
    formatPercent(entry.share),
    ...sources.map((source) => formatCount(entry.bySource[source] ?? 0)),
  ]);
  return ["## Failure modes", "", ...table(["mode", "count", "share", ...sources], rows)];
}

function ratchetLines(report: EvalReport): string[] {
  const { ratchet } = report;
  if (ratchet.windows.length === 0) return ["## Ratchet", "", "Not simulated in this run."];
  const intro =
    `${ratchet.provider}/${ratchet.model} (${ratchet.source}) · seed ${ratchet.seed} · ` +
    `${formatCount(ratchet.requests)} requests in windows of ${formatCount(ratchet.windowSize)}`;
  const header = [
    "window",
    "requests",
    ...TIER_ORDER.map((tier) => `${tier} %`),
    "unanswered %",
    "model calls",
    "saved",
    "wrong from templates",
    "source",
  ];
  const rows = ratchet.windows.map((window) => [
    window.index,
    formatCount(window.intents),
    ...TIER_ORDER.map((tier) => formatPercent(window.tierShare[tier] ?? null)),
    formatPercent(unansweredShare(window.tierShare)),
    formatCount(window.modelCalls),
    formatCount(window.modelCallsSaved),
    formatCount(window.wrongFromTemplates),
    ratchet.source,
  ]);
  const overall = overallTierShare(ratchet.windows);
  const totals = [
    "total",
    formatCount(ratchet.requests),
    ...TIER_ORDER.map((tier) => formatPercent(overall[tier])),
    formatPercent(unansweredShare(overall)),
    formatCount(ratchet.modelCalls),
    formatCount(ratchet.modelCallsSaved),
    formatCount(ratchet.wrongFromTemplates),
    ratchet.source,
  ];
  return [
    "## Ratchet",
    "",
    intro,
    "",
    ...table(header, [...rows, totals]),
    "",
    `Templates promoted: ${formatCount(ratchet.templatesPromoted)}.`,
  ];
}

/** Renders an eval report as deterministic markdown for stdout: header, summary, failure modes, ratchet. */
export function renderMarkdown(report: EvalReport): string {
  const sections = [
    headerLines(report),
    reportSources(report).includes("synthetic") ? [`> Note: ${SYNTHETIC_NOTE}`] : [],
    summaryLines(report),
    correctionLines(report),
    failureModeLines(report),
    ratchetLines(report),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join("\n")).join("\n\n")}\n`;
}
