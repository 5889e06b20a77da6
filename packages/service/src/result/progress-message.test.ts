import { describe, expect, it } from "vitest";
import { progressMessage } from "./progress-message.js";

describe("progressMessage", () => {
  it("says each event in words, with the counts of a run", () => {
    expect(progressMessage({ kind: "tier", provider: "ollama", tier: "ollama" })).toBe(
      "generating with ollama (ollama)",
    );
    expect(progressMessage({ kind: "running" })).toBe("running the program");
    expect(
      progressMessage({ kind: "run", steps: 9, toolCalls: 12, filesRead: 1, elapsedMs: 4230 }),
    ).toBe("running: 12 tool calls, 1 file read, 4.2 s");
    expect(progressMessage({ kind: "done" })).toBe("");
  });
});
