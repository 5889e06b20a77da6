/**
 * Per-caller rate limits: a token bucket per key (a token's id, or the client's address when the
 * server needs no token) that holds `burst` requests and refills `perMinute` a minute. A request
 * that finds it empty is refused with the seconds until one is back (`Retry-After`).
 */

/** Options of a `RateLimiter`. */
export interface RateLimiterOptions {
  /** Requests a minute, sustained. */
  perMinute: number;
  /** Requests at once from a full bucket (default: a tenth of a minute's, at least 10). */
  burst?: number;
  /** The clock in ms (tests move it). */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** The burst of a rate: a tenth of a minute's requests, at least 10. */
export function burstFor(perMinute: number): number {
  return Math.max(10, Math.ceil(perMinute / 10));
}

/** Token buckets by key. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly burst: number;
  private readonly now: () => number;

  constructor(options: RateLimiterOptions) {
    this.perMs = options.perMinute / 60_000;
    this.burst = options.burst ?? burstFor(options.perMinute);
    this.now = options.now ?? Date.now;
  }

  /** Takes one request from `key`'s bucket: `{ ok: true }`, or how long to wait. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return {
      ok: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)),
    };
  }

  /** Drops buckets that have refilled, so many callers cannot grow the map without bound. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.burst) this.buckets.delete(key);
  }
}
