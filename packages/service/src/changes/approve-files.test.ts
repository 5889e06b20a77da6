import { describe, expect, it } from "vitest";
import type { ApprovalAnswer } from "../change-types.js";
import { approveFiles } from "./approve-files.js";
import type { ChangePlan } from "./describe-changes.js";

const plan = (file: string) =>
  ({ path: file, change: { path: file, action: "modify", diff: "" } }) as unknown as ChangePlan;

describe("approveFiles", () => {
  it("approves only on yes or all; any other answer declines", async () => {
    const answers = ["yes", "no", "constructor", undefined, "all"] as unknown as ApprovalAnswer[];
    const result = await approveFiles(["a", "b", "c", "d", "e", "f"].map(plan), async () =>
      answers.shift()!,
    );
    // "all" approves e and, unasked, f.
    expect(result.approved.map((one) => one.path)).toEqual(["a", "e", "f"]);
    expect(result.declined).toEqual(["b", "c", "d"]);
  });

  it("approves everything when nobody is asked", async () => {
    expect((await approveFiles([plan("a")], undefined)).approved).toHaveLength(1);
  });
});
