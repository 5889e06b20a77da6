import { describe, expect, it } from "vitest";
import { computeRatio, type TaskRow } from "./harness.js";

/** A row with the samples in the order they were taken (its median is not what `paired` reads). */
function row(task: string, samplesUs: number[]): TaskRow {
  return {
    suite: "s",
    task,
    meanUs: NaN,
    p50Us: 1,
    p75Us: NaN,
    p99Us: NaN,
    samples: samplesUs.length,
    samplesUs,
  };
}

describe("computeRatio", () => {
  it("takes a paired ratio as the median of the pairs' ratios, not the ratio of the medians", () => {
    // The machine slows down between pairs; each pair's ratio is 2 but for one outlier.
    const rows = [row("a", [20, 40, 80, 160, 900]), row("b", [10, 20, 40, 80, 100])];
    const ratio = computeRatio(
      "s",
      { name: "a / b", task: "a", baseline: "b", kind: "paired", goal: 2.5 },
      rows,
    );
    expect(ratio).toMatchObject({ value: 2, unit: "x", goal: 2.5, met: true });
    const even = computeRatio("s", { name: "a / b", task: "a", baseline: "b", kind: "paired" }, [
      row("a", [30, 40, 10, 900]),
      row("b", [10, 10, 10, 100]),
    ]);
    expect(even.value).toBe(3.5);
  });

  it("gives NaN for a paired ratio without samples", () => {
    const ratio = computeRatio("s", { name: "x", task: "a", baseline: "b", kind: "paired" }, [
      { ...row("a", []), samplesUs: undefined },
      row("b", [1]),
    ]);
    expect(ratio.value).toBeNaN();
  });
});
