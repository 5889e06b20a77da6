import type { RateBuckets, RateDecision } from "@lackpy/service";
import type { JsonLog } from "./json-log.js";
import { LeasedRates } from "./leased-rates.js";
import { burstFor, RateLimiter } from "./rate-limiter.js";

/**
 * Per-caller rate limits: through the store's shared buckets when the workspace's store has them
 * (Postgres: every instance counts the same requests, taken a lease at a time: `LeasedRates`),
 * else in this process's memory. A shared store that fails does not stop the server: that
 * request is counted in memory instead (logged).
 */
export class CallerLimits {
  private readonly local = new Map<number, RateLimiter>();
  private readonly leased = new WeakMap<RateBuckets, LeasedRates>();

  constructor(private readonly log: JsonLog) {}

  /** Takes one request of `caller` at `perMinute`. */
  async take(caller: string, perMinute: number, shared?: RateBuckets): Promise<RateDecision> {
    if (shared)
      try {
        let leased = this.leased.get(shared);
        if (!leased) this.leased.set(shared, (leased = new LeasedRates(shared)));
        return await leased.take(caller, { perMinute, burst: burstFor(perMinute) });
      } catch (error) {
        this.log.warn("rate_store_failed", { message: (error as Error).message });
      }
    let limiter = this.local.get(perMinute);
    if (!limiter) this.local.set(perMinute, (limiter = new RateLimiter({ perMinute })));
    return limiter.take(caller);
  }
}
