/**
 * Inline SVG charts for the HTML report. Every chart computes its own size from the data (one
 * group of bars per model row, one column per ratchet window), uses a fixed colour per tier, and
 * marks each data shape with `data-mark` and `data-tier` so tests and the render check can count
 * them. Legend swatches carry no `data-mark`. With no data a chart is a short "no data" note.
 */
import { escapeHtml } from "./escape-html.js";
import { TIER_ORDER, formatPercent, sortSummaryRows, unansweredShare } from "./report-format.js";
import type { RatchetWindow } from "../results/ratchet-types.js";
import type { NumberSource, SummaryRow, TierName } from "../results/report-types.js";

/** The fixed colour of each tier, plus the grey of requests no tier answered. */
export const TIER_COLORS: Readonly<Record<TierName | "unanswered", string>> = Object.freeze({
  templates: "#2f855a",
  rules: "#3182ce",
  ollama: "#dd6b20",
  anthropic: "#805ad5",
  unanswered: "#cbd5e0",
});

/** The fill of each number-source badge. */
export const SOURCE_COLORS: Readonly<Record<NumberSource, string>> = Object.freeze({
  recorded: "#2f855a",
  synthetic: "#b7791f",
  builtin: "#4a5568",
});

const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"`;
const round = (value: number) => Math.round(value * 10) / 10;
const clampShare = (share: number) => Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));

function noData(message: string): string {
  return `<p class="no-data">${escapeHtml(message)}</p>`;
}

function legend(entries: readonly { label: string; fill: string; opacity?: number }[]): string {
  let x = 0;
  return entries
    .map(({ label, fill, opacity }) => {
      const item =
        `<rect data-legend="${escapeHtml(label)}" x="${x}" y="4" width="12" height="12" rx="2" ` +
        `fill="${fill}"${opacity === undefined ? "" : ` fill-opacity="${opacity}"`}/>` +
        `<text x="${x + 17}" y="14" font-size="12" fill="#4a5568">${escapeHtml(label)}</text>`;
      x += 30 + label.length * 6.6;
      return item;
    })
    .join("");
}

function badge(source: NumberSource, x: number, y: number): string {
  return (
    `<rect x="${x}" y="${y}" width="74" height="16" rx="8" fill="${SOURCE_COLORS[source]}"/>` +
    `<text x="${x + 37}" y="${y + 12}" font-size="10" font-weight="600" fill="#fff" ` +
    `text-anchor="middle" letter-spacing="0.5">${source.toUpperCase()}</text>`
  );
}

function truncate(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}

/** Groups summary rows by provider, model, variant and source, keeping the report's row order. */
function groupRows(rows: readonly SummaryRow[]): SummaryRow[][] {
  const groups = new Map<string, SummaryRow[]>();
  for (const row of sortSummaryRows(rows)) {
    const key = JSON.stringify([row.provider, row.model, row.variant, row.source]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

const PASS = { width: 1220, labelWidth: 110, plotWidth: 900, top: 34, title: 24, bar: 16 } as const;
const PASS_GAP = { bar: 6, group: 16, axis: 26 } as const;

/**
 * Chart 1: a group of horizontal bars per provider/model/variant, one bar per tier, gate rate
 * behind pass rate, the pass rate's 95% interval as a whisker; `remark` adds a word to a group's
 * title (a partial recording's coverage).
 */
export function passRateChart(
  rows: readonly SummaryRow[],
  options: { remark?: (row: SummaryRow) => string | null } = {},
): string {
  if (rows.length === 0) return noData("No summary rows: nothing to chart.");
  const groups = groupRows(rows);
  const x0 = PASS.labelWidth;
  const scale = (share: number) => round(clampShare(share) * PASS.plotWidth);
  const shapes: string[] = [];
  let y = PASS.top;
  for (const group of groups) {
    const first = group[0];
    const title = truncate(`${first.provider} / ${first.model}`, 120);
    const remark = options.remark?.(first);
    shapes.push(
      badge(first.source, 0, y + 2),
      `<text x="84" y="${y + 15}" font-size="13" font-weight="600" fill="#1a202c">` +
        `<title>${escapeHtml(`${first.provider} / ${first.model}`)}</title>${escapeHtml(title)}` +
        `<tspan font-weight="400" fill="#718096"> · ${escapeHtml(first.variant)}</tspan>` +
        (remark ? `<tspan font-weight="600" fill="#c05621"> · ${escapeHtml(remark)}</tspan>` : "") +
        `</text>`,
    );
    y += PASS.title;
    for (const row of group) {
      const color = TIER_COLORS[row.tier];
      const end =
        x0 +
        Math.max(scale(row.passRate), scale(row.gateRate), scale(row.passInterval?.[1] ?? 0)) +
        6;
      shapes.push(
        `<text x="${x0 - 8}" y="${y + 12}" font-size="12" fill="#4a5568" text-anchor="end">${row.tier}</text>`,
        `<rect data-mark="gate" data-tier="${row.tier}" x="${x0}" y="${y}" width="${scale(row.gateRate)}" ` +
          `height="${PASS.bar}" rx="2" fill="${color}" fill-opacity="0.28"><title>gate ${formatPercent(row.gateRate)}</title></rect>`,
        `<rect data-mark="pass" data-tier="${row.tier}" x="${x0}" y="${y}" width="${scale(row.passRate)}" ` +
          `height="${PASS.bar}" rx="2" fill="${color}"><title>pass ${formatPercent(row.passRate)}</title></rect>`,
        row.source === "synthetic"
          ? `<rect x="${x0}" y="${y}" width="${scale(row.passRate)}" height="${PASS.bar}" fill="url(#pass-chart-hatch)"/>`
          : "",
        row.passInterval
          ? `<line data-mark="interval" data-tier="${row.tier}" x1="${x0 + scale(row.passInterval[0])}" y1="${y + PASS.bar / 2}" ` +
              `x2="${x0 + scale(row.passInterval[1])}" y2="${y + PASS.bar / 2}" stroke="#1a202c" stroke-width="1.5">` +
              `<title>95% CI ${formatPercent(row.passInterval[0])}–${formatPercent(row.passInterval[1])}</title></line>` +
              [row.passInterval[0], row.passInterval[1]]
                .map(
                  (bound) =>
                    `<line x1="${x0 + scale(bound)}" y1="${y + 3}" x2="${x0 + scale(bound)}" y2="${y + PASS.bar - 3}" stroke="#1a202c" stroke-width="1.5"/>`,
                )
                .join("")
          : "",
        `<text x="${end}" y="${y + 12}" font-size="12" fill="#1a202c"><tspan font-weight="600">` +
          `${formatPercent(row.passRate)}</tspan><tspan fill="#718096"> gate ${formatPercent(row.gateRate)}</tspan></text>`,
      );
      y += PASS.bar + PASS_GAP.bar;
    }
    y += PASS_GAP.group;
  }
  const plotBottom = y - PASS_GAP.group;
  const axis = [0, 0.25, 0.5, 0.75, 1].map((tick) => {
    const x = x0 + scale(tick);
    return (
      `<line x1="${x}" y1="${PASS.top - 4}" x2="${x}" y2="${plotBottom}" stroke="#e2e8f0"/>` +
      `<text x="${x}" y="${plotBottom + 16}" font-size="11" fill="#718096" text-anchor="middle">${tick * 100}%</text>`
    );
  });
  const tiers = TIER_ORDER.filter((tier) => rows.some((row) => row.tier === tier));
  const legendEntries = [
    ...tiers.map((tier) => ({ label: `${tier} pass`, fill: TIER_COLORS[tier] })),
    { label: "gate (lighter)", fill: "#718096", opacity: 0.28 },
    { label: "|—| 95% CI of pass", fill: "#1a202c" },
    ...(rows.some((row) => row.source === "synthetic")
      ? [{ label: "hatched = synthetic", fill: "url(#pass-chart-hatch-legend)" }]
      : []),
  ];
  const height = plotBottom + PASS_GAP.axis;
  return (
    `<svg id="chart-pass-rate" data-chart="pass-rate" role="img" aria-label="Pass rate by model and tier" ` +
    `viewBox="0 0 ${PASS.width} ${height}" width="${PASS.width}" height="${height}" ${FONT}>` +
    `<defs><pattern id="pass-chart-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="3" height="6" fill="#fff" fill-opacity="0.45"/></pattern>` +
    `<pattern id="pass-chart-hatch-legend" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="6" height="6" fill="#718096"/><rect width="3" height="6" fill="#fff" fill-opacity="0.6"/></pattern></defs>` +
    `<g>${legend(legendEntries)}</g>${axis.join("")}${shapes.join("")}</svg>`
  );
}

const RATCHET = { left: 48, right: 20, top: 40, plot: 240, minStep: 22, span: 1150 } as const;
const SEGMENTS: readonly (TierName | "unanswered")[] = [...TIER_ORDER, "unanswered"];

/** Chart 2: a stacked column per ratchet window (mean tier shares and the unanswered rest), the ceiling (share of repeats) as a line, model calls underneath. */
export function ratchetChart(windows: readonly RatchetWindow[]): string {
  if (windows.length === 0) return noData("No ratchet windows: nothing to chart.");
  const step = round(Math.max(RATCHET.minStep, RATCHET.span / windows.length));
  const columnWidth = round(Math.min(90, step * 0.62));
  const width = round(RATCHET.left + windows.length * step + RATCHET.right);
  const plotBottom = RATCHET.top + RATCHET.plot;
  const labelEvery = Math.ceil(36 / step);
  const callsTop = plotBottom + 66;
  const callsHeight = 56;
  const maxCalls = Math.max(1, ...windows.map((window) => window.modelCalls));
  const shapes: string[] = [];
  const calls: string[] = [];
  const points: string[] = [];
  const ceiling: string[] = [];
  windows.forEach((window, position) => {
    const center = round(RATCHET.left + position * step + step / 2);
    const x = round(center - columnWidth / 2);
    const shares: Record<TierName | "unanswered", number> = {
      ...window.tierShare,
      unanswered: unansweredShare(window.tierShare),
    };
    let top = plotBottom;
    for (const segment of SEGMENTS) {
      const height = round(clampShare(shares[segment] ?? 0) * RATCHET.plot);
      if (height <= 0) continue;
      top = round(top - height);
      const label = `window ${window.index} · ${segment} ${formatPercent(shares[segment])}`;
      shapes.push(
        `<rect data-mark="share" data-tier="${segment}" x="${x}" y="${top}" width="${columnWidth}" ` +
          `height="${height}" fill="${TIER_COLORS[segment]}"><title>${escapeHtml(label)}</title></rect>`,
      );
      if (height >= 15 && columnWidth >= 40) {
        const color = segment === "unanswered" ? "#4a5568" : "#fff";
        shapes.push(
          `<text x="${center}" y="${round(top + height / 2 + 4)}" font-size="10" fill="${color}" ` +
            `text-anchor="middle">${formatPercent(shares[segment])}</text>`,
        );
      }
    }
    ceiling.push(`${center},${round(plotBottom - clampShare(window.repeatShare) * RATCHET.plot)}`);
    const callsY = round(callsTop + callsHeight - (window.modelCalls / maxCalls) * callsHeight);
    points.push(`${center},${callsY}`);
    const showLabel = position % labelEvery === 0 || position === windows.length - 1;
    calls.push(`<circle cx="${center}" cy="${callsY}" r="3" fill="#1a202c"/>`);
    if (showLabel) {
      shapes.push(
        `<text x="${center}" y="${plotBottom + 16}" font-size="11" fill="#4a5568" text-anchor="middle">#${window.index}</text>`,
      );
      calls.push(
        `<text x="${center}" y="${callsY - 7}" font-size="11" font-weight="600" fill="#1a202c" text-anchor="middle">${round(window.modelCalls)}</text>`,
      );
    }
  });
  const axis = [0, 0.25, 0.5, 0.75, 1].map((tick) => {
    const y = round(plotBottom - tick * RATCHET.plot);
    return (
      `<line x1="${RATCHET.left - 4}" y1="${y}" x2="${width - RATCHET.right}" y2="${y}" stroke="#e2e8f0"/>` +
      `<text x="${RATCHET.left - 8}" y="${y + 4}" font-size="11" fill="#718096" text-anchor="end">${tick * 100}%</text>`
    );
  });
  const height = callsTop + callsHeight + 14;
  const legendEntries = [
    ...SEGMENTS.map((segment) => ({ label: segment, fill: TIER_COLORS[segment] })),
    { label: "— ceiling: repeated wordings", fill: "#c53030" },
  ];
  return (
    `<svg id="chart-ratchet" data-chart="ratchet" role="img" aria-label="Ratchet: share of requests per tier over time" ` +
    `viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ${FONT}>` +
    `<g transform="translate(${RATCHET.left} 0)">${legend(legendEntries)}</g>${axis.join("")}` +
    `<text x="${RATCHET.left}" y="${plotBottom + 40}" font-size="12" font-weight="600" fill="#4a5568">` +
    `model calls per window</text>` +
    `<line x1="${RATCHET.left - 4}" y1="${callsTop + callsHeight}" x2="${width - RATCHET.right}" ` +
    `y2="${callsTop + callsHeight}" stroke="#e2e8f0"/>${shapes.join("")}` +
    `<polyline data-series="ceiling" points="${ceiling.join(" ")}" fill="none" stroke="#c53030" ` +
    `stroke-width="2" stroke-dasharray="5 3"/>` +
    `<polyline data-series="model-calls" points="${points.join(" ")}" fill="none" stroke="#4a5568" ` +
    `stroke-width="1.5" stroke-linejoin="round"/>${calls.join("")}</svg>`
  );
}
