import type { RateBuckets, RateDecision } from "@lackpy/service";

/** How long an instance may hand out a lease's requests (1 s); what is left then lapses. */
export const LEASE_MS = 1000;

/**
 * The most requests an instance takes from a shared bucket at once: a tenth of the burst, at
 * most 10 (1 for a burst under 20: every request one round trip, as before leases).
 */
export function leaseSize(burst: number): number {
  return Math.max(1, Math.min(10, Math.floor(burst / 10)));
}

interface Lease {
  /** Requests left to hand out. */
  requests: number;
  /** How many it held. */
  size: number;
  until: number;
}

/**
 * A shared store's rate buckets, taken a few requests at a time (decision 140): an instance
 * takes a lease of whole requests from the caller's bucket in one round trip and hands them to
 * that caller's requests for `LEASE_MS`. A lease holds one request, and twice the last one
 * (up to `leaseSize(burst)`) when the last was used up while it held: a caller that sends a
 * request now and then pays exactly its requests, one that sends many pays a round trip per
 * few. Every request granted was taken from the shared bucket, so the team's limit is never
 * exceeded; a caller may be refused while up to `leaseSize - 1` of its requests sit in another
 * instance's lease, and those lapse unused when it stops. Concurrent requests of one caller
 * share one round trip.
 */
export class LeasedRates {
  readonly #leases = new Map<string, Lease>();
  readonly #taking = new Map<string, Promise<RateDecision>>();

  constructor(
    private readonly shared: RateBuckets,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request of `caller` at `limit`; throws when the store does. */
  async take(caller: string, limit: { perMinute: number; burst: number }): Promise<RateDecision> {
    const key = `${limit.perMinute}/${limit.burst}/${caller}`;
    for (;;) {
      const lease = this.#leases.get(key);
      if (lease && lease.requests >= 1 && this.now() < lease.until) {
        lease.requests -= 1;
        return { ok: true };
      }
      const taking = this.#taking.get(key);
      if (taking) {
        // Another request of the caller is taking a lease: share it, or its refusal.
        const decision = await taking;
        if (!decision.ok) return decision;
        continue;
      }
      const size =
        lease && lease.requests < 1 && this.now() < lease.until
          ? Math.min(leaseSize(limit.burst), lease.size * 2)
          : 1;
      const took = this.shared.take(caller, limit, size).finally(() => this.#taking.delete(key));
      this.#taking.set(key, took);
      const decision = await took;
      if (!decision.ok) return decision;
      const granted = decision.granted ?? 1;
      this.#leases.set(key, { requests: granted - 1, size: granted, until: this.now() + LEASE_MS });
      if (this.#leases.size > 10_000) this.#forgetLapsed();
      return { ok: true };
    }
  }

  #forgetLapsed(): void {
    const now = this.now();
    for (const [key, lease] of this.#leases) if (lease.until <= now) this.#leases.delete(key);
  }
}
