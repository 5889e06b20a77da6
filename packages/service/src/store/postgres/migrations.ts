/**
 * The Postgres store's schema, as numbered migrations lackpy applies itself: each once, in a
 * transaction of its own, recorded in `lackpy_migrations`, while a session advisory lock keeps
 * every other instance out (two servers starting at once never apply one twice). A database
 * migrated by a newer lackpy (a version this one does not know) is refused rather than written.
 */
import type { PoolClient } from "pg";

/** One schema change. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, in order; append only (never edit one that shipped). */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  {
    version: 1,
    name: "templates",
    sql: `
      CREATE TABLE lackpy_workspaces (
        id bigserial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        -- Bumped by every change to the workspace's set of templates (not by counters).
        revision bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE lackpy_templates (
        id bigserial PRIMARY KEY,
        workspace_id bigint NOT NULL REFERENCES lackpy_workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        pattern text,
        program text NOT NULL,
        kit text,
        params text[],
        origin text NOT NULL CHECK (origin IN ('person', 'ratchet')),
        created text,
        success_count bigint NOT NULL DEFAULT 0,
        fail_count bigint NOT NULL DEFAULT 0,
        demoted_at timestamptz,
        demoted_reason text,
        -- The workspace's revision when this row last changed, for instances to load what changed.
        revision bigint NOT NULL
      );
      CREATE UNIQUE INDEX lackpy_templates_active_name
        ON lackpy_templates (workspace_id, name) WHERE demoted_at IS NULL;
      CREATE INDEX lackpy_templates_revision ON lackpy_templates (workspace_id, revision);
    `,
  },
  {
    version: 2,
    name: "ratchet",
    sql: `
      CREATE TABLE lackpy_ratchet_programs (
        workspace_id bigint NOT NULL REFERENCES lackpy_workspaces (id) ON DELETE CASCADE,
        key text NOT NULL,
        intent text NOT NULL,
        program text NOT NULL,
        kit text NOT NULL,
        successes bigint NOT NULL DEFAULT 0,
        last_success_at timestamptz NOT NULL,
        promoted text,
        PRIMARY KEY (workspace_id, key)
      );
      CREATE TABLE lackpy_ratchet_answers (
        workspace_id bigint NOT NULL REFERENCES lackpy_workspaces (id) ON DELETE CASCADE,
        request_key text NOT NULL,
        hashes text[] NOT NULL,
        PRIMARY KEY (workspace_id, request_key)
      );
      CREATE TABLE lackpy_ratchet_failures (
        workspace_id bigint NOT NULL REFERENCES lackpy_workspaces (id) ON DELETE CASCADE,
        request_key text NOT NULL,
        failure jsonb NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (workspace_id, request_key)
      );
      CREATE TABLE lackpy_ratchet_recent (
        id bigserial PRIMARY KEY,
        workspace_id bigint NOT NULL REFERENCES lackpy_workspaces (id) ON DELETE CASCADE,
        tier text,
        success boolean NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX lackpy_ratchet_recent_workspace ON lackpy_ratchet_recent (workspace_id, id);
    `,
  },
  {
    version: 3,
    name: "changes",
    sql: `
      -- Dry runs waiting for apply_changes, by caller (null: no caller id); times in ms.
      CREATE TABLE lackpy_pending_changes (
        workspace_id bigint NOT NULL REFERENCES lackpy_workspaces (id) ON DELETE CASCADE,
        change_id text NOT NULL,
        caller text,
        state text NOT NULL CHECK (state IN ('pending', 'taken', 'expired')),
        seq bigserial NOT NULL,
        kept_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        size_bytes bigint NOT NULL,
        body text,
        PRIMARY KEY (workspace_id, change_id)
      );
      CREATE INDEX lackpy_pending_changes_caller
        ON lackpy_pending_changes (workspace_id, caller, seq) WHERE state = 'pending';
      -- Landed runs for undo, by caller, and their before-images.
      CREATE TABLE lackpy_runs (
        workspace_id bigint NOT NULL REFERENCES lackpy_workspaces (id) ON DELETE CASCADE,
        run_id text NOT NULL,
        caller text,
        at text NOT NULL,
        before_bytes bigint NOT NULL,
        record text NOT NULL,
        PRIMARY KEY (workspace_id, run_id)
      );
      CREATE INDEX lackpy_runs_caller ON lackpy_runs (workspace_id, caller, at DESC, run_id DESC);
      CREATE TABLE lackpy_run_images (
        workspace_id bigint NOT NULL,
        run_id text NOT NULL,
        blob text NOT NULL,
        content bytea NOT NULL,
        PRIMARY KEY (workspace_id, run_id, blob),
        FOREIGN KEY (workspace_id, run_id)
          REFERENCES lackpy_runs (workspace_id, run_id) ON DELETE CASCADE
      );
    `,
  },
  {
    // 4 landed before 3 did (on branches of their own): the runner applies every version a
    // database lacks, so a database that has 4 without 3 gets 3 next.
    version: 4,
    name: "rate_buckets",
    sql: `
      -- Per-caller token buckets of the team server, shared by every instance (keyed by caller
      -- id, across workspaces, as one instance counts them).
      CREATE TABLE lackpy_rate_buckets (
        key text PRIMARY KEY,
        tokens double precision NOT NULL,
        granted boolean NOT NULL,
        at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: "rate_leases",
    sql: `
      -- How many requests the last take granted: an instance takes a few at once (a lease).
      ALTER TABLE lackpy_rate_buckets ADD COLUMN taken integer NOT NULL DEFAULT 1;
    `,
  },
]);

/** The advisory lock every instance takes to migrate: one key for lackpy's schema. */
const MIGRATION_LOCK = "lackpy_migrations";

/** What `runMigrations` did. */
export interface MigrationReport {
  /** Versions this call applied (empty when the schema was current). */
  applied: number[];
  /** The schema's version now. */
  version: number;
}

/**
 * Applies the migrations the database lacks, each in its own transaction, under a session
 * advisory lock; throws (with the lock released) when one fails or the schema is newer.
 */
export async function runMigrations(client: PoolClient): Promise<MigrationReport> {
  await client.query("SELECT pg_advisory_lock(hashtext($1))", [MIGRATION_LOCK]);
  try {
    await client.query(`
      CREATE TABLE IF NOT EXISTS lackpy_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await client.query<{ version: number }>(
      "SELECT version FROM lackpy_migrations ORDER BY version",
    );
    const done = new Set(rows.map((row) => row.version));
    const known = MIGRATIONS.at(-1)!.version;
    const newest = Math.max(0, ...done);
    if (newest > known) throw new SchemaTooNew(newest, known);
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query("INSERT INTO lackpy_migrations (version, name) VALUES ($1, $2)", [
          migration.version,
          migration.name,
        ]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
      applied.push(migration.version);
    }
    return { applied, version: Math.max(newest, known) };
  } finally {
    await client
      .query("SELECT pg_advisory_unlock(hashtext($1))", [MIGRATION_LOCK])
      .catch(() => undefined);
  }
}

/** The database's schema is newer than this lackpy knows. */
export class SchemaTooNew extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `the store's schema is at version ${found}, and this lackpy knows versions up to ${known}`,
    );
    this.name = "SchemaTooNew";
  }
}
