import type { RateBuckets, RateDecision } from "../store-types.js";
import type { PgConnection } from "./pg-connection.js";

/** The bucket refilled by the time since it was last taken from (never negative), up to its size. */
const REFILL = `LEAST($2::double precision,
  bucket.tokens + GREATEST(0, EXTRACT(EPOCH FROM now() - bucket.at)) * $3::double precision)`;

/**
 * Refills the bucket, then takes one request when a whole one is there: one statement, so the
 * row lock makes concurrent takes on every instance count each request once.
 */
const TAKE = `
  INSERT INTO lackpy_rate_buckets AS bucket (key, tokens, granted, at)
  VALUES ($1, $2::double precision - 1, true, now())
  ON CONFLICT (key) DO UPDATE SET
    granted = ${REFILL} >= 1,
    tokens = ${REFILL} - CASE WHEN ${REFILL} >= 1 THEN 1 ELSE 0 END,
    at = now()
  RETURNING granted, tokens`;

/** Per-caller rate buckets in a Postgres store, shared by every instance using it. */
export class PostgresRateBuckets implements RateBuckets {
  constructor(private readonly connection: PgConnection) {}

  async take(key: string, limit: { perMinute: number; burst: number }): Promise<RateDecision> {
    const perSecond = limit.perMinute / 60;
    const [row] = await this.connection.query<{ granted: boolean; tokens: number }>(TAKE, [
      key,
      limit.burst,
      perSecond,
    ]);
    if (row!.granted) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - row!.tokens) / perSecond)) };
  }
}
