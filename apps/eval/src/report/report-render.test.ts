import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVIL_MODEL, emptyReport, sampleReport } from "../__fixtures__/sample-report.js";
import { FIT_WIDTH_PX, findChromium, fits, renderCheck } from "./render-check.js";
import { renderHtml } from "./report-html.js";
import { renderMarkdown } from "./report-markdown.js";

/** The lines of a markdown section, from its heading to the next one. */
function sectionOf(markdown: string, title: string): string {
  const start = markdown.indexOf(`## ${title}`);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf("\n## ", start + 3);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe("renderMarkdown", () => {
  const markdown = renderMarkdown(sampleReport());

  it("gives every pass rate its 95% interval and every row its source", () => {
    const table = sectionOf(markdown, "Pass rates");
    const rows = table.split("\n").filter((line) => /^\| (anthropic|ollama|rules) \|/.test(line));
    expect(rows).toHaveLength(4);
    for (const line of rows) {
      expect(line).toMatch(/\| (builtin|recorded|synthetic) \|/);
      expect(line).toMatch(/\| \d+\.\d% \[\d+\.\d–\d+\.\d\] \|/);
    }
    expect(table).toContain(
      "| ollama | qwen2.5-coder:7b | recorded | baseline | 40 | 121 | 49.6% [40.8–58.4] |",
    );
  });

  it("shows the pass rate and prompt size at both kit sizes", () => {
    const table = sectionOf(markdown, "Kit size");
    expect(table).toContain(
      "In the 150-tool kit the profiles pass −5.0 pp to 0.0 pp against their own kits, with each intent's prompt at most 1,024 bytes larger.",
    );
    expect(table).toContain(
      "| ollama | sim-chatty | synthetic | the intent's own | 4–9 | 40 | 82.5% [",
    );
    expect(table).toContain("| ollama | sim-chatty | synthetic | 150 tools | 150 | 40 | 77.5% [");
    expect(table).toContain("0 in all");
    expect(renderMarkdown(emptyReport())).toContain("## Kit size");
    const { kitSizes: _, ...unmeasured } = sampleReport();
    expect(renderMarkdown(unmeasured)).not.toContain("## Kit size");
  });

  it("states the rules tier's coverage and accuracy, and keeps templates off the model axis", () => {
    expect(markdown).toMatch(
      /The rules tier answers 20\.0% \[10\.5–34\.8\] of intents and is right on 100\.0% \[67\.6–100\.0\] of those/,
    );
    expect(sectionOf(markdown, "Pass rates")).not.toMatch(/\| templates \|/);
  });

  it("says which cells repeat an earlier variant's identical prompt, counted once", () => {
    expect(markdown).toContain(
      "ollama/qwen2.5-coder:7b · examples: 30 cells had a prompt byte-identical to the baseline variant's",
    );
    expect(sectionOf(markdown, "Pass rates")).toContain("| recorded | examples | 30 | 90 |");
  });

  it("marks differences as significant or not", () => {
    const table = sectionOf(markdown, "Differences between variants and models");
    expect(table).toContain("| +33.3 pp | +16.7 pp to +50.0 pp | significant |");
    expect(table).toMatch(/a − b in percentage points/);
  });

  it("leaves synthetic latency and tokens empty, and flags synthetic numbers", () => {
    expect(markdown).toMatch(/Synthetic rows come from behaviour profiles/);
    expect(sectionOf(markdown, "Correction, latency, tokens and cost")).toContain(
      "| — (synthetic) | — (synthetic) | — (synthetic) |",
    );
    expect(sectionOf(markdown, "Fixtures")).toContain(
      "by another framework's name. · answers another intent's question on 8% of intents, in every trial and variant · Rules section: +10 pp",
    );
  });

  it("shows the ratchet's windows as means with ranges, the ceiling, and the wrong template answers", () => {
    const ratchet = sectionOf(markdown, "Ratchet: ollama/qwen2.5-coder:7b · intents");
    expect(ratchet).toContain("| 2 | 24.8% (24.0–26.0) |");
    expect(ratchet).toContain("ceiling: repeats %");
    expect(ratchet).toMatch(
      /Wrong answers served by templates, checked against each intent: 5 of 187/,
    );
    expect(ratchet).toMatch(
      /the ratchet added 0 wrong answers the model alone would have got right/,
    );
  });

  it("keeps table cells on one line, and says no rows when there are none", () => {
    for (const line of markdown.split("\n").filter((text) => text.startsWith("|")))
      expect(line.endsWith("|")).toBe(true);
    const empty = renderMarkdown(emptyReport());
    expect(empty).toContain("No summary rows.");
    expect(empty).not.toContain("## Ratchet:");
  });
});

describe("renderHtml", () => {
  const html = renderHtml(sampleReport());

  it("is one self-contained page: inline CSS and SVG, no scripts, nothing fetched", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<script|<link|\ssrc=|@import|url\((?!#)/i);
    expect(html.match(/<svg[^>]*data-chart/g)).toHaveLength(2);
  });

  it("escapes every text it shows", () => {
    expect(html).not.toContain(EVIL_MODEL);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;");
  });

  it("draws each pass rate with its interval, and the ratchet's ceiling", () => {
    const passRate = /<svg[^>]*id="chart-pass-rate"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(passRate.match(/data-mark="pass"/g)).toHaveLength(4);
    expect(passRate.match(/data-mark="interval"/g)).toHaveLength(4);
    const ratchet = /<svg[^>]*id="chart-ratchet"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(ratchet).toContain('data-series="ceiling"');
    expect(ratchet).toContain("#4");
  });

  it("shows the same tables as the markdown, with intervals", () => {
    for (const id of [
      "pass-rates",
      "differences",
      "breakdown-kit",
      "cost",
      "ratchet-1",
      "fixtures",
      "verdict",
    ])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain("49.6% [40.8–58.4]");
    expect(html).toContain('<tr class="significant">');
  });
});

describe("render check (headless chromium)", () => {
  it.skipIf(findChromium() === null)(
    "renders both charts with a size and their marks, fits 1,280 px, and saves a screenshot",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-render-"));
      try {
        for (const [name, report] of [
          ["recorded", sampleReport()],
          ["partial", sampleReport({ recordedIntents: 3 })],
        ] as const) {
          const htmlPath = path.join(dir, `${name}.html`);
          await writeFile(htmlPath, renderHtml(report));
          const result = await renderCheck(htmlPath, path.join(dir, `${name}.png`));
          expect(result.charts.map((chart) => chart.id)).toEqual([
            "chart-pass-rate",
            "chart-ratchet",
          ]);
          for (const chart of result.charts) {
            expect(chart.wellFormed).toBe(true);
            expect(chart.width).toBeGreaterThan(300);
            expect(chart.height).toBeGreaterThan(100);
            expect(chart.marks).toBeGreaterThan(4);
          }
          expect(result.viewportWidth).toBe(FIT_WIDTH_PX);
          expect(result.width, name).toBeLessThanOrEqual(FIT_WIDTH_PX);
          expect(result.overflowing, name).toEqual([]);
          expect(fits(result)).toBe(true);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(findChromium() === null)(
    "finds a table that does not fit",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-render-"));
      try {
        const htmlPath = path.join(dir, "wide.html");
        const report = sampleReport();
        const wide = renderHtml(report).replace(
          "</table>",
          `<tr><td>${"x".repeat(400)}</td></tr></table>`,
        );
        await writeFile(htmlPath, wide);
        const result = await renderCheck(htmlPath, path.join(dir, "wide.png"));
        expect(result.overflowing).toEqual([
          expect.objectContaining({ section: "pass-rates", clientWidth: expect.any(Number) }),
        ]);
        expect(fits(result)).toBe(false);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
