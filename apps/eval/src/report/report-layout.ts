/** The order of the report's tables, the same in markdown and HTML. */
import { baselineTable, fixtureTable, ratchetTables, verdictTable } from "./ratchet-tables.js";
import { breakdownTables, correctionTable, failureModeTable } from "./detail-tables.js";
import { costTable, differencesTable, passRateTable } from "./report-tables.js";
import { kitSizeTable } from "./kit-size-table.js";
import type { ReportTable } from "./report-table.js";
import type { EvalReport } from "../results/report-types.js";

/** Every table of a report, in reading order. */
export function reportLayout(report: EvalReport): ReportTable[] {
  const baseline = baselineTable(report);
  const kitSizes = kitSizeTable(report);
  return [
    passRateTable(report),
    differencesTable(report),
    ...(baseline ? [baseline] : []),
    ...(kitSizes ? [kitSizes] : []),
    ...breakdownTables(report),
    costTable(report),
    correctionTable(report),
    failureModeTable(report),
    ...ratchetTables(report),
    fixtureTable(report),
    verdictTable(report),
  ];
}
