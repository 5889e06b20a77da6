import type { RateBuckets, RateDecision } from "@lackpy/service";

/**
 * How long an instance may hand out a lease's requests (30 s). Those left then are given back
 * to the shared bucket with the caller's next lease here (the same round trip), not lost.
 */
export const LEASE_MS = 30_000;

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
 * A shared store's rate buckets, taken a few requests at a time (decisions 140, 183): an
 * instance takes a lease of whole requests from the caller's bucket in one round trip and hands
 * them to that caller's requests for `LEASE_MS`. A caller's first lease here holds one request;
 * the next one `leaseSize(burst)` when the last was used up while it held (the caller came back
 * within its life), else as many as the last handed out (one for a caller that sends one
 * request now and then).
 * The next lease's round trip gives back what the last one did not hand out, so a caller whose
 * requests a load balancer spreads over instances (one here every few seconds) pays a round
 * trip per few requests and loses none. Every request granted was taken
 * from the shared bucket and every one given back was never granted, so the team's limit is
 * never exceeded; a caller may be refused while up to `leaseSize - 1` of its requests sit in
 * another instance's lease (until its next request there). Concurrent requests of one caller
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
      const held = lease !== undefined && this.now() < lease.until;
      // What a lapsed lease did not hand out goes back with this take; it is never handed out here.
      const unused = lease && !held ? lease.requests : 0;
      const size = !lease
        ? 1
        : Math.min(leaseSize(limit.burst), held ? Infinity : Math.max(1, lease.size - unused));
      if (lease) lease.requests = 0;
      const took = this.shared
        .take(caller, limit, size, unused)
        .finally(() => this.#taking.delete(key));
      this.#taking.set(key, took);
      const decision = await took;
      if (!decision.ok) return decision;
      const granted = decision.granted ?? 1;
      this.#leases.set(key, { requests: granted - 1, size: granted, until: this.now() + LEASE_MS });
      if (this.#leases.size > 10_000) this.#forgetLapsed();
      return { ok: true };
    }
  }

  /** Forgets lapsed leases (their unused requests are not given back: a caller gone long). */
  #forgetLapsed(): void {
    const now = this.now();
    for (const [key, lease] of this.#leases) if (lease.until <= now) this.#leases.delete(key);
  }
}
