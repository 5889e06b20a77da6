import type { RateBuckets, RateDecision } from "@lackpy/service";
import { describe, expect, it } from "vitest";
import { LEASE_MS, LeasedRates, leaseSize } from "./leased-rates.js";
import { RateLimiter } from "./rate-limiter.js";

/** A shared bucket (the in-memory one, taken a request at a time) that counts its round trips. */
class CountedBuckets implements RateBuckets {
  trips = 0;
  readonly #limiter: RateLimiter;
  constructor(burst: number, now: () => number) {
    this.#limiter = new RateLimiter({ perMinute: 1, burst, now });
  }
  async take(key: string, _limit: unknown, most = 1): Promise<RateDecision> {
    this.trips++;
    await new Promise((resolve) => setImmediate(resolve));
    let granted = 0;
    let refused: RateDecision | null = null;
    while (granted < most) {
      const decision = this.#limiter.take(key);
      if (!decision.ok) {
        refused = decision;
        break;
      }
      granted++;
    }
    if (granted === 0) return refused!;
    return most > 1 ? { ok: true, granted } : { ok: true };
  }
}

describe("LeasedRates", () => {
  it("sizes a lease as a tenth of the burst, between 1 and 10", () => {
    expect([10, 19, 20, 60, 100, 1000].map(leaseSize)).toEqual([1, 1, 2, 6, 10, 10]);
  });

  it("never grants more than the shared bucket holds, across instances", async () => {
    const now = () => 0;
    const shared = new CountedBuckets(100, now);
    const instances = [new LeasedRates(shared, now), new LeasedRates(shared, now)];
    const limit = { perMinute: 1, burst: 100 };
    const decisions = await Promise.all(
      Array.from({ length: 130 }, (_, index) => instances[index % 2]!.take("tok_a", limit)),
    );
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(100);
    // A lease of 10 a round trip (and the refusals), not one a request.
    expect(shared.trips).toBeLessThan(30);
    // Another caller has a bucket of its own.
    expect(await instances[0]!.take("tok_b", limit)).toEqual({ ok: true });
  });

  it("leases one request to a caller that sends one now and then, and more while it keeps sending", async () => {
    let clock = 0;
    const now = () => clock;
    const shared = new CountedBuckets(100, now);
    const rates = new LeasedRates(shared, now);
    const limit = { perMinute: 1, burst: 100 };
    for (let request = 0; request < 3; request++) {
      expect(await rates.take("tok_a", limit)).toEqual({ ok: true });
      clock += LEASE_MS;
    }
    // One round trip a request, and nothing taken that was not used.
    expect(shared.trips).toBe(3);
    expect(await shared.take("tok_a", limit, 1000)).toEqual({ ok: true, granted: 97 });
    // Sent in a row: leases of 1, 2, 4, 8, 10 (the most for this burst).
    const busy = new CountedBuckets(100, now);
    const busyRates = new LeasedRates(busy, now);
    for (let request = 0; request < 25; request++) await busyRates.take("tok_a", limit);
    expect(busy.trips).toBe(5);
  });

  it("refuses every waiting request of a caller whose bucket is empty", async () => {
    const now = () => 0;
    const shared = new CountedBuckets(10, now);
    const rates = new LeasedRates(shared, now);
    const limit = { perMinute: 1, burst: 10 };
    const decisions = await Promise.all(
      Array.from({ length: 15 }, () => rates.take("tok_a", limit)),
    );
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(10);
    expect(decisions.filter((decision) => !decision.ok)[0]).toMatchObject({
      ok: false,
      retryAfterSeconds: expect.any(Number),
    });
  });
});
