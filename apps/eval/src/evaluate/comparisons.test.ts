import { describe, expect, it } from "vitest";
import { makeCell, rowCells } from "../__fixtures__/cells.js";
import { compareRows } from "./comparisons.js";

describe("compareRows", () => {
  it("compares each variant with the first on the intents whose prompts differ, and flags significance", () => {
    const cells = [
      ...rowCells({ variant: "baseline" }, { intents: 40, passing: 10, trials: 3 }),
      ...rowCells({ variant: "examples" }, { intents: 40, passing: 35, trials: 3 }),
      ...rowCells({ variant: "constraints" }, { intents: 40, passing: 11, trials: 3 }),
    ];
    const comparisons = compareRows(cells);
    const examples = comparisons.find((comparison) => comparison.a.variant === "examples")!;
    expect(examples).toMatchObject({ kind: "variant", intents: 40, significant: true });
    expect(examples.b.variant).toBe("baseline");
    expect(examples.difference).toBeCloseTo(25 / 40);
    const constraints = comparisons.find((comparison) => comparison.a.variant === "constraints")!;
    expect(constraints.significant).toBe(false);
    expect(constraints.interval[0]).toBeLessThanOrEqual(0);
  });

  it("leaves identical-prompt cells out of variant comparisons but not out of model comparisons", () => {
    const cells = [
      makeCell({ intentId: "a", variant: "baseline" }),
      makeCell({ intentId: "b", variant: "baseline", score: 1 }),
      makeCell({ intentId: "a", variant: "full", sameAsVariant: "baseline" }),
      makeCell({ intentId: "b", variant: "full" }),
      makeCell({ model: "n", intentId: "a", variant: "full", score: 1 }),
      makeCell({ model: "n", intentId: "b", variant: "full", score: 1 }),
    ];
    const comparisons = compareRows(cells);
    const variant = comparisons.find((comparison) => comparison.kind === "variant")!;
    expect(variant).toMatchObject({ intents: 1, passRateA: 1, passRateB: 0 });
    const model = comparisons.find((comparison) => comparison.kind === "model")!;
    expect(model).toMatchObject({ intents: 2, passRateA: 1, passRateB: 0 });
    expect(model.a.model).toBe("m");
  });
});
