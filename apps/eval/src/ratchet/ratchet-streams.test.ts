import { describe, expect, it } from "vitest";
import { repeats, requestStream } from "./ratchet-streams.js";
import { loadIntents } from "../inputs/intents.js";
import { editsFiles } from "../replay/replay.js";

const intents = (await loadIntents()).filter((intent) => !editsFiles(intent));
const wordings = intents.flatMap((intent) => [intent.text, ...(intent.paraphrases ?? [])]);

describe("requestStream", () => {
  it.each(["intents", "wordings"] as const)(
    "%s: is the same for the same seed, and differs for another",
    (scenario) => {
      const one = requestStream(intents, { scenario, seed: 7, requests: 200 });
      expect(requestStream(intents, { scenario, seed: 7, requests: 200 })).toEqual(one);
      expect(requestStream(intents, { scenario, seed: 8, requests: 200 })).not.toEqual(one);
      expect(one).toHaveLength(200);
      for (const request of one) expect(wordings).toContain(request.text);
    },
  );

  it("draws popular items often and leaves a long tail", () => {
    const stream = requestStream(intents, { scenario: "wordings", seed: 3, requests: 240 });
    const counts = new Map<string, number>();
    for (const request of stream)
      counts.set(request.intentId, (counts.get(request.intentId) ?? 0) + 1);
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(sorted[0]).toBeGreaterThan(15);
    expect(sorted.filter((count) => count === 1).length).toBeGreaterThan(10);
    expect(wordings.length).toBeGreaterThan(intents.length);
  });

  it("tells repeats from first occurrences by wording", () => {
    const stream = requestStream(intents, { scenario: "intents", seed: 5, requests: 100 });
    const flags = repeats(stream);
    expect(flags[0]).toBe(false);
    expect(flags.filter((flag) => !flag).length).toBe(
      new Set(stream.map((request) => request.intentId)).size,
    );
  });
});
