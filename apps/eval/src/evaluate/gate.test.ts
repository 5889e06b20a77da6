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
      intents: 40,
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
    expect(judge({ intents: 40, fixtures: [], ratchet, changes: null }).failures[0]).toMatch(
      /templates served 2 wrong answers the model alone would have got right \(bound 0\)/,
    );
    expect(
      judge(
        { intents: 40, fixtures: [], ratchet, changes: null },
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
    expect(judge({ intents: 40, fixtures: [], ratchet, changes: null }).failures).toEqual([]);
    const bounded = { ...DEFAULT_GATE, maxTemplateWrongShare: 0.01 };
    expect(judge({ intents: 40, fixtures: [], ratchet, changes: null }, bounded).failures).toEqual([
      "ratchet -/- (intents): 2.0% of template answers were wrong (bound 1.0%)",
    ]);
  });

  it("notes recorded cells with no recorded answer apart from staleness", () => {
    const outcome = judge({
      intents: 40,
      fixtures: [fixture({ missingCells: 3 })],
      ratchet: null,
      changes: null,
    });
    expect(outcome.notes).toEqual([
      "ollama/m: 3 cells with no recorded answer for the prompt asked (scored 0, left out of the baseline comparison)",
    ]);
  });

  it("reports stale recorded fixtures as a note with how many cells, and fails on them only with strictness", () => {
    const fixtures = [
      fixture({ staleCells: 12, staleReasons: ["recorded with prompt builder 2, this is 3"] }),
      fixture({ source: "synthetic", staleCells: 5 }),
    ];
    const relaxed = judge({ intents: 40, fixtures, ratchet: null, changes: null });
    expect(relaxed.failures).toEqual([]);
    expect(relaxed.notes).toEqual([
      "ollama/m is stale: 12 cells answered from recordings of older prompts (recorded with prompt builder 2, this is 3); record it again",
    ]);
    const strict = judge(
      { intents: 40, fixtures, ratchet: null, changes: null },
      { ...DEFAULT_GATE, strictStale: true },
    );
    expect(strict.failures).toEqual(relaxed.notes);
    expect(strict.verdict).toBe(
      "The run fails because a recorded fixture is out of date and --strict is on.",
    );
  });

  it("calls a partial recording partial, never stale, and never fails on it, even with strictness", () => {
    const partial = fixture({ recordedIntents: 3, partial: true, unrecordedCells: 0 });
    for (const settings of [DEFAULT_GATE, { ...DEFAULT_GATE, strictStale: true }]) {
      const outcome = judge(
        { intents: 73, fixtures: [partial], ratchet: null, changes: null },
        settings,
      );
      expect(outcome.failures).toEqual([]);
      expect(outcome.notes).toEqual([
        "ollama/m is a partial recording: 3 of 73 intents. Its rows cover those 3 only, it is compared with other rows on the intents both have, and the ratchet simulation does not use it; `pnpm --filter @lackpy/eval eval record --provider ollama --model m --resume` records the other 70",
      ]);
      expect(outcome.notes.join(" ")).not.toMatch(/stale/);
    }
    const holes = judge({
      intents: 73,
      fixtures: [fixture({ recordedIntents: 73, partial: false, unrecordedCells: 4 })],
      ratchet: null,
      changes: null,
    });
    expect(holes.notes).toEqual([
      "ollama/m: 4 cells of its intents were not recorded and are left out of its rows; `pnpm --filter @lackpy/eval eval record --provider ollama --model m --resume` records them",
    ]);
    // A stale file cannot be resumed: the note says to record it anew.
    const stale = judge({
      intents: 73,
      fixtures: [{ ...partial, staleReasons: ["recorded with prompt builder 2, this is 3"] }],
      ratchet: null,
      changes: null,
    });
    expect(stale.notes[0]).toMatch(
      /ratchet simulation does not use it; it is out of date, so `pnpm --filter @lackpy\/eval eval record --provider ollama --model m --replace` records it anew$/,
    );
  });

  it("notes a recorded fixture of another workspace fixture apart from staleness", () => {
    const outcome = judge({
      intents: 40,
      fixtures: [fixture({ workspaceChanged: "recorded against workspace aaa, this is bbb" })],
      ratchet: null,
      changes: null,
    });
    expect(outcome.notes).toEqual([
      "ollama/m was recorded against workspace aaa, this is bbb: its answers are checked against files that have changed; record it again",
    ]);
  });

  it("states the verdict in one plain sentence that says what was checked", () => {
    const ratchet = { ...emptyRatchet(), simulations: [simulation({})], log: [] };
    const sentence = /^The run (passes|fails)[^.]*\.$/;
    const noBaseline = judge({ intents: 40, fixtures: [], ratchet, changes: null });
    expect(noBaseline.verdict).toBe(
      "The run passes: templates served no wrong answer the model alone would have got right (no baseline was given to check for regressions).",
    );
    const compared = judge({
      intents: 40,
      fixtures: [],
      ratchet,
      changes: [change("recorded", 0.01, false)],
    });
    expect(compared.verdict).toBe(
      "The run passes: templates served no wrong answer the model alone would have got right and no recorded model's pass rate fell significantly since the baseline.",
    );
    const failing = judge({
      intents: 40,
      fixtures: [],
      ratchet: {
        ...ratchet,
        simulations: [simulation({ addedErrors: 1 })],
      },
      changes: [change("recorded", -0.2, true)],
    });
    expect(failing.verdict).toBe(
      "The run fails because a recorded model's pass rate fell significantly since the baseline and templates served wrong answers the model alone would have got right.",
    );
    const replayOnly = judge({ intents: 40, fixtures: [], ratchet: null, changes: null });
    expect(replayOnly.verdict).toBe(
      "The run passes: nothing could fail it (no baseline was given to check for regressions).",
    );
    for (const outcome of [noBaseline, compared, failing, replayOnly])
      expect(outcome.verdict).toMatch(sentence);
  });
});
