import type { RateBuckets, RateDecision } from "../store-types.js";
import type { PgConnection } from "./pg-connection.js";

/**
 * The bucket refilled by the time since it was last taken from (never negative) and the
 * requests given back (`$5`), up to its size.
 */
const REFILL = `LEAST($2::double precision,
  bucket.tokens + $5::double precision
    + GREATEST(0, EXTRACT(EPOCH FROM now() - bucket.at)) * $3::double precision)`;

/** The whole requests taken from `tokens`: as many as there are, up to `$4` (none below one). */
const TAKEN = (tokens: string) => `LEAST($4::double precision, GREATEST(0, FLOOR(${tokens})))`;

/**
 * Refills the bucket (with what is given back), then takes as many whole requests as it holds,
 * up to `$4`: one statement, so the row lock makes concurrent takes on every instance count
 * each request once. A new bucket starts full: nothing can be given back to it.
 */
const TAKE = `
  INSERT INTO lackpy_rate_buckets AS bucket (key, tokens, granted, taken, at)
  VALUES ($1, $2::double precision - ${TAKEN("$2::double precision")},
          $2::double precision >= 1, ${TAKEN("$2::double precision")}::integer, now())
  ON CONFLICT (key) DO UPDATE SET
    granted = ${REFILL} >= 1,
    taken = ${TAKEN(REFILL)}::integer,
    tokens = ${REFILL} - ${TAKEN(REFILL)},
    at = now()
  RETURNING granted, taken, tokens`;

/** Per-caller rate buckets in a Postgres store, shared by every instance using it. */
export class PostgresRateBuckets implements RateBuckets {
  constructor(private readonly connection: PgConnection) {}

  async take(
    key: string,
    limit: { perMinute: number; burst: number },
    most = 1,
    giveBack = 0,
  ): Promise<RateDecision> {
    const perSecond = limit.perMinute / 60;
    const [row] = await this.connection.query<{
      granted: boolean;
      taken: number;
      tokens: number;
    }>(TAKE, [
      key,
      limit.burst,
      perSecond,
      Math.max(1, Math.floor(most)),
      Math.max(0, Math.floor(giveBack)),
    ]);
    if (row!.granted) return most > 1 ? { ok: true, granted: row!.taken } : { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - row!.tokens) / perSecond)) };
  }
}
