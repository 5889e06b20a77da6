import { describe, expect, it } from "vitest";
import { emptyRatchet } from "../ratchet/ratchet-report.js";
import type { RatchetSimulation } from "../results/ratchet-types.js";
import type { Comparison, FixtureInfo } from "../results/report-types.js";
import { DEFAULT_GATE, judge } from "./gate.js";

function change(
  source: Comparison["a"]["source"],
  difference: number,
  significant: boolean,
): Comparison {
  const key = { provider: "ollama", model: "m", source, variant: "full", tier: "ollama" as const };
  return {
    kind: "baseline",
    a: key,
    b: key,
    passRateA: 0.5 + difference,
    passRateB: 0.5,
    difference,
    interval: significant ? [difference - 0.05, difference / 2] : [difference - 0.05, 0.05],
    significant,
    intents: 40,
  };
}

function simulation(overrides: Partial<RatchetSimulation>): RatchetSimulation {
  return { ...emptyRatchet(), seeds: [1], ...overrides };
}

const fixture = (overrides: Partial<FixtureInfo>): FixtureInfo => ({
  provider: "ollama",
  model: "m",
  source: "recorded",
  path: "ollama/m.jsonl",
  records: 10,
  ...overrides,
});

describe("judge", () => {
  it("fails on a significant regression of a recorded row only; a synthetic one is a note", () => {
    const outcome = judge({
      fixtures: [],
      ratchet: null,
      changes: [
        change("recorded", -0.2, true),
        change("synthetic", -0.2, true),
        change("recorded", -0.01, false),
        change("recorded", 0.2, true),
      ],
    });
    expect(outcome.failures).toHaveLength(1);
    expect(outcome.failures[0]).toMatch(
      /^ollama\/m · full · ollama \(recorded\): pass rate 50\.0% → 30\.0% \(−20\.0 pp/,
    );
    expect(outcome.notes).toHaveLength(1);
    expect(outcome.notes[0]).toMatch(/synthetic rows measure the harness/);
  });

  it("fails when templates add wrong answers the model alone would have got right, above the bound", () => {
    const ratchet = {
      ...emptyRatchet(),
      simulations: [simulation({ addedErrors: 2, model: "m" })],
      log: [],
    };
    expect(judge({ fixtures: [], ratchet, changes: null }).failures[0]).toMatch(
      /templates served 2 wrong answers the model alone would have got right \(bound 0\)/,
    );
    expect(
      judge(
        { fixtures: [], ratchet, changes: null },
        { ...DEFAULT_GATE, maxAddedTemplateErrors: 2 },
      ).failures,
    ).toEqual([]);
  });

  it("bounds the share of wrong template answers of the primary simulation only, when asked", () => {
    const ratchet = {
      ...emptyRatchet(),
      simulations: [
        simulation({ role: "primary", wrongFromTemplatesShare: 0.02 }),
        simulation({ role: "stress", wrongFromTemplatesShare: 0.4 }),
      ],
      log: [],
    };
    expect(judge({ fixtures: [], ratchet, changes: null }).failures).toEqual([]);
    const bounded = { ...DEFAULT_GATE, maxTemplateWrongShare: 0.01 };
    expect(judge({ fixtures: [], ratchet, changes: null }, bounded).failures).toEqual([
      "ratchet -/- (intents): 2.0% of template answers were wrong (bound 1.0%)",
    ]);
  });

  it("counts recorded cells with no recording in the stale note", () => {
    const outcome = judge({
      fixtures: [fixture({ missingCells: 3 })],
      ratchet: null,
      changes: null,
    });
    expect(outcome.notes).toEqual([
      "ollama/m is stale: 0 cells answered from recordings of older prompts, 3 cells with no recording (scored 0, left out of the baseline comparison); record it again",
    ]);
  });

  it("reports stale recorded fixtures as a note with how many cells, and fails on them only with strictness", () => {
    const fixtures = [
      fixture({ staleCells: 12, staleReasons: ["recorded with prompt builder 2, this is 3"] }),
      fixture({ source: "synthetic", staleCells: 5 }),
    ];
    const relaxed = judge({ fixtures, ratchet: null, changes: null });
    expect(relaxed.failures).toEqual([]);
    expect(relaxed.notes).toEqual([
      "ollama/m is stale: 12 cells answered from recordings of older prompts (recorded with prompt builder 2, this is 3); record it again",
    ]);
    const strict = judge(
      { fixtures, ratchet: null, changes: null },
      { ...DEFAULT_GATE, strictStale: true },
    );
    expect(strict.failures).toEqual(relaxed.notes);
  });
});
