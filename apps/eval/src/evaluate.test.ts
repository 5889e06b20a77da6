import { beforeAll, describe, expect, it } from "vitest";
import { PROMPT_BUILDER_VERSION } from "@lackpy/infer";
import { evaluate, type Evaluation } from "./evaluate.js";
import { listFixtures, loadFixture } from "./fixtures.js";
import { loadIntents } from "./intents.js";
import { CORRECTION_STEPS } from "./report-format.js";
import { PINNED_WORKSPACE_HASH } from "./workspace.js";

const STALE_HINT =
  "the committed fixtures are out of date: run `pnpm --filter @lackpy/eval eval synth`";

describe("the committed fixtures", () => {
  it("were recorded against this workspace fixture and prompt builder, by at least three synthetic profiles", async () => {
    const fixtures = await Promise.all((await listFixtures()).map(loadFixture));
    expect(
      fixtures.filter((fixture) => fixture.meta.source === "synthetic").length,
    ).toBeGreaterThanOrEqual(3);
    for (const fixture of fixtures) {
      expect(fixture.meta.workspaceHash, STALE_HINT).toBe(PINNED_WORKSPACE_HASH);
      expect(fixture.meta.promptBuilderVersion, STALE_HINT).toBe(PROMPT_BUILDER_VERSION);
      expect(new Set(fixture.records.map((record) => record.source))).toEqual(
        new Set([fixture.meta.source]),
      );
    }
  });
});

describe("evaluate over every committed fixture (what `pnpm bench` runs)", () => {
  let evaluation: Evaluation;
  beforeAll(async () => {
    evaluation = await evaluate({ intents: await loadIntents() });
  }, 180_000);

  it("replays every cell from a recording: no fixture misses, nothing stale", () => {
    const models = evaluation.report.summary.filter(
      (row) => row.tier === "ollama" || row.tier === "anthropic",
    );
    expect(models.length).toBeGreaterThanOrEqual(3 * 4);
    for (const row of models) {
      expect(row.fixtureMisses, STALE_HINT).toBe(0);
      expect(row.stale, STALE_HINT).toBe(0);
    }
  });

  it("scores every tier, with the source of every row", () => {
    const tiers = new Set(evaluation.report.summary.map((row) => row.tier));
    expect(tiers).toEqual(new Set(["templates", "rules", "ollama", "anthropic"]));
    const rules = evaluation.report.summary.find((row) => row.tier === "rules")!;
    expect(rules).toMatchObject({ source: "builtin", cells: evaluation.report.meta.intents });
    expect(rules.passRate).toBeGreaterThan(0);
    for (const row of evaluation.report.summary)
      expect(["synthetic", "builtin", "recorded"]).toContain(row.source);
  });

  it("exercises every step of the correction chain, and the failure modes small models cause", () => {
    for (const step of CORRECTION_STEPS) {
      const cells = evaluation.report.summary.reduce((sum, row) => sum + row.steps[step], 0);
      expect(cells, `no model cell accepted at ${step}`).toBeGreaterThan(0);
    }
    const modes = evaluation.report.failureModesBySource.synthetic ?? {};
    for (const mode of [
      "wrong_output",
      "path_prefix",
      "implement_not_orchestrate",
      "stdlib_leak",
    ] as const)
      expect(modes[mode] ?? 0, mode).toBeGreaterThan(0);
  });

  it("runs the ratchet: templates take a growing share, save model calls, and never serve a wrong answer", () => {
    const { ratchet } = evaluation.report;
    expect(ratchet.windows).toHaveLength(ratchet.requests / ratchet.windowSize);
    expect(ratchet.wrongFromTemplates).toBe(0);
    expect(ratchet.templatesPromoted).toBeGreaterThan(5);
    expect(ratchet.windows.at(-1)!.tierShare.templates).toBeGreaterThan(
      ratchet.windows[0].tierShare.templates,
    );
    expect(ratchet.modelCallsSaved).toBeGreaterThan(0);
    const templates = evaluation.report.summary.find((row) => row.tier === "templates")!;
    expect(templates.passRate).toBe(1);
  });
});
