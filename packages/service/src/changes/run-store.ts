import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { RecoveryNotice } from "../change-types.js";
import type { RecordedFile, RunRecord } from "../store/change-store-types.js";
import { withFileLock, type ProcessOwner } from "../store/file-lock.js";
import {
  durableWrite,
  readImageFile,
  readJson,
  removeRunFolder,
  runFolders,
} from "../store/run-files.js";
import { isJournal, RUN_ID } from "../store/run-record-shape.js";
import { ensureStateIgnored } from "../config/state-gitignore.js";
import { forgetUndo, noteUndo, undosOf } from "./undo-index.js";

/** How many recoveries `status` keeps listing. */
export const MAX_RECOVERY_NOTICES = 20;
/** How old a run folder with neither record nor journal must be before recovery removes it (10 minutes). */
export const ORPHAN_AGE_MS = 10 * 60 * 1000;

/** A run while it lands: the record to be, the temporary-file token of each file, how far it got, and who lands it. */
export interface Journal extends RunRecord {
  /**
   * `preparing`: temporary files are being written (none renamed); `landing`: renames may have
   * happened; `landed` (an undo's only): every file landed, so the undone run is to be forgotten.
   */
  phase: "preparing" | "landing" | "landed";
  /** For an undo's landing: the run it undoes (forgotten once the undo `landed`). */
  undoes?: string;
  tokens: string[];
  /** The process landing it: recovery leaves the journal of a process that still runs. */
  owner?: ProcessOwner;
}

/**
 * Where runs land, under `.lackpy/runs/`: one folder per run, made exclusively (two instances
 * never share an id), holding its `journal.json` and the before-images copied while it lands
 * (`before/<n>`); and `recovered.json`, what recovery put back. Once a run landed, the run
 * history keeps it (the files backend leaves it in its folder with a `record.json`).
 */
export class RunStore {
  readonly folder: string;
  #ensured = false;

  constructor(readonly workspace: string) {
    this.folder = path.join(workspace, ".lackpy", "runs");
  }

  /**
   * Makes a new run's folder (and `before/`), exclusively, and returns its id:
   * `YYYYMMDD-HHMMSS-xxxxxxxx` (UTC, then random), with `prefix` for an undo.
   */
  async newRun(prefix = ""): Promise<string> {
    // The runs folder is made once per store, and again when it went (removed by hand).
    if (!this.#ensured) await this.ensure();
    for (let again = false; ;) {
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
      const runId = `${prefix}${stamp}-${randomBytes(4).toString("hex")}`;
      try {
        mkdirSync(this.runFolder(runId));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EEXIST") continue;
        if (code !== "ENOENT" || again) throw error;
        again = true;
        await this.ensure();
        continue;
      }
      mkdirSync(path.join(this.runFolder(runId), "before"));
      return runId;
    }
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
    this.#ensured = true;
  }

  /**
   * Writes a run's journal: flushed once it is `landing` or `landed` (renames may follow, and a
   * machine crash must find it); while `preparing`, atomically only (no file has changed yet: a
   * lost journal leaves at most temporary files).
   */
  async writeJournal(journal: Journal): Promise<void> {
    await durableWrite(path.join(this.runFolder(journal.runId), "journal.json"), journal, {
      flush: journal.phase !== "preparing",
    });
  }

  /** The record a journal becomes once its run landed. */
  recordOf(journal: Journal): RunRecord {
    const { tokens, phase, owner, undoes, ...record } = journal;
    void tokens;
    void phase;
    void owner;
    void undoes;
    return record;
  }

  /**
   * Ends a landing the run history has taken: removes the journal, and the folder too when the
   * history keeps the run elsewhere (no `record.json` in it).
   */
  async settle(runId: string): Promise<void> {
    const folder = this.runFolder(runId);
    // A history that keeps runs elsewhere may have removed the folder already.
    if (!existsSync(folder)) return;
    await rm(path.join(folder, "journal.json"), { force: true });
    if (!existsSync(path.join(folder, "record.json"))) await this.remove(runId);
  }

  /** A journal a landing left, or null (a crash, or one in progress: recovery checks its owner). */
  journal(runId: string): Journal | null {
    const journal = readJson<Journal>(path.join(this.runFolder(runId), "journal.json"));
    return isJournal(journal, runId) ? journal : null;
  }

  /** Every journal a landing left. */
  journals(): Journal[] {
    return runFolders(this.folder).flatMap((runId) => this.journal(runId) ?? []);
  }

  /** Run folders with neither record nor journal, older than `ORPHAN_AGE_MS`: landings that stopped before their journal. */
  orphans(): string[] {
    return runFolders(this.folder).filter((runId) => {
      const folder = path.join(this.folder, runId);
      if (existsSync(path.join(folder, "record.json"))) return false;
      if (existsSync(path.join(folder, "journal.json"))) return false;
      const modified = statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      return Date.now() - modified > ORPHAN_AGE_MS;
    });
  }

  /** Removes a run's folder (an undo's, and its entry in the undo index). */
  async remove(runId: string): Promise<void> {
    const undoes = runId.startsWith("undo-") ? this.journal(runId)?.undoes : undefined;
    await removeRunFolder(this.runFolder(runId));
    if (undoes !== undefined) await forgetUndo(this.folder, undoes, runId);
  }

  /** Notes, before its journal, that undo `undoRunId` lands the undo of `runId` (`undoJournals`). */
  noteUndo(runId: string, undoRunId: string): Promise<void> {
    return noteUndo(this.folder, runId, undoRunId);
  }

  /** The journals undos of `runId` left, from the undo index: no other run's journal is read. */
  undoJournals(runId: string): Journal[] {
    return undosOf(this.folder, runId).flatMap((undoRunId) => {
      const journal = this.journal(undoRunId);
      return journal?.undoes === runId ? [journal] : [];
    });
  }

  /** A before-image the landing copied, checked against the hash the journal names; null when the file did not exist. */
  async beforeImage(runId: string, file: RecordedFile): Promise<Buffer | null> {
    if (file.blob === null) return null;
    return readImageFile(this.runFolder(runId), file.blob, file.before, file.path);
  }

  /** The size of a file in a run's folder, in bytes. */
  async sizeOf(runId: string, blob: string): Promise<number> {
    return (await stat(path.join(this.runFolder(runId), blob))).size;
  }

  /** Adds a recovery to `recovered.json` (the last `MAX_RECOVERY_NOTICES`), under its own lock. */
  async noteRecovery(notice: RecoveryNotice): Promise<void> {
    await withFileLock(path.join(this.folder, "recovered.lock"), async () => {
      const notices = [notice, ...this.recoveries()].slice(0, MAX_RECOVERY_NOTICES);
      await durableWrite(path.join(this.folder, "recovered.json"), notices);
    });
  }

  /** What recovery did, newest first. */
  recoveries(): RecoveryNotice[] {
    const notices = readJson<RecoveryNotice[]>(path.join(this.folder, "recovered.json"));
    return Array.isArray(notices) ? notices : [];
  }
}
