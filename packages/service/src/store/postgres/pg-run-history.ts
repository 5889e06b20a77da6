/**
 * Landed runs in Postgres (`lackpy_runs`, `lackpy_run_images`), for every instance of a
 * workspace: the record as JSON with its caller, and each before-image as bytes. A run lands
 * through `.lackpy/runs/<runId>/` as with files (journal, images copied before the renames);
 * `commit` moves it into the tables in one transaction and removes the folder.
 */
import {
  MAX_UNDO_BYTES,
  MAX_UNDO_RUNS,
  type CallerScope,
  type RecordedFile,
  type RunHistory,
  type RunRecord,
} from "../change-store-types.js";
import { withoutImages } from "../file-run-history.js";
import { checkImage, readImageFile, removeRunFolder } from "../run-files.js";
import { isRunRecord } from "../run-record-shape.js";
import type { PgConnection } from "./pg-connection.js";

/** One workspace's run history in a Postgres store. */
export class PostgresRunHistory implements RunHistory {
  readonly prunesOnCommit = true;

  constructor(private readonly connection: PgConnection) {}

  async commit(record: RunRecord, folder: string): Promise<void> {
    const kept = record.beforeBytes > MAX_UNDO_BYTES ? withoutImages(record) : record;
    const images: { blob: string; content: Buffer }[] = [];
    for (const file of kept.files)
      if (file.blob !== null)
        images.push({
          blob: file.blob,
          content: await readImageFile(folder, file.blob, file.before, file.path),
        });
    const id = await this.connection.workspaceId();
    // The run and its before-images in one statement (one transaction, one round trip), which
    // also forgets the caller's runs past the bounds: the statement does not see the run it
    // adds, so each older run counts one place and the new run's bytes more (the new run is
    // the newest, and always kept).
    await this.connection.query(
      `WITH run AS (
         INSERT INTO lackpy_runs (workspace_id, run_id, caller, at, before_bytes, record)
         VALUES ($1, $2, $3, $4, $5, $6)
       ), images AS (
         INSERT INTO lackpy_run_images (workspace_id, run_id, blob, content)
         SELECT $1, $2, image.blob, image.content
         FROM unnest($7::text[], $8::bytea[]) AS image (blob, content)
       )
       ${pastBounds("$1", "$3", "place + 1 > $9 OR bytes + $5 > $10")}`,
      [
        id,
        kept.runId,
        kept.caller ?? null,
        kept.at,
        kept.beforeBytes,
        JSON.stringify(kept),
        images.map((image) => image.blob),
        images.map((image) => image.content),
        MAX_UNDO_RUNS,
        MAX_UNDO_BYTES,
      ],
    );
    await removeRunFolder(folder);
  }

  async has(runId: string): Promise<boolean> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query(
      "SELECT 1 FROM lackpy_runs WHERE workspace_id = $1 AND run_id = $2",
      [id, runId],
    );
    return rows.length > 0;
  }

  async read(runId: string): Promise<RunRecord | null> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<{ record: string }>(
      "SELECT record FROM lackpy_runs WHERE workspace_id = $1 AND run_id = $2",
      [id, runId],
    );
    return rows[0] ? parsed(rows[0].record, runId) : null;
  }

  async list(scope?: CallerScope): Promise<RunRecord[]> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<{ run_id: string; record: string }>(
      `SELECT run_id, record FROM lackpy_runs
       WHERE workspace_id = $1 AND ($2 OR caller IS NOT DISTINCT FROM $3)
       ORDER BY at DESC, run_id DESC`,
      [id, scope === undefined, scope?.caller ?? null],
    );
    return rows.flatMap((row) => parsed(row.record, row.run_id) ?? []);
  }

  async beforeImage(record: RunRecord, file: RecordedFile): Promise<Buffer | null> {
    if (file.blob === null) return null;
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<{ content: Buffer }>(
      "SELECT content FROM lackpy_run_images WHERE workspace_id = $1 AND run_id = $2 AND blob = $3",
      [id, record.runId, file.blob],
    );
    if (!rows[0]) throw new Error(`The before-image of '${file.path}' is missing.`);
    checkImage(rows[0].content, file.before, file.path);
    return rows[0].content;
  }

  async remove(runId: string): Promise<void> {
    const id = await this.connection.workspaceId();
    await this.connection.query("DELETE FROM lackpy_runs WHERE workspace_id = $1 AND run_id = $2", [
      id,
      runId,
    ]);
  }

  /** Keeps the caller's newest `MAX_UNDO_RUNS` runs within `MAX_UNDO_BYTES` (the newest always). */
  async prune(caller: string | null): Promise<void> {
    const id = await this.connection.workspaceId();
    await this.connection.query(
      pastBounds("$1", "$2", "place > 1 AND (place > $3 OR bytes > $4)"),
      [id, caller, MAX_UNDO_RUNS, MAX_UNDO_BYTES],
    );
  }
}

/**
 * Deletes the runs of a caller (parameter `caller`) of a workspace (`workspace`) that `past`
 * picks by their `place` (1 for the newest) and `bytes` (their before-images and the newer
 * ones' together).
 */
function pastBounds(workspace: string, caller: string, past: string): string {
  return `DELETE FROM lackpy_runs WHERE workspace_id = ${workspace} AND run_id IN (
    SELECT run_id FROM (
      SELECT run_id,
             row_number() OVER newest AS place,
             sum(before_bytes) OVER newest AS bytes
      FROM lackpy_runs
      WHERE workspace_id = ${workspace} AND caller IS NOT DISTINCT FROM ${caller}
      WINDOW newest AS (ORDER BY at DESC, run_id DESC)
    ) ranked
    WHERE ${past})`;
}

/** A stored record, checked as a record from a file is (the same paths undo acts on). */
function parsed(text: string, runId: string): RunRecord | null {
  try {
    const record = JSON.parse(text) as unknown;
    return isRunRecord(record, runId) ? (record as RunRecord) : null;
  } catch {
    return null;
  }
}
