/**
 * The ratchet's history in Postgres. Each change is one statement, so concurrent instances
 * never lose each other's counts: a success upserts the program's entry (`successes + 1`) and
 * appends the output's hash to the request's answers (the last `MAX_ANSWERS` kept) in one
 * statement, whose result decides agreement exactly as the file store does.
 */
import { createHash } from "node:crypto";
import { normaliseIntent } from "@lackpy/infer/node";
import {
  MAX_ANSWERS,
  MAX_RECENT,
  type PromotionFailure,
  type RatchetEntry,
  type RecentDelegate,
} from "../ratchet-file.js";
import { agreement, entryKey, outputHash, requestKey } from "../ratchet-keys.js";
import type { RatchetRecord, RatchetRequest, RatchetStore } from "../store-types.js";
import type { PgConnection } from "./pg-connection.js";

interface EntryRow {
  intent: string;
  program: string;
  kit: string;
  successes: string;
  last_success_at: Date;
  promoted: string | null;
}

/** The ratchet history of one workspace in a Postgres store. */
export class PostgresRatchetStore implements RatchetStore {
  lastError: string | null = null;

  constructor(private readonly connection: PgConnection) {}

  async recordSuccess(
    request: RatchetRequest,
    program: string,
    output: unknown,
    window: number,
  ): Promise<RatchetRecord> {
    const id = await this.connection.workspaceId();
    const hash = outputHash(output);
    const [row] = await this.connection.query<EntryRow & { hashes: string[] }>(
      `WITH entry AS (
         INSERT INTO lackpy_ratchet_programs
           (workspace_id, key, intent, program, kit, successes, last_success_at)
         VALUES ($1, $2, $3, $4, $5, 1, $6)
         ON CONFLICT (workspace_id, key) DO UPDATE SET
           successes = lackpy_ratchet_programs.successes + 1,
           last_success_at = GREATEST(lackpy_ratchet_programs.last_success_at, EXCLUDED.last_success_at)
         RETURNING intent, program, kit, successes, last_success_at, promoted
       ), answers AS (
         INSERT INTO lackpy_ratchet_answers (workspace_id, request_key, hashes)
         VALUES ($1, $7, ARRAY[$8::text])
         ON CONFLICT (workspace_id, request_key) DO UPDATE SET
           hashes = (lackpy_ratchet_answers.hashes || EXCLUDED.hashes)
             [GREATEST(1, cardinality(lackpy_ratchet_answers.hashes) + 2 - $9::int):]
         RETURNING hashes
       )
       SELECT entry.*, answers.hashes FROM entry, answers`,
      [
        id,
        entryKey(request, program),
        normaliseIntent(request.intent),
        program,
        request.kit,
        new Date(),
        requestRow(request),
        hash,
        MAX_ANSWERS,
      ],
    );
    this.lastError = null;
    return { entry: toEntry(row!), ...agreement(row!.hashes, hash, window) };
  }

  async markPromoted(request: RatchetRequest, program: string, template: string): Promise<void> {
    const id = await this.connection.workspaceId();
    await this.connection.query(
      `WITH promoted AS (
         UPDATE lackpy_ratchet_programs SET promoted = $3 WHERE workspace_id = $1 AND key = $2
       )
       DELETE FROM lackpy_ratchet_failures WHERE workspace_id = $1 AND request_key = $4`,
      [id, entryKey(request, program), template, requestRow(request)],
    );
  }

  async recordFailure(
    request: RatchetRequest,
    failure: Omit<PromotionFailure, "intent" | "kit" | "at">,
  ): Promise<void> {
    const id = await this.connection.workspaceId();
    const at = new Date();
    const full: PromotionFailure = {
      intent: request.intent.trim(),
      kit: request.kit,
      at: at.toISOString(),
      ...failure,
    };
    await this.connection.query(
      `INSERT INTO lackpy_ratchet_failures (workspace_id, request_key, failure, at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (workspace_id, request_key) DO UPDATE SET failure = EXCLUDED.failure, at = EXCLUDED.at`,
      [id, requestRow(request), JSON.stringify(full), at],
    );
  }

  /** Adds a delegate to the recent list and drops what is older than the last `MAX_RECENT`. */
  async recordDelegate(tier: string | null, success: boolean): Promise<void> {
    const id = await this.connection.workspaceId();
    await this.connection.query(
      `WITH added AS (
         INSERT INTO lackpy_ratchet_recent (workspace_id, tier, success, at) VALUES ($1, $2, $3, $4)
       )
       DELETE FROM lackpy_ratchet_recent WHERE workspace_id = $1 AND id <= (
         SELECT id FROM lackpy_ratchet_recent WHERE workspace_id = $1
         ORDER BY id DESC OFFSET $5 LIMIT 1
       )`,
      [id, tier, success, new Date(), MAX_RECENT],
    );
  }

  async failures(): Promise<PromotionFailure[]> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<{ failure: PromotionFailure }>(
      "SELECT failure FROM lackpy_ratchet_failures WHERE workspace_id = $1 ORDER BY at",
      [id],
    );
    return rows.map((row) => row.failure);
  }

  async entries(): Promise<RatchetEntry[]> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<EntryRow>(
      `SELECT intent, program, kit, successes, last_success_at, promoted
       FROM lackpy_ratchet_programs WHERE workspace_id = $1 ORDER BY last_success_at`,
      [id],
    );
    return rows.map(toEntry);
  }

  async recent(): Promise<readonly RecentDelegate[]> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<{ tier: string | null; success: boolean; at: Date }>(
      `SELECT tier, success, at FROM lackpy_ratchet_recent
       WHERE workspace_id = $1 ORDER BY id DESC LIMIT $2`,
      [id, MAX_RECENT],
    );
    return rows
      .reverse()
      .map((row) => ({ tier: row.tier, success: row.success, at: row.at.toISOString() }));
  }

  noteError(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
  }
}

/** A request's key as a row's: its digest (the key joins its parts with NUL, which text columns cannot hold). */
function requestRow(request: RatchetRequest): string {
  return createHash("sha256").update(requestKey(request)).digest("hex");
}

function toEntry(row: EntryRow): RatchetEntry {
  return {
    intent: row.intent,
    program: row.program,
    kit: row.kit,
    successes: Number(row.successes),
    lastSuccessAt: row.last_success_at.toISOString(),
    ...(row.promoted ? { promoted: row.promoted } : {}),
  };
}
