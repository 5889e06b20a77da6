import { randomBytes } from "node:crypto";
import { constants, existsSync, lstatSync, readdirSync } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { contentHash, readRegularFileSync, type FileState } from "@lackpy/kit/node";
import type { ChangeAction, ChangeSource, RecoveryNotice } from "../change-types.js";
import type { ProcessOwner } from "../store/file-lock.js";
import { isJournal, isRunRecord, RUN_ID } from "./run-record-shape.js";
import { ensureStateIgnored } from "../config/state-gitignore.js";

/** How many runs keep their before-images for `undo`. */
export const MAX_UNDO_RUNS = 50;
/** How many bytes of before-images the kept runs may hold together (50 MB). */
export const MAX_UNDO_BYTES = 50 * 1024 * 1024;
/** How many recoveries `status` keeps listing. */
export const MAX_RECOVERY_NOTICES = 20;

/** One file of a recorded run: what it held before and after, and where its before-image is. */
export interface RecordedFile {
  path: string;
  action: ChangeAction;
  before: FileState;
  after: FileState;
  /** The before-image's file name in the run's folder (`before/0`), or null when the file did not exist. */
  blob: string | null;
  /** The topmost folder made to create the file, removed again by an undo when empty. */
  createdFolder: string | null;
}

/** A run that changed files, as `.lackpy/runs/<runId>/record.json` keeps it. */
export interface RunRecord {
  runId: string;
  /** When it landed (ISO 8601). */
  at: string;
  source: ChangeSource;
  /** The intent, or the program's first line. */
  label: string;
  files: RecordedFile[];
  /** Bytes of its before-images. */
  beforeBytes: number;
  /** False when its before-images were dropped (a run whose before-images alone are over `MAX_UNDO_BYTES`). */
  undoable: boolean;
}

/** A run while it lands: the record to be, the temporary-file token of each file, how far it got, and who lands it. */
export interface Journal extends RunRecord {
  /** `preparing`: temporary files are being written (none renamed); `landing`: renames may have happened. */
  phase: "preparing" | "landing";
  tokens: string[];
  /** The process landing it: recovery leaves the journal of a process that still runs. */
  owner?: ProcessOwner;
}

/**
 * The workspace's record of landed runs under `.lackpy/runs/`: one folder per run with its
 * `record.json` and before-images (`before/<n>`), a `journal.json` while it lands, the lock
 * every landing and recovery holds (`apply.lock`), and `recovered.json`.
 */
export class RunStore {
  readonly folder: string;
  readonly lockFile: string;

  constructor(readonly workspace: string) {
    this.folder = path.join(workspace, ".lackpy", "runs");
    this.lockFile = path.join(this.folder, "apply.lock");
  }

  /** A new run id: `YYYYMMDD-HHMMSS-xxxx` (UTC, then random), with `prefix` for an undo. */
  newRunId(prefix = ""): string {
    const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
    return `${prefix}${stamp}-${randomBytes(2).toString("hex")}`;
  }

  /** A run's folder; throws for a name that is not a run id (`..` would leave the runs folder). */
  runFolder(runId: string): string {
    if (!RUN_ID.test(runId)) throw new Error(`'${runId}' is not a run id.`);
    return path.join(this.folder, runId);
  }

  /** Makes the runs folder (and `.lackpy`, with its `.gitignore`) when missing. */
  async ensure(): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    ensureStateIgnored(path.dirname(this.folder));
  }

  /** Writes a run's journal durably (flushed, then renamed into place). */
  async writeJournal(journal: Journal): Promise<void> {
    await durableWrite(path.join(this.runFolder(journal.runId), "journal.json"), journal);
  }

  /** Writes the run's record (its journal without tokens and phase), then removes the journal. */
  async commitRecord(journal: Journal): Promise<RunRecord> {
    const { tokens, phase, owner, ...record } = journal;
    void tokens;
    void phase;
    void owner;
    await durableWrite(path.join(this.runFolder(record.runId), "record.json"), record);
    await rm(path.join(this.runFolder(record.runId), "journal.json"), { force: true });
    return record;
  }

  /**
   * Every recorded run, newest first. Folders without a readable record are left out, and so are
   * records lackpy could not have written there (`isRunRecord`): `.lackpy/runs/` can come with a
   * clone, and a record names paths that undo and pruning act on.
   */
  list(): RunRecord[] {
    const records: RunRecord[] = [];
    for (const name of this.runFolders()) {
      const record = readJson<RunRecord>(path.join(this.folder, name, "record.json"));
      if (isRunRecord(record, name)) records.push(record!);
    }
    return records.sort((left, right) =>
      left.at === right.at
        ? right.runId.localeCompare(left.runId)
        : right.at.localeCompare(left.at),
    );
  }

  /** One recorded run, or null. */
  read(runId: string): RunRecord | null {
    if (!RUN_ID.test(runId)) return null;
    const record = readJson<RunRecord>(path.join(this.runFolder(runId), "record.json"));
    return isRunRecord(record, runId) ? record : null;
  }

  /** Every journal a landing left (a crash, or one in progress: hold the lock to know). */
  journals(): Journal[] {
    const journals: Journal[] = [];
    for (const name of this.runFolders()) {
      const journal = readJson<Journal>(path.join(this.folder, name, "journal.json"));
      if (isJournal(journal, name)) journals.push(journal!);
    }
    return journals;
  }

  /** Removes a run's folder. */
  async remove(runId: string): Promise<void> {
    await rm(this.runFolder(runId), { recursive: true, force: true });
  }

  /**
   * Keeps the newest `MAX_UNDO_RUNS` runs whose before-images hold at most `MAX_UNDO_BYTES`
   * together, and removes older ones and folders with neither record nor journal (a landing that
   * stopped before it wrote one). The newest run is always kept; when its before-images alone are
   * over the bound, they are dropped and it is marked as not undoable.
   */
  async prune(): Promise<void> {
    const records = this.list();
    let bytes = 0;
    for (const [index, record] of records.entries()) {
      bytes += record.beforeBytes;
      if (index === 0) {
        if (record.beforeBytes > MAX_UNDO_BYTES) {
          await this.dropBeforeImages(record);
          bytes = 0;
        }
        continue;
      }
      if (index >= MAX_UNDO_RUNS || bytes > MAX_UNDO_BYTES) await this.remove(record.runId);
    }
    for (const name of this.runFolders()) {
      const folder = path.join(this.folder, name);
      if (
        !existsSync(path.join(folder, "record.json")) &&
        !existsSync(path.join(folder, "journal.json"))
      )
        await rm(folder, { recursive: true, force: true });
    }
  }

  /** Adds a recovery to `recovered.json` (the last `MAX_RECOVERY_NOTICES`). */
  async noteRecovery(notice: RecoveryNotice): Promise<void> {
    const notices = [notice, ...this.recoveries()].slice(0, MAX_RECOVERY_NOTICES);
    await durableWrite(path.join(this.folder, "recovered.json"), notices);
  }

  /** What recovery did, newest first. */
  recoveries(): RecoveryNotice[] {
    const notices = readJson<RecoveryNotice[]>(path.join(this.folder, "recovered.json"));
    return Array.isArray(notices) ? notices : [];
  }

  /**
   * The before-image of a recorded file, or null when the file did not exist before the run.
   * Throws when the image does not hold the bytes the record names (`file.before`): an image that
   * was damaged, replaced, or is a link to some other file is never restored, so a record cannot
   * copy a file it did not copy itself into the workspace.
   */
  async beforeImage(runId: string, file: RecordedFile): Promise<Buffer | null> {
    if (file.blob === null) return null;
    const image = path.join(this.runFolder(runId), file.blob);
    // Only a regular file, reached through no link: a FIFO or a device would stall or flood the read.
    if (!lstatSync(path.dirname(image)).isDirectory() || !lstatSync(image).isFile())
      throw new Error(`The before-image of '${file.path}' is not a file.`);
    const handle = await open(image, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const content = await handle.readFile().finally(() => handle.close());
    if (!file.before.exists || contentHash(content) !== file.before.hash)
      throw new Error(
        `The before-image of '${file.path}' does not hold what run ${runId} recorded.`,
      );
    return content;
  }

  /** The size of a file in a run's folder, in bytes. */
  async sizeOf(runId: string, blob: string): Promise<number> {
    return (await stat(path.join(this.runFolder(runId), blob))).size;
  }

  private async dropBeforeImages(record: RunRecord): Promise<void> {
    await rm(path.join(this.runFolder(record.runId), "before"), { recursive: true, force: true });
    const dropped: RunRecord = {
      ...record,
      undoable: false,
      beforeBytes: 0,
      files: record.files.map((file) => ({ ...file, blob: null })),
    };
    await durableWrite(path.join(this.runFolder(record.runId), "record.json"), dropped);
  }

  private runFolders(): string[] {
    try {
      return readdirSync(this.folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readRegularFileSync(file).toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** Writes JSON to a temporary file, flushes it, renames it over `file` and flushes the folder. */
async function durableWrite(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(temporary, "wx");
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(path.dirname(file), "r").catch(() => null);
  if (folder)
    await folder
      .sync()
      .catch(() => undefined)
      .finally(() => folder.close());
}
