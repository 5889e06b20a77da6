import { escapeHtml } from "./escape-html.js";
import { REPORT_CSS } from "./report-css.js";
import { SYNTHETIC_NOTE, formatCount, reportSources } from "./report-format.js";
import {
  correctionTable,
  failureModeTable,
  ratchetTable,
  sourceBadge,
  summaryTable,
} from "./report-html-tables.js";
import type { EvalReport } from "./report-types.js";
import { passRateChart, ratchetChart } from "./svg-charts.js";

function section(id: string, title: string, body: string, intro = ""): string {
  const lead = intro ? `<p class="muted">${intro}</p>` : "";
  return `<section class="card" id="${id}"><h2>${escapeHtml(title)}</h2>${lead}${body}</section>`;
}

function metaSection(report: EvalReport): string {
  const { meta } = report;
  const fixtures =
    meta.fixtures.length === 0
      ? `<span class="muted">none</span>`
      : `<ul class="fixtures">${meta.fixtures
          .map(
            (fixture) =>
              `<li>${sourceBadge(fixture.source)} ${escapeHtml(fixture.provider)} / ` +
              `<code>${escapeHtml(fixture.model)}</code> <span class="muted">· ` +
              `${escapeHtml(fixture.path)} · ${formatCount(fixture.records)} records</span></li>`,
          )
          .join("")}</ul>`;
  const rows: [string, string][] = [
    ["workspace", `<code>${escapeHtml(meta.workspaceHash.slice(0, 12))}</code>`],
    ["created at", escapeHtml(meta.createdAt)],
    ["prompt builder", `<code>${escapeHtml(meta.promptBuilderVersion)}</code>`],
    ["intents", formatCount(meta.intents)],
    ["variants", meta.variants.map((variant) => escapeHtml(variant)).join(", ") || "none"],
    ["fixtures", fixtures],
  ];
  const note = reportSources(report).includes("synthetic")
    ? `<p class="note">${escapeHtml(SYNTHETIC_NOTE)}</p>`
    : "";
  const list = rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join("");
  return section("meta", "Run", `<dl class="meta">${list}</dl>${note}`);
}

function ratchetIntro(report: EvalReport): string {
  const { ratchet } = report;
  return (
    `${sourceBadge(ratchet.source)} ${escapeHtml(ratchet.provider)} / ` +
    `<code>${escapeHtml(ratchet.model)}</code> · seed ${escapeHtml(ratchet.seed)} · ` +
    `${formatCount(ratchet.requests)} requests in windows of ${formatCount(ratchet.windowSize)} · ` +
    `${formatCount(ratchet.templatesPromoted)} templates promoted`
  );
}

/** Renders an eval report as one self-contained HTML page: inline CSS and SVG charts, no scripts, nothing fetched. */
export function renderHtml(report: EvalReport): string {
  const body = [
    `<h1>lackpy eval report</h1>`,
    `<p class="subtitle">How well models write lackpy programs, per model, prompt variant and tier.</p>`,
    metaSection(report),
    section(
      "pass-rate",
      "Pass rate by model and tier",
      `<div class="chart">${passRateChart(report.summary)}</div>`,
    ),
    section(
      "ratchet-chart",
      "Ratchet: share of requests per tier over time",
      `<div class="chart">${ratchetChart(report.ratchet.windows)}</div>`,
      ratchetIntro(report),
    ),
    section("summary", "Summary", summaryTable(report)),
    section(
      "correction",
      "Correction chain",
      correctionTable(report),
      "Model cells by the step whose program was accepted: the first answer, lackpy's cleanup, a retry with the errors, or the fixer prompt.",
    ),
    section("failure-modes", "Failure modes", failureModeTable(report)),
    section("ratchet", "Ratchet windows", ratchetTable(report)),
    `<footer>workspace ${escapeHtml(report.meta.workspaceHash.slice(0, 12))} · ` +
      `${escapeHtml(report.meta.createdAt)}</footer>`,
  ];
  return [
    `<!doctype html>`,
    `<html lang="en">`,
    `<head>`,
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>lackpy eval report · ${escapeHtml(report.meta.workspaceHash.slice(0, 12))}</title>`,
    `<style>${REPORT_CSS}</style>`,
    `</head>`,
    `<body><main>`,
    ...body,
    `</main></body>`,
    `</html>`,
    ``,
  ].join("\n");
}
