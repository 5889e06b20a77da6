import { partialText, subtitle, termSentences } from "./report-claims.js";
import { SYNTHETIC_NOTE, reportSources } from "./report-format.js";
import { proseMarkdown } from "./report-prose.js";
import { reportLayout } from "./report-layout.js";
import type { ReportTable } from "./report-table.js";
import type { EvalReport } from "../results/report-types.js";

/** Makes a value safe inside a markdown table cell: one line, pipes escaped. */
function cell(value: string | number): string {
  return String(value).replace(/\r?\n/g, " ").replace(/\\/g, "\\\\").replace(/\|/g, "\\|");
}

function pipeTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  const rule = `|${header.map(() => " --- ").join("|")}|`;
  return [line(header), rule, ...rows.map(line)];
}

function tableLines(table: ReportTable): string[] {
  const lines = [`## ${table.title}`, ""];
  if (table.lead) lines.push(`**${proseMarkdown(table.lead)}**`, "");
  for (const sentence of table.intro) lines.push(proseMarkdown(sentence), "");
  if (table.rows.length === 0) lines.push(table.empty);
  else
    lines.push(
      ...pipeTable(
        table.columns.map((column) => column.label),
        [
          ...table.rows.map((row) =>
            row.cells.map((value, index) =>
              row.remarks?.[index] ? `${value} (${row.remarks[index]})` : value,
            ),
          ),
          ...(table.footer ? [table.footer] : []),
        ],
      ),
    );
  for (const sentence of table.notes) lines.push("", proseMarkdown(sentence));
  return lines;
}

function headerLines(report: EvalReport): string[] {
  const { meta } = report;
  const fixtures =
    meta.fixtures.length === 0
      ? "none"
      : meta.fixtures
          .map((fixture) => {
            const partial = partialText(fixture, meta.intents);
            return `${fixture.provider}/${fixture.model} (${fixture.source}${partial ? `, ${partial}` : ""})`;
          })
          .join(", ");
  return [
    "# lackpy eval report",
    "",
    subtitle(report),
    "",
    `workspace ${meta.workspaceHash.slice(0, 12)} · prompt builder ${meta.promptBuilderVersion} · ` +
      `${meta.intents} intents · fixtures: ${fixtures}`,
    "",
    `**${report.gate.verdict}**`,
  ];
}

/** Renders an eval report as deterministic markdown for stdout: the same tables as the HTML page. */
export function renderMarkdown(report: EvalReport): string {
  const sections = [
    headerLines(report),
    reportSources(report).includes("synthetic") ? [`> Note: ${SYNTHETIC_NOTE}`] : [],
    termSentences().map(proseMarkdown),
    ...reportLayout(report).map(tableLines),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join("\n")).join("\n\n")}\n`;
}
