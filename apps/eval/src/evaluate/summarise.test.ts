import { describe, expect, it } from "vitest";
import { makeCell } from "../__fixtures__/cells.js";
import { failureModes, passHatK, summarise } from "./summarise.js";

const cell = makeCell;

describe("passHatK", () => {
  it("is C(c,k)/C(n,k) averaged over intents, with k the fewest trials", () => {
    // 3 of 3 pass → 1; 2 of 3 pass → C(2,3)=0; so the mean is 0.5 at k=3.
    expect(
      passHatK([
        { n: 3, c: 3 },
        { n: 3, c: 2 },
      ]),
    ).toEqual({ passK: 0.5, k: 3 });
    // k = 2: C(2,2)/C(3,2) = 1/3 for the second intent.
    expect(
      passHatK([
        { n: 2, c: 2 },
        { n: 3, c: 2 },
      ]).passK,
    ).toBeCloseTo((1 + 1 / 3) / 2);
    expect(passHatK([])).toEqual({ passK: 0, k: 0 });
  });

  it("equals the plain pass rate when every intent has one trial", () => {
    expect(
      passHatK([
        { n: 1, c: 1 },
        { n: 1, c: 0 },
        { n: 1, c: 1 },
        { n: 1, c: 1 },
      ]).passK,
    ).toBe(0.75);
  });
});

describe("summarise", () => {
  const cells = [
    cell({ intentId: "a", trial: 1 }),
    cell({ intentId: "a", trial: 2, score: 1, mode: "wrong_output", latencyMs: 300 }),
    cell({
      intentId: "b",
      trial: 1,
      score: 0,
      mode: "stdlib_leak",
      firstRejected: true,
      accepted: false,
      acceptedBy: "none",
      latencyMs: 200,
    }),
    cell({
      intentId: "b",
      trial: 2,
      firstRejected: true,
      accepted: true,
      acceptedBy: "retry",
      stale: true,
    }),
    cell({
      intentId: "a",
      variant: "examples",
      score: 0,
      mode: "fixture_miss",
      latencyMs: null,
      modelCalls: 0,
    }),
    cell({
      provider: "rules",
      model: "builtin",
      source: "builtin",
      tier: "rules",
      variant: "-",
      latencyMs: null,
    }),
  ];
  const rows = summarise(cells);

  it("groups by provider, model, source, variant and tier", () => {
    expect(rows.map((row) => [row.provider, row.variant, row.cells])).toEqual([
      ["ollama", "baseline", 4],
      ["ollama", "examples", 1],
      ["rules", "-", 1],
    ]);
  });

  it("computes pass, gate, pass^k, correction, misses and stale, with 95% intervals", () => {
    const baseline = rows[0];
    expect(baseline).toMatchObject({
      passes: 2,
      passRate: 0.5,
      gateRate: 0.75,
      passK: 0,
      k: 2,
      correctionRate: 0.5,
      fixtureMisses: 0,
      stale: 1,
      steps: { initial: 2, cleanup: 0, retry: 1, fixer: 0, none: 1 },
    });
    expect(baseline.passInterval![0]).toBeCloseTo(0.15, 2);
    expect(baseline.passInterval![1]).toBeCloseTo(0.85, 2);
    expect(baseline.gateInterval).not.toBeNull();
    expect(baseline.correctionInterval).not.toBeNull();
    expect(baseline.passKInterval).toEqual([0, 0]);
    expect(rows[1]).toMatchObject({
      passRate: 0,
      fixtureMisses: 1,
      latencyMsMedian: null,
      correctionRate: null,
    });
  });

  it("leaves loopback latency and estimated tokens out of synthetic rows, and keeps them for recorded ones", () => {
    expect(rows[0]).toMatchObject({ latencyMsMedian: null, tokensIn: null, tokensOut: null });
    const [recorded] = summarise(cells.slice(0, 4).map((one) => ({ ...one, source: "recorded" })));
    expect(recorded).toMatchObject({ latencyMsMedian: 150, tokensIn: 40, tokensOut: 20 });
  });

  it("costs recorded Anthropic rows at the price table's rate", () => {
    const [row] = summarise([
      cell({
        provider: "anthropic",
        model: "claude-sonnet-4-5-20250929",
        tier: "anthropic",
        source: "recorded",
        tokensIn: 1_000_000,
        tokensOut: 100_000,
      }),
    ]);
    expect(row.costUsd).toBeCloseTo(3 + 1.5);
    const [unpriced] = summarise([
      cell({
        provider: "anthropic",
        model: "some-future-model",
        tier: "anthropic",
        source: "recorded",
      }),
    ]);
    expect(unpriced.costUsd).toBeNull();
  });

  it("separates coverage from accuracy: the rules tier answers few intents and is right on those", () => {
    const rules = summarise(
      ["a", "b", "c", "d"].map((intentId, index) =>
        cell({
          provider: "rules",
          model: "builtin",
          source: "builtin",
          tier: "rules",
          variant: "-",
          intentId,
          ...(index === 0
            ? {}
            : { score: 0, mode: "no_answer", accepted: false, acceptedBy: "none" }),
        }),
      ),
    )[0];
    expect(rules).toMatchObject({ answered: 1, coverage: 0.25, accuracy: 1, passRate: 0.25 });
    expect(rules.accuracyInterval![0]).toBeGreaterThan(0.2);
  });

  it("counts a cell whose prompt repeats an earlier variant's once, under that variant", () => {
    const both = [
      cell({ intentId: "a", variant: "baseline" }),
      cell({ intentId: "b", variant: "baseline", score: 0, mode: "wrong_output" }),
      cell({ intentId: "a", variant: "examples", sameAsVariant: "baseline" }),
      cell({ intentId: "b", variant: "examples", score: 2 }),
    ];
    const [baseline, examples] = summarise(both);
    expect(baseline).toMatchObject({ cells: 2, intents: 2, identicalPrompts: 0 });
    expect(examples).toMatchObject({
      cells: 1,
      intents: 1,
      identicalPrompts: 1,
      identicalTo: "baseline",
      passRate: 1,
    });
    expect(failureModes(both)).toEqual({ wrong_output: 1 });
  });

  it("counts failure modes of failed cells only", () => {
    expect(failureModes(cells)).toEqual({ fixture_miss: 1, stdlib_leak: 1, wrong_output: 1 });
  });
});
