import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import {
  MAX_UNDO_BYTES,
  MAX_UNDO_RUNS,
  type CallerScope,
  type RecordedFile,
  type RunHistory,
  type RunRecord,
} from "./change-store-types.js";
import { durableWrite, readImageFile, readJson, removeRunFolder, runFolders } from "./run-files.js";
import { isRunRecord, RUN_ID } from "./run-record-shape.js";

/**
 * The files backend's run history: each kept run is its landing folder under `.lackpy/runs/`,
 * with `record.json` next to the before-images (`before/<n>`). Records never change once written,
 * so each is read once per process and listed from memory after that; a folder another instance
 * removed (an undo, a prune) leaves the listing with it. Records lackpy could not have written
 * there (`isRunRecord`: a cloned repository can bring `.lackpy/runs/`) are left out.
 */
export class FileRunHistory implements RunHistory {
  readonly folder: string;
  readonly prunesOnCommit = false;
  readonly #records = new Map<string, RunRecord>();

  constructor(workspace: string) {
    this.folder = path.join(workspace, ".lackpy", "runs");
  }

  /**
   * Writes the record into the run's landing folder, where its before-images already are; a run
   * whose before-images alone are over `MAX_UNDO_BYTES` is kept without them, not undoable.
   */
  async commit(record: RunRecord, folder: string): Promise<void> {
    let kept = record;
    if (record.beforeBytes > MAX_UNDO_BYTES) {
      await rm(path.join(folder, "before"), { recursive: true, force: true });
      kept = withoutImages(record);
    }
    await durableWrite(path.join(folder, "record.json"), kept);
    this.#records.set(kept.runId, kept);
  }

  async has(runId: string): Promise<boolean> {
    return RUN_ID.test(runId) && existsSync(path.join(this.folder, runId, "record.json"));
  }

  async read(runId: string): Promise<RunRecord | null> {
    if (!RUN_ID.test(runId)) return null;
    return this.#load(runId);
  }

  async list(scope?: CallerScope): Promise<RunRecord[]> {
    const names = new Set(runFolders(this.folder));
    for (const runId of this.#records.keys()) if (!names.has(runId)) this.#records.delete(runId);
    const records: RunRecord[] = [];
    for (const runId of names) {
      const record = this.#records.get(runId) ?? this.#load(runId);
      if (record && inScope(record, scope)) records.push(record);
    }
    return records.sort(newestFirst);
  }

  async beforeImage(record: RunRecord, file: RecordedFile): Promise<Buffer | null> {
    if (file.blob === null) return null;
    return readImageFile(path.join(this.folder, record.runId), file.blob, file.before, file.path);
  }

  async remove(runId: string): Promise<void> {
    if (!RUN_ID.test(runId)) return;
    this.#records.delete(runId);
    await removeRunFolder(path.join(this.folder, runId));
  }

  /** Keeps the caller's newest `MAX_UNDO_RUNS` runs whose before-images hold at most `MAX_UNDO_BYTES` together (the newest always). */
  async prune(caller: string | null): Promise<void> {
    const records = await this.list({ caller });
    let bytes = 0;
    for (const [index, record] of records.entries()) {
      bytes += record.beforeBytes;
      if (index > 0 && (index >= MAX_UNDO_RUNS || bytes > MAX_UNDO_BYTES))
        await this.remove(record.runId);
    }
  }

  #load(runId: string): RunRecord | null {
    const record = readJson<RunRecord>(path.join(this.folder, runId, "record.json"));
    if (!isRunRecord(record, runId)) {
      this.#records.delete(runId);
      return null;
    }
    this.#records.set(runId, record!);
    return record;
  }
}

/** The record of a run kept without its before-images: not undoable. */
export function withoutImages(record: RunRecord): RunRecord {
  return {
    ...record,
    undoable: false,
    beforeBytes: 0,
    files: record.files.map((file) => ({ ...file, blob: null })),
  };
}

/** True when the record belongs to the scope. */
export function inScope(record: RunRecord, scope: CallerScope): boolean {
  return scope === undefined || (record.caller ?? null) === scope.caller;
}

/** Orders records newest first (by landing time, then id). */
export function newestFirst(left: RunRecord, right: RunRecord): number {
  return left.at === right.at
    ? right.runId.localeCompare(left.runId)
    : right.at.localeCompare(left.at);
}
