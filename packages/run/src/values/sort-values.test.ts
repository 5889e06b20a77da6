import { describe, expect, it } from "vitest";
import { sortValues } from "./sort-values.js";
import type { WorkMeter } from "./work-meter.js";

/** A meter that records each charge, as the run's clock and bulk pre-check see them. */
function recordingMeter(): WorkMeter & { charges: number[] } {
  const charges: number[] = [];
  return {
    charges,
    limits: { maxSize: 1e9 },
    chargeWork: (units) => void charges.push(units),
    checkSize: () => undefined,
  };
}

describe("sortValues", () => {
  it("sorts stably, and reverse keeps equal items in their original order", () => {
    const items = ["b1", "a1", "b2", "a2"];
    const keys = ["b", "a", "b", "a"];
    expect(sortValues(items, keys, false, recordingMeter())).toEqual(["a1", "a2", "b1", "b2"]);
    expect(sortValues(items, keys, true, recordingMeter())).toEqual(["b1", "b2", "a1", "a2"]);
  });

  it("charges each native pass over the items before it starts, so a run can refuse one that cannot fit", () => {
    const items = Array.from({ length: 1000 }, (_, index) => 1000 - index);
    const meter = recordingMeter();
    const sorted = sortValues(items, items, false, meter);
    expect(sorted[0]).toBe(1);
    // The order made, then read back: each charged as one operation over all the items.
    expect(meter.charges[0]).toBe(250);
    expect(meter.charges.at(-1)).toBe(250);
    // The comparisons between them are charged one by one.
    expect(meter.charges.length).toBeGreaterThan(1000);
  });
});
