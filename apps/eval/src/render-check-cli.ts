/**
 * Renders an HTML report in headless chromium at 1,280 px and prints what it measured; fails when
 * a chart is broken or the page does not fit:
 * `pnpm --filter @lackpy/eval render-check reports/latest.html /tmp/report.png`.
 */
import { fits, renderCheck } from "./report/render-check.js";

const [htmlPath, pngPath] = process.argv.slice(2);
if (!htmlPath || !pngPath) {
  console.error("usage: render-check <report.html> <screenshot.png>");
  process.exit(2);
}
const result = await renderCheck(htmlPath, pngPath);
console.log(
  `page ${result.width}×${result.height} px at a ${result.viewportWidth} px viewport → ${pngPath}`,
);
for (const chart of result.charts) {
  const xml = chart.wellFormed ? "well-formed" : "NOT well-formed";
  console.log(`${chart.id}: ${chart.width}×${chart.height} px, ${chart.marks} marks, ${xml}`);
}
for (const box of result.overflowing)
  console.log(
    `does not fit: #${box.section} is ${box.scrollWidth} px wide in ${box.clientWidth} px`,
  );
if (
  !fits(result) ||
  result.charts.some((chart) => !chart.wellFormed || chart.width === 0 || chart.height === 0)
) {
  process.exitCode = 1;
}
