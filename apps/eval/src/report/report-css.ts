/** The inline stylesheet of the HTML report: system fonts only, nothing fetched. */
export const REPORT_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body {
  margin: 0; background: #f7fafc; color: #1a202c;
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
main { max-width: 1320px; margin: 0 auto; padding: 32px 16px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; letter-spacing: -0.01em; }
h2 { font-size: 18px; margin: 0 0 12px; }
.subtitle { color: #718096; margin: 0 0 20px; }
section.card {
  background: #fff; border: 1px solid #e2e8f0; border-radius: 10px;
  padding: 20px; margin: 0 0 20px; box-shadow: 0 1px 2px rgba(26, 32, 44, 0.04);
}
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 6px 18px; margin: 0; }
dl.meta dt { color: #718096; }
dl.meta dd { margin: 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
ul.fixtures { list-style: none; margin: 0; padding: 0; }
ul.fixtures li { margin: 0 0 4px; }
.badge {
  display: inline-block; min-width: 74px; padding: 0 8px; border-radius: 9px; color: #fff;
  font-size: 10px; font-weight: 600; letter-spacing: 0.05em; line-height: 18px;
  text-align: center; text-transform: uppercase; vertical-align: 1px;
}
.badge.recorded { background: #2f855a; }
.badge.synthetic { background: #b7791f; }
.badge.builtin { background: #4a5568; }
.note {
  border-left: 4px solid #b7791f; background: #fffaf0; padding: 8px 12px; margin: 16px 0 0;
  border-radius: 4px;
}
.chart { overflow-x: auto; }
.chart svg { display: block; max-width: 100%; height: auto; }
.no-data { color: #718096; font-style: italic; margin: 8px 0; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 12px; }
th, td { padding: 6px; border-bottom: 1px solid #edf2f7; text-align: left; white-space: nowrap; }
th {
  vertical-align: bottom; color: #4a5568; font-weight: 600; background: #f7fafc;
  border-bottom: 2px solid #e2e8f0; white-space: normal;
}
td.prose, th.prose { white-space: normal; min-width: 280px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:nth-child(even) { background: #fcfdfe; }
tbody tr.synthetic td { background: #fffcf5; }
tfoot td { font-weight: 600; border-top: 2px solid #e2e8f0; border-bottom: none; }
.tier-dot {
  display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px;
  vertical-align: -1px;
}
.muted { color: #718096; }
td.model, th.model { white-space: normal; word-break: break-all; min-width: 140px; }
footer { color: #a0aec0; font-size: 12px; text-align: center; }
.note-line { margin: 10px 0 0; }
tr.not-significant td { color: #718096; }
tr.significant td { font-weight: 600; }
tr.failure td { color: #c53030; font-weight: 600; }
.fails { color: #c53030; }
.passes { color: #276749; }
.lead { font-size: 15px; font-weight: 600; margin: 0 0 12px; }
.remark { color: #c05621; font-size: 12px; }
td .remark { display: block; word-break: normal; white-space: normal; font-family: inherit; }
dfn { font-style: normal; font-weight: 600; color: #1a202c; }
`;
