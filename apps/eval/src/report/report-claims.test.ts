import { describe, expect, it } from "vitest";
import { sampleReport } from "../__fixtures__/sample-report.js";
import type { EvalReport } from "../results/report-types.js";
import { escapeHtml } from "./escape-html.js";
import { renderHtml } from "./report-html.js";
import { renderMarkdown } from "./report-markdown.js";

/** The lines of a markdown section, from its heading to the next one. */
function sectionOf(markdown: string, title: string): string {
  const start = markdown.indexOf(`## ${title}`);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf("\n## ", start + 3);
  return markdown.slice(start, end === -1 ? undefined : end);
}

/** The text of an HTML section by id, tags removed. */
function htmlSection(html: string, id: string): string {
  const match = new RegExp(`<section class="card" id="${id}">([\\s\\S]*?)</section>`).exec(html);
  expect(match, id).not.toBeNull();
  return match![1].replace(/<[^>]+>/g, " ");
}

/** The page's visible text in order, each defined term as `⟦term⟧`. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<dfn>([^<]*)<\/dfn>/g, "⟦$1⟧")
    .replace(/<[^>]+>/g, " ");
}

const TERMS: readonly [string, RegExp][] = [
  ["cell", /\bcells?\b/i],
  ["gate", /\bgate\b/i],
  ["pass^k", /pass\^k/i],
];

const REPORTS: readonly [string, EvalReport][] = [
  ["recorded", sampleReport()],
  ["synthetic only", sampleReport({ source: "synthetic" })],
  ["partial", sampleReport({ recordedIntents: 3 })],
];

describe("the page's claims about where its numbers come from", () => {
  it("says no real model was recorded when every row is synthetic, and claims nothing recorded", () => {
    const report = sampleReport({ source: "synthetic" });
    for (const page of [renderHtml(report), renderMarkdown(report)]) {
      expect(page).toContain("No real model has been recorded yet");
      expect(page).not.toMatch(/recorded from a real model|How well \d+ recorded/);
      expect(page).toContain(
        "No model row is recorded, so there is no latency, token count or cost",
      );
      expect(page).toContain(
        "the best synthetic profile; no real model has been recorded, so these shares show the mechanism, not a model.",
      );
    }
    expect(renderHtml(report)).not.toContain('class="badge recorded"');
  });

  it("names the recorded models, and speaks of cost only when a recorded Anthropic row exists", () => {
    const ollama = renderMarkdown(sampleReport());
    expect(ollama).toContain(
      "How well 1 recorded model (ollama/qwen2.5-coder:7b) writes lackpy programs, next to 1 synthetic behaviour profile",
    );
    expect(sectionOf(ollama, "Correction, latency, tokens and cost")).toContain(
      "There is no cost: no Anthropic row was recorded",
    );
    const anthropic = renderMarkdown(sampleReport({ provider: "anthropic" }));
    expect(sectionOf(anthropic, "Correction, latency, tokens and cost")).toContain(
      "Cost is tokens × the price table, for the recorded Anthropic rows",
    );
    expect(anthropic).toContain(
      "Simulated model: anthropic/qwen2.5-coder:7b, the recorded model with the best pass rate among those recorded on every intent.",
    );
  });

  it("reports a partial recording as partial wherever it is named, over its intents only, never as stale", () => {
    const report = sampleReport({ recordedIntents: 3 });
    const markdown = renderMarkdown(report);
    expect(markdown).toContain(
      "fixtures: ollama/qwen2.5-coder:7b (recorded, partial: 3 of 40 intents)",
    );
    expect(sectionOf(markdown, "Pass rates")).toContain(
      "| ollama | qwen2.5-coder:7b (partial: 3 of 40 intents) | recorded | baseline | 3 | 10 |",
    );
    expect(sectionOf(markdown, "Fixtures")).toContain("| 3 of 40 (partial) | 0 |");
    // Compared with the synthetic model on the 3 intents both have: too few to call.
    const versus = report.comparisons.filter((comparison) => comparison.kind === "model");
    expect(versus).toEqual([expect.objectContaining({ intents: 3, significant: false })]);
    expect(sectionOf(markdown, "Differences between variants and models")).toContain(
      "| too few intents to tell |",
    );
    expect(report.gate.notes).toEqual([
      expect.stringMatching(/^ollama\/qwen2\.5-coder:7b is a partial recording: 3 of 40 intents\./),
    ]);
    expect([...report.gate.notes, report.gate.verdict].join(" ")).not.toMatch(/stale/);
    expect(markdown).toContain(
      "no recorded model has a recording of every intent (ollama/qwen2.5-coder:7b, partial: 3 of 40 intents)",
    );
    const html = renderHtml(report);
    expect(htmlSection(html, "meta")).toContain("partial: 3 of 40 intents");
    expect(htmlSection(html, "meta")).not.toMatch(/stale/);
    expect(html).toMatch(/<tspan[^>]*> · partial: 3 of 40 intents<\/tspan>/);
  });
});

describe("the page's terms and verdict", () => {
  it.each(REPORTS)("defines cell, gate and pass^k where they first appear (%s)", (_, report) => {
    const text = visibleText(renderHtml(report));
    const markdown = renderMarkdown(report);
    for (const [term, pattern] of TERMS) {
      const atHtml = text.search(pattern);
      expect(atHtml, term).toBeGreaterThan(0);
      expect(text[atHtml - 1], `first "${term}" on the page is its definition`).toBe("⟦");
      const atMarkdown = markdown.search(pattern);
      expect(markdown[atMarkdown - 1], `first "${term}" in markdown is its definition`).toBe("*");
    }
  });

  it.each(REPORTS)(
    "states the verdict in one plain sentence, first in the Run and Verdict sections (%s)",
    (_, report) => {
      expect(report.gate.verdict).toMatch(/^The run (passes|fails)[^.]*\.$/);
      const html = renderHtml(report);
      const verdict = escapeHtml(report.gate.verdict);
      expect(html).toContain(`<dd><span class="passes">${verdict}</span></dd>`);
      expect(html).toContain(`<h2>Verdict</h2><p class="lead">${verdict}</p>`);
      expect(sectionOf(renderMarkdown(report), "Verdict")).toContain(
        `## Verdict\n\n**${report.gate.verdict}**`,
      );
    },
  );
});
