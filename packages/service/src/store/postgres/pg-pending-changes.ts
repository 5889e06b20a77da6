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

/** One workspace's dry runs in a Postgres store. */
export class PostgresPendingChanges implements PendingChangeStore {
  constructor(private readonly connection: PgConnection) {}

  async add(set: StoredChangeSet, now = Date.now()): Promise<string> {
    const changeId = randomBytes(12).toString("hex");
    await this.connection.transaction(async (client, workspaceId) => {
      await client.query(
        `INSERT INTO lackpy_pending_changes
           (workspace_id, change_id, caller, state, kept_at, expires_at, size_bytes, body)
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7)`,
        [
          workspaceId,
          changeId,
          set.caller,
          now,
          set.expiresAt,
          set.sizeBytes,
          encodeChangeSet(set),
        ],
      );
      await client.query(
        `UPDATE lackpy_pending_changes SET state = 'expired', body = NULL
         WHERE workspace_id = $1 AND state = 'pending' AND kept_at + $2 <= $3`,
        [workspaceId, CHANGE_TTL_MS, now],
      );
      // The caller's newest sets while they fit the bounds; the one just kept always stays.
      await client.query(
        `DELETE FROM lackpy_pending_changes WHERE workspace_id = $1 AND change_id IN (
           SELECT change_id FROM (
             SELECT change_id,
                    row_number() OVER newest AS place,
                    sum(size_bytes) OVER newest AS bytes
             FROM lackpy_pending_changes
             WHERE workspace_id = $1 AND state = 'pending' AND caller IS NOT DISTINCT FROM $2
             WINDOW newest AS (ORDER BY seq DESC)
           ) ranked
           WHERE change_id <> $3 AND (place > $4 OR bytes > $5))`,
        [workspaceId, set.caller, changeId, MAX_PENDING_CHANGES, MAX_PENDING_BYTES],
      );
      await client.query(
        `DELETE FROM lackpy_pending_changes
         WHERE workspace_id = $1 AND state <> 'pending' AND kept_at + $2 <= $3`,
        [workspaceId, CHANGE_TTL_MS + MARKER_MS, now],
      );
    });
    return changeId;
  }

  async take(
    changeId: string,
    caller: string | undefined,
    now = Date.now(),
  ): Promise<StoredChangeSet> {
    const yours = caller !== undefined;
    const outcome = await this.connection.transaction(async (client, workspaceId) => {
      const { rows } = await client.query<{
        caller: string | null;
        state: string;
        expires_at: string;
        body: string | null;
      }>(
        `SELECT caller, state, expires_at, body FROM lackpy_pending_changes
         WHERE workspace_id = $1 AND change_id = $2 FOR UPDATE`,
        [workspaceId, changeId],
      );
      const row = rows[0];
      if (!row || (yours && row.caller !== caller)) return "unknown" as const;
      if (row.state !== "pending") return row.state as "taken" | "expired";
      const expired = Number(row.expires_at) <= now;
      await client.query(
        `UPDATE lackpy_pending_changes SET state = $3, body = NULL
         WHERE workspace_id = $1 AND change_id = $2`,
        [workspaceId, changeId, expired ? "expired" : "taken"],
      );
      return expired ? ("expired" as const) : decodeChangeSet(row.body ?? "");
    });
    if (outcome === "taken") throw changeTaken(changeId);
    if (outcome === "expired") throw changeExpired(changeId);
    if (outcome === "unknown" || outcome === null) throw unknownChange(changeId, yours);
    return outcome;
  }
}
