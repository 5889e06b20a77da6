/**
 * One instance's connection to a Postgres store: a `pg` pool (the client is imported only when a
 * Postgres store is configured), the schema migrated on first use, and the workspace's row.
 * Every error that leaves here is a `ServiceError` whose message has the URL's password
 * scrubbed out; the URL itself is only ever shown redacted.
 */
import type { Pool, PoolClient, QueryResultRow } from "pg";
import { preparedName } from "./prepared-name.js";
import { redactStoreUrl, scrubStoreSecret } from "../../config/store-settings.js";
import { ServiceError } from "../../service-error.js";
import { runMigrations, SchemaTooNew, type MigrationReport } from "./migrations.js";

/** Options of a `PgConnection`. */
export interface PgConnectionOptions {
  url: string;
  /** The workspace key that scopes this project's rows. */
  workspace: string;
  /** Runs before the first connection (the trust gate for a URL or key a workspace's config names). */
  beforeConnect?: () => Promise<void>;
  /**
   * Runs before every use with the workspace key: throws (`forbidden_workspace`) when the caller
   * being served may not use it, so the store itself keeps a token to its workspaces.
   */
  checkAccess?: (workspace: string) => void;
  /** Connections this instance may open (default 10). */
  maxConnections?: number;
  /** Whether the first use applies missing migrations (default true). */
  migrate?: boolean;
}

/** What the first use established. */
interface Opened {
  pool: Pool;
  workspaceId: string;
  migration: MigrationReport;
}

/** A pool, the schema and one workspace's id, opened on first use and again after a failure. */
export class PgConnection {
  /** The URL without its password. */
  readonly location: string;
  readonly workspace: string;
  private opening: Promise<Opened> | null = null;
  private pool: Pool | null = null;
  private closed = false;

  constructor(private readonly options: PgConnectionOptions) {
    this.location = redactStoreUrl(options.url);
    this.workspace = options.workspace;
  }

  /** The pool and the workspace's id, connecting, migrating and creating the workspace's row first. */
  open(): Promise<Opened> {
    try {
      this.options.checkAccess?.(this.workspace);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.closed)
      return Promise.reject(
        new ServiceError("store_unavailable", `The store ${this.location} was closed.`, {
          hint: "open the service again",
        }),
      );
    this.opening ??= this.connect().catch((error: unknown) => {
      // The next use tries again (a database that was still starting, a trust given since).
      this.opening = null;
      throw this.failure(error);
    });
    return this.opening;
  }

  /** Applies the migrations the database lacks (`lackpy store migrate`). */
  async migrate(): Promise<MigrationReport> {
    const { pool, migration } = await this.open();
    if (migration.applied.length > 0) return migration;
    const client = await pool.connect();
    try {
      return await runMigrations(client);
    } catch (error) {
      throw this.failure(error);
    } finally {
      client.release();
    }
  }

  /**
   * Runs one statement; errors come back as `store_unavailable` with no password in them. A
   * statement with values is prepared once per connection (`preparedName`): Postgres parses and
   * plans it once, not at every call (decision 174).
   */
  async query<Row extends QueryResultRow>(sql: string, values: unknown[] = []): Promise<Row[]> {
    const { pool } = await this.open();
    try {
      const name = values.length > 0 ? preparedName(sql) : undefined;
      return (await pool.query<Row>(name ? { name, text: sql, values } : { text: sql, values }))
        .rows;
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Runs `work` in a transaction on one connection; rolls back when it throws. */
  async transaction<T>(work: (client: PoolClient, workspaceId: string) => Promise<T>): Promise<T> {
    const { pool, workspaceId } = await this.open();
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw this.failure(error);
    }
    try {
      await client.query("BEGIN");
      const result = await work(client, workspaceId);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw ServiceError.is(error) ? error : this.failure(error);
    } finally {
      client.release();
    }
  }

  /** The workspace's id (opening the connection first). */
  async workspaceId(): Promise<string> {
    return (await this.open()).workspaceId;
  }

  /** Closes the pool; later uses fail with `store_unavailable`. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    this.opening = null;
    await pool?.end().catch(() => undefined);
  }

  /** An error as a `ServiceError` without the password; `SchemaTooNew` as `store_too_new`. */
  failure(error: unknown): ServiceError {
    if (ServiceError.is(error)) return error;
    if (error instanceof SchemaTooNew)
      return new ServiceError("store_too_new", `The store ${this.location}: ${error.message}.`, {
        hint: "upgrade lackpy on this machine to the version the other instances run",
      });
    const raw = error instanceof Error ? error.message : String(error);
    const message = scrubStoreSecret(raw, this.options.url);
    return new ServiceError(
      "store_unavailable",
      `The template store ${this.location} (workspace ${this.workspace}) failed: ${message}`,
      {
        hint: "check that the database is up and the URL (LACKPY_STORE_URL or [store] url) is right; lackpy store migrate checks the connection",
      },
    );
  }

  private async connect(): Promise<Opened> {
    await this.options.beforeConnect?.();
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({
      connectionString: this.options.url,
      max: this.options.maxConnections ?? 10,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      application_name: "lackpy",
    });
    // An idle connection the server dropped must not crash the process; the next query reconnects.
    pool.on("error", () => undefined);
    this.pool = pool;
    try {
      const client = await pool.connect();
      try {
        const migration =
          this.options.migrate === false
            ? { applied: [], version: 0 }
            : await runMigrations(client);
        const rows = await client.query<{ id: string }>(
          `INSERT INTO lackpy_workspaces (name) VALUES ($1)
           ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
           RETURNING id`,
          [this.workspace],
        );
        return { pool, workspaceId: rows.rows[0]!.id, migration };
      } finally {
        client.release();
      }
    } catch (error) {
      this.pool = null;
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
}
