import { SYNTHETIC_NOTE, reportSources } from "./report-format.js";
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
  for (const sentence of table.intro) lines.push(sentence, "");
  if (table.rows.length === 0) lines.push(table.empty);
  else
    lines.push(
      ...pipeTable(
        table.columns.map((column) => column.label),
        [...table.rows.map((row) => row.cells), ...(table.footer ? [table.footer] : [])],
      ),
    );
  for (const sentence of table.notes) lines.push("", sentence);
  return lines;
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
      `${meta.intents} intents · fixtures: ${fixtures}`,
  ];
}

/** Renders an eval report as deterministic markdown for stdout: the same tables as the HTML page. */
export function renderMarkdown(report: EvalReport): string {
  const sections = [
    headerLines(report),
    reportSources(report).includes("synthetic") ? [`> Note: ${SYNTHETIC_NOTE}`] : [],
    ...reportLayout(report).map(tableLines),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join("\n")).join("\n\n")}\n`;
}
