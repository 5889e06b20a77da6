/**
 * Renders an HTML report in headless chromium and prints what it measured:
 * `pnpm --filter @lackpy/eval render-check reports/latest.html /tmp/report.png`.
 */
import { renderCheck } from "./report/render-check.js";

const [htmlPath, pngPath] = process.argv.slice(2);
if (!htmlPath || !pngPath) {
  console.error("usage: render-check <report.html> <screenshot.png>");
  process.exit(2);
}
const result = await renderCheck(htmlPath, pngPath);
console.log(`page ${result.width}×${result.height} px → ${pngPath}`);
for (const chart of result.charts) {
  const xml = chart.wellFormed ? "well-formed" : "NOT well-formed";
  console.log(`${chart.id}: ${chart.width}×${chart.height} px, ${chart.marks} marks, ${xml}`);
}
if (result.charts.some((chart) => !chart.wellFormed || chart.width === 0 || chart.height === 0)) {
  process.exitCode = 1;
}
