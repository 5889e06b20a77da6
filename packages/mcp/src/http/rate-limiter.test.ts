import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.js";

describe("RateLimiter", () => {
  it("lets a burst through, refuses the next with the seconds until one is back, and refills", () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 60, burst: 3, now: () => now });
    expect([1, 2, 3].map(() => limiter.take("a").ok)).toEqual([true, true, true]);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take("b").ok).toBe(true);
    now += 1000;
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
    now += 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take("a").ok)).toEqual([true, true, true, false]);
  });

  it("says how long to wait at a slow rate", () => {
    const limiter = new RateLimiter({ perMinute: 2, burst: 1, now: () => 0 });
    limiter.take("a");
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 30 });
  });
});
