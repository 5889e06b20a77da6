import type { ChangeStores } from "../change-store-types.js";
import type { StoreHealth, WorkspaceStore } from "../store-types.js";
import { PgConnection, type PgConnectionOptions } from "./pg-connection.js";
import type { MigrationReport } from "./migrations.js";
import { PostgresPendingChanges } from "./pg-pending-changes.js";
import { PostgresRateBuckets } from "./pg-rate-buckets.js";
import { PostgresRatchetStore } from "./pg-ratchet-store.js";
import { PostgresRunHistory } from "./pg-run-history.js";
import { PostgresTemplateStore } from "./pg-template-store.js";

/**
 * A workspace's templates, ratchet history, dry runs, undo history and rate buckets in a Postgres
 * database that many instances share, scoped by a workspace key. Connects, migrates and creates the workspace's row on first
 * use; writes go to the database at once, so `flush` has nothing to do.
 */
export class PostgresWorkspaceStore implements WorkspaceStore {
  readonly backend = "postgres" as const;
  readonly location: string;
  readonly workspace: string;
  readonly templates: PostgresTemplateStore;
  readonly history: PostgresRatchetStore;
  readonly changes: ChangeStores;
  readonly rates: PostgresRateBuckets;
  private readonly connection: PgConnection;

  constructor(options: PgConnectionOptions) {
    this.connection = new PgConnection(options);
    this.location = this.connection.location;
    this.workspace = options.workspace;
    this.templates = new PostgresTemplateStore(this.connection);
    this.history = new PostgresRatchetStore(this.connection);
    this.changes = {
      pending: new PostgresPendingChanges(this.connection),
      runs: new PostgresRunHistory(this.connection),
    };
    this.rates = new PostgresRateBuckets(this.connection);
  }

  /** Ready when the database answers and the schema is this lackpy's. */
  async check(): Promise<StoreHealth> {
    const health = { backend: this.backend, location: this.location, workspace: this.workspace };
    try {
      await this.connection.query("SELECT 1");
      return { ready: true, ...health };
    } catch (error) {
      return { ready: false, ...health, error: (error as Error).message };
    }
  }

  /** Applies the migrations the database lacks. */
  migrate(): Promise<MigrationReport> {
    return this.connection.migrate();
  }

  async mergeUnmerged(): Promise<void> {}

  async flush(): Promise<void> {}

  close(): Promise<void> {
    return this.connection.close();
  }
}
