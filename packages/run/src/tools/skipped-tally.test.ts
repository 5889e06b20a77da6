import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool, run } from "../node.js";
import { SkippedTally } from "./skipped-tally.js";
import type { ToolCallContext } from "./tool-call-context.js";

afterAll(() => closeWorkerPool());

describe("SkippedTally", () => {
  it("counts a reason once per scope and adds up the scopes, the largest first", () => {
    const tally = new SkippedTally();
    tally.note([{ reason: "files under node_modules", count: 40 }], "**/*");
    tally.note([{ reason: "files under node_modules", count: 40 }], "**/*");
    tally.note(
      [
        { reason: "binary files", count: 2 },
        { reason: "files under node_modules", count: 45 },
      ],
      "**/*",
    );
    tally.note([{ reason: "files under node_modules", count: 7 }], "lib/**");
    expect(tally.list()).toEqual([
      { reason: "files under node_modules", count: 52 },
      { reason: "binary files", count: 2 },
    ]);
  });

  it.each<[unknown, string]>([
    ["not a list", "binary files"],
    [[{ reason: "", count: 1 }], "an empty reason"],
    [[{ reason: "x", count: 0 }], "a count of 0"],
    [[{ reason: "x", count: -1 }], "a negative count"],
    [[{ reason: "x", count: 1.5 }], "a fraction"],
    [[{ reason: "x", count: "1" }], "a count as text"],
    [[{ reason: "x".repeat(201), count: 1 }], "a reason over 200 characters"],
    [[null], "null"],
  ] as [unknown, string][])("drops %j (%s)", (rows) => {
    const tally = new SkippedTally();
    tally.note(rows, "**");
    expect(tally.list()).toEqual([]);
  });
});

/** A tool that says it left out what its arguments say. */
const TOOLS = {
  leave(this: ToolCallContext, scope: string, reason: string, count: number) {
    this.noteSkipped([{ reason, count }], scope);
    return count;
  },
  async later(this: ToolCallContext, scope: string, reason: string, count: number) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    this.noteSkipped([{ reason, count }], scope);
    return count;
  },
};

describe.each(["in-process", "isolated"] as const)("RunResult.skipped (%s)", (mode) => {
  it("gathers what the tools noted, over every call of the run", async () => {
    const result = await run(
      `leave("**", "files under node_modules", 30)
later("**", "files under node_modules", 30)
later("src/**", "files under node_modules", 5)
leave("**", "binary files", 2)`,
      { tools: TOOLS, mode },
    );
    expect(result.success).toBe(true);
    expect(result.skipped).toEqual([
      { reason: "files under node_modules", count: 35 },
      { reason: "binary files", count: 2 },
    ]);
  });

  it("leaves skipped out when no tool noted anything", async () => {
    const result = await run(`leave("**", "", 0)`, { tools: TOOLS, mode });
    expect(result.success).toBe(true);
    expect(result).not.toHaveProperty("skipped");
  });
});
