import { escapeHtml } from "./escape-html.js";
import {
  partialText,
  ratchetChoice,
  rowPartialText,
  subtitle,
  termSentences,
} from "./report-claims.js";
import { REPORT_CSS } from "./report-css.js";
import { SYNTHETIC_NOTE, formatCount, reportSources } from "./report-format.js";
import { reportLayout } from "./report-layout.js";
import { proseHtml } from "./report-prose.js";
import type { ReportTable, TableColumn } from "./report-table.js";
import type { EvalReport, FixtureInfo, NumberSource, TierName } from "../results/report-types.js";
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
    case "prose":
      return proseHtml(value);
    default:
      return escapeHtml(value);
  }
}

const COLUMN_CLASSES: Partial<Record<TableColumn["kind"], string>> = {
  num: "num",
  code: "model",
  prose: "prose",
};

function tableHtml(table: ReportTable): string {
  if (table.rows.length === 0) return `<p class="no-data">${escapeHtml(table.empty)}</p>`;
  const className = (column: TableColumn | undefined) => {
    const name = column ? COLUMN_CLASSES[column.kind] : undefined;
    return name ? ` class="${name}"` : "";
  };
  const line = (
    cells: readonly string[],
    tag: "td" | "th",
    rowClass?: string,
    remarks: Record<number, string> = {},
  ) =>
    `<tr${rowClass ? ` class="${escapeHtml(rowClass)}"` : ""}>` +
    cells
      .map((value, index) => {
        const content = tag === "th" ? escapeHtml(value) : cellHtml(table.columns[index], value);
        const remark = remarks[index]
          ? `<span class="remark">${escapeHtml(remarks[index])}</span>`
          : "";
        return `<${tag}${className(table.columns[index])}>${content}${remark}</${tag}>`;
      })
      .join("") +
    `</tr>`;
  const head = line(
    table.columns.map((column) => column.label),
    "th",
  );
  const body = table.rows.map((row) => line(row.cells, "td", row.className, row.remarks)).join("");
  const footer = table.footer ? `<tfoot>${line(table.footer, "td")}</tfoot>` : "";
  return `<div class="table-wrap"><table><thead>${head}</thead><tbody>${body}</tbody>${footer}</table></div>`;
}

function section(
  id: string,
  title: string,
  body: string,
  text: { lead?: string; intro?: readonly string[]; notes?: readonly string[] } = {},
): string {
  const lead = text.lead ? `<p class="lead">${proseHtml(text.lead)}</p>` : "";
  const intro = (text.intro ?? [])
    .map((sentence) => `<p class="muted">${proseHtml(sentence)}</p>`)
    .join("");
  const after = (text.notes ?? [])
    .map((sentence) => `<p class="note-line">${proseHtml(sentence)}</p>`)
    .join("");
  return `<section class="card" id="${escapeHtml(id)}"><h2>${escapeHtml(title)}</h2>${lead}${intro}${body}${after}</section>`;
}

function fixtureLine(report: EvalReport, fixture: FixtureInfo): string {
  const partial = partialText(fixture, report.meta.intents);
  const stale = [
    ...(fixture.staleReasons ?? []),
    ...(fixture.workspaceChanged ? [fixture.workspaceChanged] : []),
  ];
  const remarks = [...(partial ? [partial] : []), ...stale.map((reason) => `stale: ${reason}`)];
  return (
    `${sourceBadge(fixture.source)} ${escapeHtml(fixture.provider)} / <code>${escapeHtml(fixture.model)}</code>` +
    (remarks.length ? ` <span class="remark">${escapeHtml(remarks.join("; "))}</span>` : "")
  );
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
        : meta.fixtures.map((fixture) => fixtureLine(report, fixture)).join("<br>"),
    ],
    [
      "verdict",
      `<span class="${report.gate.failures.length ? "fails" : "passes"}">${escapeHtml(report.gate.verdict)}</span>`,
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
  const choice = ratchetChoice(report);
  const body = [
    `<h1>lackpy eval report</h1>`,
    `<p class="subtitle">${proseHtml(subtitle(report))}</p>`,
    metaSection(report),
    section(
      "pass-rate",
      "Pass rate by model and tier",
      `<div class="chart">${passRateChart(report.summary, { remark: (row) => rowPartialText(report, row) })}</div>`,
      {
        intro: [
          ...termSentences(),
          "Bars: the pass rate, with the gate rate lighter behind it; whiskers: the pass rate's 95% Wilson interval.",
        ],
      },
    ),
    section(
      "ratchet-chart",
      "Ratchet: share of requests per tier over time",
      `<div class="chart">${ratchetChart(primary.windows)}</div>`,
      {
        intro:
          primary.windows.length && choice
            ? [
                `${choice} Scenario: ${primary.scenario}; mean over seeds ${primary.seeds.join(", ")}; the dashed line is the ceiling, the share of requests whose wording came earlier.`,
              ]
            : [],
      },
    ),
    ...reportLayout(report).map((table) => section(table.id, table.title, tableHtml(table), table)),
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
