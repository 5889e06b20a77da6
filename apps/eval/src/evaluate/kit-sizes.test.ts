import { describe, expect, it } from "vitest";
import { loadIntents } from "../inputs/intents.js";
import { measureKitSizes } from "./kit-sizes.js";

describe("measureKitSizes", () => {
  it("passes every intent in the 150-tool kit as often as with its own kit, with prompts under 2 KB larger", async () => {
    const intents = await loadIntents();
    const [own, large] = await measureKitSizes(intents, { profiles: ["sim-careful"] });
    expect(own).toMatchObject({ model: "sim-careful", kit: "own", cells: intents.length });
    expect(large).toMatchObject({ kit: "large", toolsMin: 150, toolsMax: 150, droppedTools: 0 });
    // sim-careful makes no per-call mistake a changed prompt could draw differently.
    expect(large.passes).toBe(own.passes);
    expect(large.promptBytes).toHaveLength(intents.length);
    large.promptBytes.forEach((bytes, index) => {
      expect(bytes, intents[index].id).toBeGreaterThan(own.promptBytes[index]);
      expect(bytes, intents[index].id).toBeLessThan(own.promptBytes[index] + 2048);
    });
  }, 60_000);
});
