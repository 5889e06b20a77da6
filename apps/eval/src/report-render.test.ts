import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVIL_MODEL, sampleReport } from "./__fixtures__/sample-report.js";
import { findChromium, renderCheck } from "./render-check.js";
import { renderHtml } from "./report-html.js";
import { renderMarkdown } from "./report-markdown.js";

describe("renderMarkdown", () => {
  const markdown = renderMarkdown(sampleReport());

  it("prints the summary, failure modes and ratchet tables with the source of every row", () => {
    expect(markdown).toContain("## Summary");
    expect(markdown).toContain("## Failure modes");
    expect(markdown).toContain("## Ratchet");
    const summary = markdown.slice(
      markdown.indexOf("## Summary"),
      markdown.indexOf("## Correction"),
    );
    const summaryRows = summary
      .split("\n")
      .filter((line) => /^\| (builtin|ollama|synthetic) \|/.test(line));
    expect(summaryRows).toHaveLength(5);
    for (const line of summaryRows) expect(line).toMatch(/\| (builtin|recorded|synthetic) \|/);
    expect(markdown).toContain(
      "| ollama | qwen2.5-coder:7b | recorded | baseline | ollama | 120 | 62.5% |",
    );
  });

  it("flags synthetic numbers and keeps table cells on one line", () => {
    expect(markdown).toMatch(/Synthetic rows come from behaviour profiles/);
    const tableLines = markdown.split("\n").filter((line) => line.startsWith("|"));
    for (const line of tableLines) expect(line.endsWith("|")).toBe(true);
  });

  it("splits failure modes by number source", () => {
    expect(markdown).toContain("| mode | count | share | recorded | synthetic |");
    expect(markdown).toContain("| stdlib_leak | 30 | 60.0% | 20 | 10 |");
  });

  it("totals the ratchet windows", () => {
    expect(markdown).toMatch(/\| total \| 200 \| 30\.0% \|/);
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

  it("draws a bar per summary row and a stacked column per ratchet window", () => {
    const passRate = /<svg[^>]*id="chart-pass-rate"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(passRate.match(/data-mark/g)!.length).toBeGreaterThanOrEqual(5);
    const ratchet = /<svg[^>]*id="chart-ratchet"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(ratchet).toContain("#4");
  });
});

describe("render check (headless chromium)", () => {
  it.skipIf(findChromium() === null)(
    "renders both charts with a size and their marks, and saves a screenshot",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-render-"));
      try {
        const htmlPath = path.join(dir, "report.html");
        await writeFile(htmlPath, renderHtml(sampleReport()));
        const result = await renderCheck(htmlPath, path.join(dir, "report.png"));
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
        expect(result.width).toBeLessThanOrEqual(1440);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
