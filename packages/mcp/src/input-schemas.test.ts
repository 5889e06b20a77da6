import type { LimitDefaults } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { limitsInput, sharedInput } from "./input-schemas.js";

const limits = (timeoutMs: number): LimitDefaults =>
  ({
    timeoutMs,
    maxSteps: 1000,
    toolTimeoutMs: 1000,
    maxToolCalls: 10,
    maxSize: 100,
    maxOutputBytes: 1000,
    memoryMb: 64,
  }) as LimitDefaults;

describe("sharedInput", () => {
  it("makes a tool's schema once and hands every server the same one", () => {
    let made = 0;
    const make = () => (made++, z.strictObject({ changeId: z.string() }));
    const first = sharedInput("test_tool", make);
    expect(sharedInput("test_tool", make)).toBe(first);
    expect(made).toBe(1);
    // The shared schema still parses, and still refuses what it refused.
    expect(first.parse({ changeId: "a" })).toEqual({ changeId: "a" });
    expect(first.safeParse({ changeId: "a", extra: 1 }).success).toBe(false);
  });

  it("makes it again from other run limits", () => {
    const slow = limitsInput({ defaults: limits(1000), maxima: limits(5000) });
    const make = (from: typeof slow) => () => z.strictObject({ limits: from });
    const first = sharedInput("test_run", make(slow), slow);
    expect(sharedInput("test_run", make(slow), slow)).toBe(first);
    const fast = limitsInput({ defaults: limits(10), maxima: limits(50) });
    const second = sharedInput("test_run", make(fast), fast);
    expect(second).not.toBe(first);
    expect(second.shape.limits).toBe(fast);
  });
});
