import type { RateBuckets, RateDecision } from "@lackpy/service";
import { describe, expect, it } from "vitest";
import { LEASE_MS, LeasedRates, leaseSize } from "./leased-rates.js";

/**
 * A shared bucket that never refills (the store's contract: up to `most` of what it holds, what
 * is given back first, never above the burst), counting its round trips and what went through it.
 */
class CountedBuckets implements RateBuckets {
  trips = 0;
  taken = 0;
  givenBack = 0;
  readonly #tokens = new Map<string, number>();
  constructor(private readonly burst: number) {}
  async take(key: string, _limit: unknown, most = 1, giveBack = 0): Promise<RateDecision> {
    this.trips++;
    await new Promise((resolve) => setImmediate(resolve));
    this.givenBack += giveBack;
    const tokens = Math.min(this.burst, (this.#tokens.get(key) ?? this.burst) + giveBack);
    const granted = Math.min(most, tokens);
    this.#tokens.set(key, tokens - granted);
    this.taken += granted;
    if (granted === 0) return { ok: false, retryAfterSeconds: 60 };
    return most > 1 ? { ok: true, granted } : { ok: true };
  }
  held(key: string): number {
    return this.#tokens.get(key) ?? this.burst;
  }
}

describe("LeasedRates", () => {
  it("sizes a lease as a tenth of the burst, between 1 and 10", () => {
    expect([10, 19, 20, 60, 100, 1000].map(leaseSize)).toEqual([1, 1, 2, 6, 10, 10]);
  });

  it("never grants more than the shared bucket holds, across instances", async () => {
    const now = () => 0;
    const shared = new CountedBuckets(100);
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
    const shared = new CountedBuckets(100);
    const rates = new LeasedRates(shared, now);
    const limit = { perMinute: 1, burst: 100 };
    for (let request = 0; request < 3; request++) {
      expect(await rates.take("tok_a", limit)).toEqual({ ok: true });
      clock += LEASE_MS;
    }
    // One round trip a request, and nothing taken that was not used.
    expect(shared.trips).toBe(3);
    expect(shared.held("tok_a")).toBe(97);
    // Sent in a row: a lease of 1, then of 10 (the most for this burst).
    const busy = new CountedBuckets(100);
    const busyRates = new LeasedRates(busy, now);
    for (let request = 0; request < 25; request++) await busyRates.take("tok_a", limit);
    expect(busy.trips).toBe(4);
  });

  it("serves a caller spread over instances a lease at a time, and gives back what lapsed unused", async () => {
    let clock = 0;
    const now = () => clock;
    const shared = new CountedBuckets(100);
    const instances = [new LeasedRates(shared, now), new LeasedRates(shared, now)];
    const limit = { perMinute: 1, burst: 100 };
    // One request every 2 s, round the two instances: each sees the caller every 4 s.
    let granted = 0;
    for (let request = 0; request < 40; request++) {
      if ((await instances[request % 2]!.take("tok_a", limit)).ok) granted++;
      clock += 2000;
    }
    expect(granted).toBe(40);
    // On each instance a lease of 1, then of 10 (the first was used up while it held), of 8 (what
    // the last one handed out before it lapsed), of 10 again: 4 round trips each, not 20.
    expect(shared.trips).toBe(8);
    // What is taken and not handed out sits in the two leases, never more than a lease each.
    const parked = shared.taken - shared.givenBack - granted;
    expect(parked).toBeGreaterThan(0);
    expect(parked).toBeLessThanOrEqual(2 * (leaseSize(100) - 1));
    expect(shared.held("tok_a")).toBe(100 - granted - parked);
    // Once they lapse, the next request on each gives them back in its own round trip.
    clock += LEASE_MS;
    const givenBefore = shared.givenBack;
    for (const rates of instances) expect(await rates.take("tok_a", limit)).toEqual({ ok: true });
    expect(shared.trips).toBe(10);
    expect(shared.givenBack - givenBefore).toBe(parked);
    // The new leases hold what the lapsed ones handed out: nothing granted twice, none lost.
    const stillParked = shared.taken - shared.givenBack - (granted + 2);
    expect(stillParked).toBeLessThanOrEqual(2 * (leaseSize(100) - 1));
    expect(shared.held("tok_a")).toBe(100 - (granted + 2) - stillParked);
  });

  it("refuses every waiting request of a caller whose bucket is empty", async () => {
    const now = () => 0;
    const shared = new CountedBuckets(10);
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
