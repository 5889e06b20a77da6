/**
 * Dry runs in Postgres (`lackpy_pending_changes`), for every instance of a workspace: a row per
 * `changeId` with its caller, its state and, while pending, the change set's JSON. Taking locks
 * the row and marks it taken in one transaction, so exactly one instance applies a dry run; the
 * taken and expired rows stay an hour as markers for their errors.
 */
import { randomBytes } from "node:crypto";
import { decodeChangeSet, encodeChangeSet } from "../change-set-codec.js";
import {
  CHANGE_TTL_MS,
  MAX_PENDING_BYTES,
  MAX_PENDING_CHANGES,
  type PendingChangeStore,
  type StoredChangeSet,
} from "../change-store-types.js";
import { changeExpired, changeTaken, unknownChange } from "../pending-change-errors.js";
import type { PgConnection } from "./pg-connection.js";

/** How long taken and expired ids are remembered after they expire (an hour). */
const MARKER_MS = 60 * 60 * 1000;

/** How often an instance marks expired dry runs and forgets old markers (a minute). */
const SWEEP_MS = 60 * 1000;

/** One workspace's dry runs in a Postgres store. */
export class PostgresPendingChanges implements PendingChangeStore {
  #sweptAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly connection: PgConnection) {}

  async add(set: StoredChangeSet, now = Date.now()): Promise<string> {
    const changeId = randomBytes(12).toString("hex");
    const id = await this.connection.workspaceId();
    // Kept, and the caller's oldest pushed out past the bounds (the new one always stays), in one
    // statement: the window sees the rows before the insert, so the new set's size counts first.
    await this.connection.query(
      `WITH kept AS (
         INSERT INTO lackpy_pending_changes
           (workspace_id, change_id, caller, state, kept_at, expires_at, size_bytes, body)
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7)
       )
       DELETE FROM lackpy_pending_changes WHERE workspace_id = $1 AND change_id IN (
         SELECT change_id FROM (
           SELECT change_id,
                  row_number() OVER newest AS place,
                  sum(size_bytes) OVER newest AS bytes
           FROM lackpy_pending_changes
           WHERE workspace_id = $1 AND state = 'pending' AND caller IS NOT DISTINCT FROM $3
           WINDOW newest AS (ORDER BY seq DESC)
         ) ranked
         WHERE place + 1 > $8 OR bytes + $6 > $9)`,
      [
        id,
        changeId,
        set.caller,
        now,
        set.expiresAt,
        set.sizeBytes,
        encodeChangeSet(set),
        MAX_PENDING_CHANGES,
        MAX_PENDING_BYTES,
      ],
    );
    if (now - this.#sweptAt >= SWEEP_MS || now < this.#sweptAt) {
      this.#sweptAt = now;
      await this.#sweep(id, now);
    }
    return changeId;
  }

  async take(
    changeId: string,
    caller: string | undefined,
    now = Date.now(),
  ): Promise<StoredChangeSet> {
    const yours = caller !== undefined;
    const id = await this.connection.workspaceId();
    // One statement: the row locked as it was, and marked taken (or expired) when it was pending
    // and the caller's; a second taker waits for the lock and finds it taken.
    const [row] = await this.connection.query<{
      caller: string | null;
      state: string;
      expires_at: string;
      body: string | null;
    }>(
      `WITH found AS (
         SELECT caller, state, expires_at, body FROM lackpy_pending_changes
         WHERE workspace_id = $1 AND change_id = $2 FOR UPDATE
       ), marked AS (
         UPDATE lackpy_pending_changes p
         SET state = CASE WHEN found.expires_at <= $4 THEN 'expired' ELSE 'taken' END, body = NULL
         FROM found
         WHERE p.workspace_id = $1 AND p.change_id = $2 AND found.state = 'pending'
           AND ($3::text IS NULL OR found.caller = $3)
       )
       SELECT caller, state, expires_at, body FROM found`,
      [id, changeId, caller ?? null, now],
    );
    if (!row || (yours && row.caller !== caller)) throw unknownChange(changeId, yours);
    if (row.state === "taken") throw changeTaken(changeId);
    if (row.state === "expired" || Number(row.expires_at) <= now) throw changeExpired(changeId);
    const set = decodeChangeSet(row.body ?? "");
    if (!set) throw unknownChange(changeId, yours);
    return set;
  }

  /** Marks expired dry runs and forgets markers an hour past their expiry. */
  async #sweep(id: string, now: number): Promise<void> {
    await this.connection.query(
      `UPDATE lackpy_pending_changes SET state = 'expired', body = NULL
       WHERE workspace_id = $1 AND state = 'pending' AND kept_at + $2 <= $3`,
      [id, CHANGE_TTL_MS, now],
    );
    await this.connection.query(
      `DELETE FROM lackpy_pending_changes
       WHERE workspace_id = $1 AND state <> 'pending' AND kept_at + $2 <= $3`,
      [id, CHANGE_TTL_MS + MARKER_MS, now],
    );
  }
}
