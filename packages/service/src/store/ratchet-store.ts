import { existsSync, mkdirSync } from "node:fs";
import { fileStamp } from "../config/file-stamp.js";
import { ensureStateIgnored } from "../config/state-gitignore.js";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import { normaliseIntent } from "@lackpy/infer/node";
import { agreement, entryKey, outputHash, requestKey } from "./ratchet-keys.js";
import type { RatchetRecord, RatchetRequest, RatchetStore } from "./store-types.js";
import { atomicWriteSync } from "./atomic-write.js";
import { tryFileLockSync, withFileLock } from "./file-lock.js";
import {
  applyRatchetChange,
  dropCutAnswers,
  emptyRatchetFile,
  MAX_RECENT,
  parseRatchetFile,
  type PromotionFailure,
  type RatchetChange,
  type RatchetEntry,
  type RatchetFile,
  type RecentDelegate,
} from "./ratchet-file.js";
import { hasUnmerged, takeUnmerged, writeUnmerged } from "./unmerged-files.js";
import { scheduleFlush, type WriteBehindTarget } from "./write-behind.js";

/**
 * `.lackpy/ratchet.json` in memory: successes of model-generated programs per normalised
 * intent, kit and program, the outputs of the latest answers to each request, and failed
 * promotions, and which tier answered the latest delegates. Changes apply in memory and are
 * written behind: under the workspace lock the file is read again and this process's changes
 * (and those other processes left in side files at exit) are applied to it, so concurrent
 * processes never lose each other's counts. When another process wrote the file, it is read
 * again here and the changes not yet written are applied on top.
 */
export class FileRatchetStore implements RatchetStore, WriteBehindTarget {
  readonly label = "ratchet history";
  readonly file: string;
  /** The last error reading or writing the ratchet's state, until a write succeeds. */
  lastError: string | null = null;
  private readonly lackpyDirectory: string;
  private readonly lockFile: string;
  private state: RatchetFile | null = null;
  private promotedNames: { state: RatchetFile; names: Set<string> } | null = null;
  private stamp = "";
  private changes: RatchetChange[] = [];
  /** "answered" changes pushed since the pending ones were last cut to `MAX_RECENT` (`dropCutAnswers`). */
  private answeredSinceCut = 0;

  constructor(workspace: string) {
    this.lackpyDirectory = path.join(workspace, ".lackpy");
    this.file = path.join(this.lackpyDirectory, "ratchet.json");
    this.lockFile = path.join(this.lackpyDirectory, "write.lock");
  }

  /** Records one success of `program` with `output`; `window` is how many latest answers must agree. */
  async recordSuccess(
    request: RatchetRequest,
    program: string,
    output: unknown,
    window: number,
  ): Promise<RatchetRecord> {
    const hash = outputHash(output);
    const key = entryKey(request, program);
    const answersKey = requestKey(request);
    this.change({
      kind: "success",
      key,
      intent: normaliseIntent(request.intent),
      program,
      kit: request.kit,
      at: new Date().toISOString(),
      answersKey,
      hash,
    });
    const state = this.current();
    return {
      entry: state.programs[key],
      ...agreement(state.answers[answersKey] ?? [], hash, window),
    };
  }

  /** Marks an entry as promoted to the named template, and forgets the request's failed promotion. */
  async markPromoted(request: RatchetRequest, program: string, template: string): Promise<void> {
    this.change({
      kind: "promoted",
      key: entryKey(request, program),
      failureKey: requestKey(request),
      template,
    });
  }

  /** Records why a promotion failed; `status` and `template list` show it until the request is promoted. */
  async recordFailure(
    request: RatchetRequest,
    failure: Omit<PromotionFailure, "intent" | "kit" | "at">,
  ): Promise<void> {
    this.change({
      kind: "failed",
      failureKey: requestKey(request),
      failure: {
        intent: request.intent.trim(),
        kit: request.kit,
        at: new Date().toISOString(),
        ...failure,
      },
    });
  }

  /**
   * Remembers which tier answered a delegate (null: none did), for `status`; only in a workspace
   * that has a `.lackpy` folder (a delegate alone never makes one).
   */
  async recordDelegate(tier: string | null, success: boolean): Promise<void> {
    if (this.changes.length === 0 && !existsSync(this.lackpyDirectory)) return;
    this.change({ kind: "answered", delegate: { tier, success, at: new Date().toISOString() } });
  }

  /** Failed promotions, oldest first. */
  async failures(): Promise<PromotionFailure[]> {
    return Object.values(this.current().failures).sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Every program entry (successes of model programs per intent, kit and program). */
  async entries(): Promise<RatchetEntry[]> {
    return Object.values(this.current().programs);
  }

  /** The latest delegates, oldest first. */
  async recent(): Promise<readonly RecentDelegate[]> {
    return this.current().recent;
  }

  /** Names of the templates the ratchet promoted (for templates whose file does not say where they came from). */
  promotedTemplates(): ReadonlySet<string> {
    const state = this.current();
    if (this.promotedNames?.state !== state) {
      const names = new Set<string>();
      for (const entry of Object.values(state.programs))
        if (entry.promoted) names.add(entry.promoted);
      this.promotedNames = { state, names };
    }
    return this.promotedNames.names;
  }

  /** Whether other processes left writes in side files at exit, for the next write to merge. */
  hasUnmerged(): boolean {
    return hasUnmerged(this.lackpyDirectory, "ratchet");
  }

  /** Whether changes wait in memory to be written. */
  hasPending(): boolean {
    return this.changes.length > 0;
  }

  /**
   * Writes the pending changes and merges side files, under the workspace lock (waited for
   * asynchronously); see `WriteBehindTarget`.
   */
  async flush(): Promise<void> {
    if (this.changes.length === 0 && !this.hasUnmerged()) return;
    if (this.dropWhenGone()) return;
    try {
      await withFileLock(this.lockFile, () => this.writeLocked());
      this.lastError = null;
    } catch (error) {
      this.noteError(error);
      throw error;
    }
  }

  /** At exit: tries the lock once; when another process holds it, leaves the changes in a side file. */
  flushAtExit(): void {
    if (this.changes.length === 0 || this.dropWhenGone()) return;
    const attempt = tryFileLockSync(this.lockFile, () => this.writeLocked());
    if (attempt.acquired) return;
    writeUnmerged(this.lackpyDirectory, "ratchet", { changes: this.changes });
    this.changes = [];
  }

  /** `.lackpy` was made when the first change came, so when it is gone the workspace is: nothing is left to count for. */
  private dropWhenGone(): boolean {
    if (existsSync(this.lackpyDirectory)) return false;
    this.changes = [];
    return true;
  }

  /** Under the lock: side files' changes first (they are older), then this process's, applied to the file as it is now. */
  private writeLocked(): void {
    const unmerged = takeUnmerged(this.lackpyDirectory, "ratchet").flatMap((data) =>
      Array.isArray((data as { changes?: unknown })?.changes)
        ? (data as { changes: RatchetChange[] }).changes
        : [],
    );
    if (unmerged.length > 0) {
      this.changes = [...unmerged, ...this.changes];
      // The state in memory does not have them yet: read it again after the write.
      this.state = null;
    }
    const merged = this.read({ setAsideDamaged: true });
    for (const change of this.changes) applyRatchetChange(merged, change);
    ensureStateIgnored(this.lackpyDirectory);
    atomicWriteSync(this.file, `${JSON.stringify(merged, null, 2)}\n`);
    this.changes = [];
    this.state = merged;
    this.stamp = fileStamp(this.file);
  }

  /** Keeps an error of the ratchet's for `status`. */
  noteError(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
  }

  private change(change: RatchetChange): void {
    if (this.changes.length === 0 && !existsSync(this.lackpyDirectory))
      // Only `.lackpy` itself: a workspace that is gone is not made again.
      mkdirSync(this.lackpyDirectory);
    // The state in memory takes it now; a state read again from disk gets every pending change.
    if (this.state) applyRatchetChange(this.state, change);
    this.promotedNames = null;
    this.changes.push(change);
    if (change.kind === "answered" && ++this.answeredSinceCut > MAX_RECENT) {
      this.changes = dropCutAnswers(this.changes);
      this.answeredSinceCut = 0;
    }
    scheduleFlush(this);
  }

  /** The state in memory; read again (with the pending changes on top) when the file changed on disk. */
  private current(): RatchetFile {
    const stamp = fileStamp(this.file);
    if (this.state && stamp === this.stamp) return this.state;
    const state = this.read({ setAsideDamaged: false });
    for (const change of this.changes) applyRatchetChange(state, change);
    this.state = state;
    this.stamp = stamp;
    return state;
  }

  private read(options: { setAsideDamaged: boolean }): RatchetFile {
    let text: string;
    try {
      text = readRegularFileSync(this.file).toString("utf8");
    } catch (error) {
      // A store that is not a regular file (a link to a device or a FIFO a clone brought) holds
      // nothing lackpy wrote; the next write replaces the link itself.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTREGULAR") return emptyRatchetFile();
      throw error;
    }
    const parsed = parseRatchetFile(text);
    // A damaged store is set aside, never silently overwritten.
    if (!parsed && options.setAsideDamaged)
      atomicWriteSync(`${this.file}.damaged-${Date.now()}`, text);
    return parsed ?? emptyRatchetFile();
  }
}
