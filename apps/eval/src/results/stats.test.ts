import { describe, expect, it } from "vitest";
import {
  bootstrapMean,
  meanAndRange,
  pairedDifference,
  wilsonInterval,
  type IntentTally,
} from "./stats.js";

const tallies = (entries: readonly [string, number, number][]) =>
  new Map<string, IntentTally>(
    entries.map(([intent, passes, trials]) => [intent, { passes, trials }]),
  );

describe("wilsonInterval", () => {
  it.each([
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [5, 10, 0.2366, 0.7634],
    [81, 263, 0.2553, 0.3662],
    [1, 1000, 0.0002, 0.0057],
  ])("%i of %i lies in [%f, %f]", (successes, trials, low, high) => {
    const [lo, hi] = wilsonInterval(successes, trials)!;
    expect(lo).toBeCloseTo(low, 3);
    expect(hi).toBeCloseTo(high, 3);
  });

  it("is null without trials, and narrows as trials grow", () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    const [a, b] = wilsonInterval(30, 60)!;
    const [c, d] = wilsonInterval(300, 600)!;
    expect(d - c).toBeLessThan(b - a);
  });
});

describe("pairedDifference", () => {
  it("is significant when one row passes where the other fails on many intents", () => {
    const ids = Array.from({ length: 40 }, (_, index) => `i${index}`);
    const better = tallies(ids.map((id, index) => [id, index < 30 ? 3 : 0, 3]));
    const worse = tallies(ids.map((id, index) => [id, index < 15 ? 3 : 0, 3]));
    const result = pairedDifference(better, worse)!;
    expect(result.difference).toBeCloseTo(15 / 40);
    expect(result.significant).toBe(true);
    expect(result.interval[0]).toBeGreaterThan(0);
    expect(result.intents).toBe(40);
  });

  it("is not significant when the rows differ on a single intent", () => {
    const ids = Array.from({ length: 40 }, (_, index) => `i${index}`);
    const a = tallies(ids.map((id, index) => [id, index < 20 ? 3 : 0, 3]));
    const b = tallies(ids.map((id, index) => [id, index < 21 ? 3 : 0, 3]));
    const result = pairedDifference(a, b)!;
    expect(result.difference).toBeCloseTo(-1 / 40);
    expect(result.interval[0]).toBeLessThan(0);
    expect(result.interval[1]).toBeGreaterThanOrEqual(0);
    expect(result.significant).toBe(false);
  });

  it("compares only the intents both rows have, and is the same on every call", () => {
    const a = tallies([
      ["x", 1, 1],
      ["y", 0, 1],
      ["z", 1, 1],
    ]);
    const b = tallies([
      ["x", 0, 1],
      ["y", 0, 1],
    ]);
    expect(pairedDifference(a, b)).toEqual(pairedDifference(a, b));
    expect(pairedDifference(a, b)!.intents).toBe(2);
    expect(pairedDifference(a, tallies([["w", 1, 1]]))).toBeNull();
  });
});

describe("bootstrapMean and meanAndRange", () => {
  it("brackets the mean, and collapses for constant values", () => {
    const [low, high] = bootstrapMean([0, 1, 0, 1, 1, 0, 1, 1])!;
    expect(low).toBeLessThan(0.625);
    expect(high).toBeGreaterThan(0.625);
    expect(bootstrapMean([0.5, 0.5, 0.5])).toEqual([0.5, 0.5]);
    expect(bootstrapMean([])).toBeNull();
  });

  it("gives mean, min and max", () => {
    expect(meanAndRange([2, 4, 9])).toEqual({ mean: 5, min: 2, max: 9 });
    expect(meanAndRange([])).toEqual({ mean: 0, min: 0, max: 0 });
  });
});
