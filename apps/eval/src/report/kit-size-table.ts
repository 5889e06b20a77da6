/** The report's table of pass rate and prompt size at both kit sizes. */
import { formatCount, formatPercent, formatPoints, formatRate } from "./report-format.js";
import { code, num, source, text, type ReportTable } from "./report-table.js";
import type { EvalReport, KitSizeRow } from "../results/report-types.js";

const KIT_LABEL: Record<KitSizeRow["kit"], string> = {
  own: "the intent's own",
  large: "150 tools",
};

/** The lead sentence: how the large kit's pass rate and prompt compare with the own kits', per profile. */
function lead(rows: readonly KitSizeRow[]): string {
  const pairs = [...new Set(rows.map((row) => `${row.provider}/${row.model}`))].flatMap((name) => {
    const own = rows.find((row) => `${row.provider}/${row.model}` === name && row.kit === "own");
    const large = rows.find(
      (row) => `${row.provider}/${row.model}` === name && row.kit === "large",
    );
    return own && large ? [{ own, large }] : [];
  });
  const differences = pairs.map(({ own, large }) => large.passRate - own.passRate);
  // Per intent: each large-kit prompt against the same intent's own-kit prompt.
  const growth = Math.max(
    0,
    ...pairs.flatMap(({ own, large }) =>
      large.promptBytes.map((bytes, index) => bytes - (own.promptBytes[index] ?? bytes)),
    ),
  );
  return `In the 150-tool kit the profiles pass ${formatPoints(Math.min(...differences))} to ${formatPoints(Math.max(...differences))} against their own kits, with each intent's prompt at most ${formatCount(growth)} bytes larger.`;
}

/** The share of cells that pass over these rows. */
function share(rows: readonly KitSizeRow[]): number {
  const cells = rows.reduce((sum, row) => sum + row.cells, 0);
  return cells === 0 ? 0 : rows.reduce((sum, row) => sum + row.passes, 0) / cells;
}

/** Pass rate and prompt size per profile with the intents' own kits and in the 150-tool kit; null when not measured. */
export function kitSizeTable(report: EvalReport): ReportTable | null {
  const rows = report.kitSizes ?? [];
  if (rows.length === 0) return null;
  return {
    id: "kit-sizes",
    title: "Kit size",
    lead: lead(rows),
    intro: [
      "Every intent once at the default prompt variant, answered live by each behaviour profile: with its own kit (4 to 9 tools), and in a kit of 150, the same tools among the tools of twelve made-up MCP servers (listed first).",
      "For a kit past 40 tools the prompt shows lackpy's own file tools, the tools the request names and the 8 others that fit it best; a profile cannot call a tool the prompt left out, so a tool the ranking drops fails the cell. Prompt sizes are the first system prompt of each cell, in bytes.",
    ],
    columns: [
      text("provider"),
      code("model"),
      source(),
      text("kit"),
      num("tools"),
      num("intents"),
      num("pass % [95% CI]"),
      num("needed tool left out"),
      num("prompt median"),
      num("prompt max"),
    ],
    rows: rows.map((row) => ({
      className: row.source,
      cells: [
        row.provider,
        row.model,
        row.source,
        KIT_LABEL[row.kit],
        row.toolsMin === row.toolsMax
          ? formatCount(row.toolsMin)
          : `${row.toolsMin}–${row.toolsMax}`,
        formatCount(row.cells),
        formatRate(row.passRate, row.passInterval),
        formatCount(row.droppedTools),
        formatCount(row.promptBytesMedian),
        formatCount(row.promptBytesMax),
      ],
    })),
    notes: [
      `Needed tool left out: cells whose prompt did not show a tool the intent's gold programs call (${formatCount(
        rows.reduce((sum, row) => sum + row.droppedTools, 0),
      )} in all). Where there are none, the two kits' pass rates differ only by the profiles' per-call noise, which is drawn from each prompt; ${formatPercent(
        share(rows.filter((row) => row.kit === "large")),
      )} of large-kit cells pass over all profiles, against ${formatPercent(share(rows.filter((row) => row.kit === "own")))} with the own kits.`,
    ],
    empty: "Not measured.",
  };
}
