import { describe, expect, it } from "vitest";
import type { ChangePlan } from "./describe-changes.js";
import {
  CHANGE_TTL_MS,
  MAX_PENDING_BYTES,
  MAX_PENDING_CHANGES,
  PendingChanges,
} from "./pending-changes.js";

const code = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "no error";
};

describe("PendingChanges", () => {
  it("hands a change set out once", () => {
    const pending = new PendingChanges();
    const changeId = pending.add([], "run", "label", 1000);
    expect(pending.take(changeId, 1001)).toMatchObject({ label: "label", source: "run" });
    expect(code(() => pending.take(changeId, 1002))).toBe("change_applied");
  });

  it("expires 15 minutes after the dry run", () => {
    const pending = new PendingChanges();
    const early = pending.add([], "run", "early", 0);
    const late = pending.add([], "run", "late", 0);
    expect(pending.take(early, CHANGE_TTL_MS - 1).label).toBe("early");
    expect(code(() => pending.take(late, CHANGE_TTL_MS))).toBe("change_expired");
    expect(code(() => pending.take(late, CHANGE_TTL_MS + 1))).toBe("change_expired");
  });

  it("keeps at most MAX_PENDING_CHANGES, the oldest pushed out, and knows no other id", () => {
    const pending = new PendingChanges();
    const ids = Array.from({ length: MAX_PENDING_CHANGES + 1 }, (_, index) =>
      pending.add([], "run", String(index), 0),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(code(() => pending.take(ids[0], 1))).toBe("unknown_change");
    expect(pending.take(ids[1], 1).label).toBe("1");
    expect(code(() => pending.take("0123456789abcdef01234567", 1))).toBe("unknown_change");
  });

  it("pushes the oldest out when the kept content is over MAX_PENDING_BYTES", () => {
    const pending = new PendingChanges();
    const plan = (chars: number): ChangePlan[] => [
      {
        path: "a",
        action: "create",
        content: "x".repeat(chars),
        change: { path: "a", action: "create", diff: "" },
      },
    ];
    const half = MAX_PENDING_BYTES / 4 + 1;
    const first = pending.add(plan(half), "run", "first", 0);
    const second = pending.add(plan(half), "run", "second", 0);
    expect(code(() => pending.take(first, 1))).toBe("unknown_change");
    expect(pending.take(second, 1).label).toBe("second");
  });
});
