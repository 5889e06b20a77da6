import { escapeHtml } from "./escape-html.js";
import { REPORT_CSS } from "./report-css.js";
import { SYNTHETIC_NOTE, formatCount, reportSources } from "./report-format.js";
import { reportLayout } from "./report-layout.js";
import type { ReportTable, TableColumn } from "./report-table.js";
import type { EvalReport, NumberSource, TierName } from "../results/report-types.js";
import { TIER_COLORS, passRateChart, ratchetChart } from "./svg-charts.js";

/** A source badge (`recorded`, `synthetic`, `builtin`) as HTML. */
export function sourceBadge(source: NumberSource): string {
  return `<span class="badge ${escapeHtml(source)}">${escapeHtml(source)}</span>`;
}

function cellHtml(column: TableColumn | undefined, value: string): string {
  switch (column?.kind) {
    case "source":
      return sourceBadge(value as NumberSource);
    case "tier": {
      const color = TIER_COLORS[value as TierName] ?? "#a0aec0";
      return `<span class="tier-dot" style="background:${color}"></span>${escapeHtml(value)}`;
    }
    case "code":
      return `<code>${escapeHtml(value)}</code>`;
    default:
      return escapeHtml(value);
  }
}

function tableHtml(table: ReportTable): string {
  if (table.rows.length === 0) return `<p class="no-data">${escapeHtml(table.empty)}</p>`;
  const className = (column: TableColumn | undefined) =>
    column?.kind === "num" ? ` class="num"` : column?.kind === "code" ? ` class="model"` : "";
  const line = (cells: readonly string[], tag: "td" | "th", rowClass?: string) =>
    `<tr${rowClass ? ` class="${escapeHtml(rowClass)}"` : ""}>` +
    cells
      .map(
        (value, index) =>
          `<${tag}${className(table.columns[index])}>${tag === "th" ? escapeHtml(value) : cellHtml(table.columns[index], value)}</${tag}>`,
      )
      .join("") +
    `</tr>`;
  const head = line(
    table.columns.map((column) => column.label),
    "th",
  );
  const body = table.rows.map((row) => line(row.cells, "td", row.className)).join("");
  const footer = table.footer ? `<tfoot>${line(table.footer, "td")}</tfoot>` : "";
  return `<div class="table-wrap"><table><thead>${head}</thead><tbody>${body}</tbody>${footer}</table></div>`;
}

function section(
  id: string,
  title: string,
  body: string,
  intro: readonly string[] = [],
  notes: readonly string[] = [],
): string {
  const lead = intro.map((sentence) => `<p class="muted">${escapeHtml(sentence)}</p>`).join("");
  const after = notes
    .map((sentence) => `<p class="note-line">${escapeHtml(sentence)}</p>`)
    .join("");
  return `<section class="card" id="${escapeHtml(id)}"><h2>${escapeHtml(title)}</h2>${lead}${body}${after}</section>`;
}

function metaSection(report: EvalReport): string {
  const { meta } = report;
  const rows: [string, string][] = [
    ["workspace", `<code>${escapeHtml(meta.workspaceHash.slice(0, 12))}</code>`],
    ["created at", escapeHtml(meta.createdAt)],
    ["prompt builder", `<code>${escapeHtml(meta.promptBuilderVersion)}</code>`],
    ["intents", formatCount(meta.intents)],
    ["variants", meta.variants.map((variant) => escapeHtml(variant)).join(", ") || "none"],
    [
      "fixtures",
      meta.fixtures.length === 0
        ? `<span class="muted">none</span>`
        : meta.fixtures
            .map(
              (fixture) =>
                `${sourceBadge(fixture.source)} ${escapeHtml(fixture.provider)} / <code>${escapeHtml(fixture.model)}</code>`,
            )
            .join("<br>"),
    ],
    [
      "verdict",
      report.gate.failures.length ? `<strong class="fails">fails</strong> (see Verdict)` : "passes",
    ],
  ];
  const note = reportSources(report).includes("synthetic")
    ? `<p class="note">${escapeHtml(SYNTHETIC_NOTE)}</p>`
    : "";
  const list = rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join("");
  return section("meta", "Run", `<dl class="meta">${list}</dl>${note}`);
}

/** Renders an eval report as one self-contained HTML page: inline CSS and SVG charts, no scripts, nothing fetched. */
export function renderHtml(report: EvalReport): string {
  const primary = report.ratchet;
  const body = [
    `<h1>lackpy eval report</h1>`,
    `<p class="subtitle">How well models write lackpy programs, per model, prompt variant and tier, with 95% intervals.</p>`,
    metaSection(report),
    section(
      "pass-rate",
      "Pass rate by model and tier",
      `<div class="chart">${passRateChart(report.summary)}</div>`,
      [
        "Bars: pass rate (gate rate lighter behind); whiskers: the pass rate's 95% Wilson interval.",
      ],
    ),
    section(
      "ratchet-chart",
      "Ratchet: share of requests per tier over time",
      `<div class="chart">${ratchetChart(primary.windows)}</div>`,
      primary.windows.length
        ? [
            `${primary.provider}/${primary.model} (${primary.source}) · ${primary.scenario}: mean over seeds ${primary.seeds.join(", ")}; the dashed line is the ceiling, the share of requests whose wording came earlier.`,
          ]
        : [],
    ),
    ...reportLayout(report).map((table) =>
      section(table.id, table.title, tableHtml(table), table.intro, table.notes),
    ),
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
