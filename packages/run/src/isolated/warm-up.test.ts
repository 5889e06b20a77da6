import { describe, expect, it } from "vitest";
import { WARM_UP_PROGRAM, warmUp } from "./warm-up.js";

describe("warmUp", () => {
  it("runs its whole program: a warm-up that failed early would compile little", async () => {
    const result = await warmUp();
    expect(result).toMatchObject({ success: true, output: [7, 7], error: null });
    expect(result?.stats.toolCalls).toBe(3);
    expect(WARM_UP_PROGRAM).toContain("find_files");
  });
});
