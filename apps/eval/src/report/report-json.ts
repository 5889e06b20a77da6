import type { EvalReport } from "../results/report-types.js";

const CELLS = "@@cells@@";
const LOG = "@@log@@";

function oneLineEach(items: readonly unknown[], indent: string): string {
  if (items.length === 0) return "[]";
  return `[\n${items.map((item) => `${indent}  ${JSON.stringify(item)}`).join(",\n")}\n${indent}]`;
}

/** The JSON report: indented, except the cells and the ratchet's log, one entry per line (about 30% smaller). */
export function reportJson(report: EvalReport): string {
  const { cells, ratchet, ...rest } = report;
  const { log, ...simulation } = ratchet;
  const text = JSON.stringify(
    { ...rest, ratchet: { ...simulation, log: LOG }, cells: CELLS },
    null,
    2,
  );
  return `${text
    .replace(`"log": "${LOG}"`, () => `"log": ${oneLineEach(log, "    ")}`)
    .replace(`"cells": "${CELLS}"`, () => `"cells": ${oneLineEach(cells, "  ")}`)}\n`;
}
