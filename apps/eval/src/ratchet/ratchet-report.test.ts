import { describe, expect, it } from "vitest";
import type { Fixture } from "../inputs/fixtures.js";
import { aggregateRuns } from "./ratchet-report.js";
import type { RatchetRun } from "./ratchet-sim.js";
import type { TierName } from "../results/report-types.js";

const fixture = { meta: { provider: "ollama", model: "m", source: "synthetic" } } as Fixture;

/** A run of 4 requests in windows of 2, from (tier, correct, modelAloneCorrect, repeat) tuples. */
function run(
  seed: number,
  entries: [TierName | null, boolean, boolean | null, boolean][],
): RatchetRun {
  return {
    seed,
    promoted: seed,
    modelCalls: entries.map(([tier]) => (tier === "ollama" ? 1 : 0)),
    log: entries.map(([tier, correct, modelAloneCorrect, repeat], index) => ({
      seed,
      request: index + 1,
      window: Math.floor(index / 2) + 1,
      intentId: `i${index}`,
      wording: `i${index}`,
      repeat,
      tier,
      correct,
      modelAloneCorrect,
      promoted: null,
    })),
  };
}

describe("aggregateRuns", () => {
  const runs = [
    run(1, [
      ["ollama", true, null, false],
      ["ollama", true, null, true],
      ["templates", false, false, true],
      ["templates", true, true, true],
    ]),
    run(2, [
      ["ollama", true, null, false],
      ["rules", true, null, false],
      ["templates", false, true, true],
      ["ollama", false, null, true],
    ]),
  ];
  const simulation = aggregateRuns(fixture, "stress", "intents", runs, {
    requests: 4,
    windowSize: 2,
    minSuccesses: 3,
  });

  it("gives each window the mean over seeds and its range", () => {
    expect(simulation.windows).toHaveLength(2);
    const [first, second] = simulation.windows;
    expect(first.tierShare).toEqual({ templates: 0, rules: 0.25, ollama: 0.75, anthropic: 0 });
    expect(first.tierShareRange.ollama).toEqual([0.5, 1]);
    expect(first.repeatShare).toBe(0.25);
    expect(first.modelCalls).toBe(1.5);
    expect(first.modelCallsRange).toEqual([1, 2]);
    expect(second.tierShare.templates).toBe(0.75);
    expect(second.wrongFromTemplates).toBe(1);
    expect(second.wrongFromTemplatesRange).toEqual([1, 1]);
  });

  it("counts wrong template answers from the answers served, and the ones the ratchet added", () => {
    expect(simulation).toMatchObject({
      role: "stress",
      seeds: [1, 2],
      templateAnswers: 3,
      wrongFromTemplates: 2,
      addedErrors: 1,
      modelAloneWrong: 1,
      modelCalls: 4,
      modelCallsSaved: 4,
      templateShare: 3 / 8,
      repeatShare: 5 / 8,
      templatesPromoted: 1.5,
      templatesPromotedRange: [1, 2],
    });
    expect(simulation.wrongFromTemplatesShare).toBeCloseTo(2 / 3);
    expect(simulation.wrongFromTemplatesInterval).not.toBeNull();
  });
});

describe("aggregateRuns and the rules tier", () => {
  const runs = [
    run(1, [
      ["rules", true, null, false],
      ["rules", false, null, false],
      ["ollama", true, null, false],
      ["rules", true, null, true],
    ]),
    run(2, [
      ["rules", true, null, false],
      [null, false, null, false],
      ["templates", true, true, true],
      ["rules", true, null, true],
    ]),
  ];
  const simulation = aggregateRuns(fixture, "primary", "wordings", runs, {
    requests: 4,
    windowSize: 2,
    minSuccesses: 3,
  });

  it("counts rule answers as template answers are counted: right only when they pass the check", () => {
    expect(simulation).toMatchObject({
      ruleAnswers: 5,
      wrongFromRules: 1,
      wrongFromRulesShare: 1 / 5,
      ruleShare: 5 / 8,
      templateAnswers: 1,
      wrongFromTemplates: 0,
      modelCallsSaved: 6,
    });
    expect(simulation.wrongFromRulesInterval).not.toBeNull();
    expect(simulation.windows.map((window) => window.wrongFromRules)).toEqual([0.5, 0]);
    expect(simulation.windows[0].wrongFromRulesRange).toEqual([0, 1]);
  });

  it("has no share and no interval without rule answers", () => {
    const none = aggregateRuns(
      fixture,
      "primary",
      "intents",
      [run(3, [["ollama", true, null, false]])],
      {
        requests: 1,
        windowSize: 1,
        minSuccesses: 3,
      },
    );
    expect(none).toMatchObject({
      ruleAnswers: 0,
      wrongFromRulesShare: null,
      wrongFromRulesInterval: null,
    });
  });
});
