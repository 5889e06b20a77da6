import { describe, expect, it } from "vitest";
import { DEFAULT_PROMPT_VARIANT } from "@lackpy/infer";
import { coversEveryIntent, fixtureCoverage } from "./fixture-coverage.js";

const intents = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("fixtureCoverage", () => {
  it("counts an intent covered by a recording of its own wording, not by a paraphrase's", () => {
    const coverage = fixtureCoverage(
      [
        { intentId: "a", promptVariant: "baseline", trial: 1 },
        { intentId: "a", promptVariant: "full", trial: 2 },
        { intentId: "b@p1", promptVariant: "baseline", trial: 1 },
        { intentId: "gone", promptVariant: "baseline", trial: 1 },
      ],
      intents,
    );
    expect([...coverage.intents]).toEqual(["a"]);
    expect(coverage.missing).toEqual(["b", "c"]);
    expect(coverage.of).toBe(3);
    expect([...coverage.cells].sort()).toEqual([
      "a|baseline|1",
      "a|full|2",
      "b@p1|baseline|1",
      "gone|baseline|1",
    ]);
    expect(coversEveryIntent(coverage)).toBe(false);
  });

  it("reads a record without variant or trial as the default variant's first trial", () => {
    const coverage = fixtureCoverage(
      [{ intentId: "a" }, { intentId: "b" }, { intentId: "c", trial: 3 }],
      intents,
    );
    expect(coversEveryIntent(coverage)).toBe(true);
    expect(coverage.cells.has(`a|${DEFAULT_PROMPT_VARIANT}|1`)).toBe(true);
    expect(coverage.cells.has(`c|${DEFAULT_PROMPT_VARIANT}|3`)).toBe(true);
  });
});
