import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { normaliseIntent } from "@lackpy/infer/node";
import { atomicWriteSync } from "./atomic-write.js";
import { withFileLockSync } from "./file-lock.js";
import {
  applyRatchetChange,
  emptyRatchetFile,
  parseRatchetFile,
  type PromotionFailure,
  type RatchetChange,
  type RatchetEntry,
  type RatchetFile,
} from "./ratchet-file.js";
import { scheduleFlush, type WriteBehindTarget } from "./write-behind.js";

/** One request as the ratchet tells requests apart: the intent, the kit, and the request's params. */
export interface RatchetRequest {
  intent: string;
  kit: string;
  /** Request parameter values (secret ones by name only); the same intent with other values is another request. */
  params?: Readonly<Record<string, unknown>>;
}

/** What `recordSuccess` returns: the program's entry, and whether recent answers to the request agree. */
export interface RatchetRecord {
  entry: RatchetEntry;
  /**
   * True when the request's last `window` successful model answers (any program; fewer when
   * there are fewer) all had this run's output. A model that answers the same request
   * differently is not trusted to be right.
   */
  agreed: boolean;
  /** How many of the latest answers in a row had this run's output (this one included). */
  agreeingRuns: number;
}

/** Hash of a run's output, for comparing answers (JSON text; `undefined` as null). */
export function outputHash(output: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(output ?? null) ?? "null")
    .digest("hex")
    .slice(0, 16);
}

/**
 * `.lackpy/ratchet.json` in memory: successes of model-generated programs per normalised
 * intent, kit and program, the outputs of the latest answers to each request, and failed
 * promotions. Changes apply in memory and are written behind: under the workspace lock the file
 * is read again and this process's changes are applied to it, so concurrent processes never
 * lose each other's counts. When another process wrote the file, it is read again here and the
 * changes not yet written are applied on top.
 */
export class RatchetStore implements WriteBehindTarget {
  readonly label = "ratchet history";
  readonly file: string;
  /** The last error reading or writing the ratchet's state, until a write succeeds. */
  lastError: string | null = null;
  private readonly lockFile: string;
  private state: RatchetFile | null = null;
  private stamp = "";
  private changes: RatchetChange[] = [];

  constructor(workspace: string) {
    this.file = path.join(workspace, ".lackpy", "ratchet.json");
    this.lockFile = path.join(workspace, ".lackpy", "write.lock");
  }

  /** Records one success of `program` with `output`; `window` is how many latest answers must agree. */
  recordSuccess(
    request: RatchetRequest,
    program: string,
    output: unknown,
    window: number,
  ): RatchetRecord {
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
    const answers = state.answers[answersKey] ?? [];
    let agreeingRuns = 0;
    while (agreeingRuns < answers.length && answers[answers.length - 1 - agreeingRuns] === hash)
      agreeingRuns++;
    return {
      entry: state.programs[key],
      agreed: agreeingRuns >= Math.min(Math.max(1, window), answers.length),
      agreeingRuns,
    };
  }

  /** Marks an entry as promoted to the named template, and forgets the request's failed promotion. */
  markPromoted(request: RatchetRequest, program: string, template: string): void {
    this.change({
      kind: "promoted",
      key: entryKey(request, program),
      failureKey: requestKey(request),
      template,
    });
  }

  /** Records why a promotion failed; `status` and `template list` show it until the request is promoted. */
  recordFailure(request: RatchetRequest, failure: Omit<PromotionFailure, "intent" | "kit" | "at">) {
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

  /** Failed promotions, oldest first. */
  failures(): PromotionFailure[] {
    return Object.values(this.current().failures).sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Writes the pending changes (under the workspace lock); see `WriteBehindTarget`. */
  flushSync(): void {
    if (this.changes.length === 0) return;
    if (!existsSync(path.dirname(this.file))) {
      // `.lackpy` was made when the first change came, so the workspace is gone: nothing is
      // left to count for (and nothing is created in a folder being deleted).
      this.changes = [];
      return;
    }
    try {
      withFileLockSync(this.lockFile, () => {
        const merged = this.read({ setAsideDamaged: true });
        for (const change of this.changes) applyRatchetChange(merged, change);
        atomicWriteSync(this.file, `${JSON.stringify(merged, null, 2)}\n`);
        this.changes = [];
        this.state = merged;
        this.stamp = stampOf(this.file);
      });
      this.lastError = null;
    } catch (error) {
      this.noteError(error);
      throw error;
    }
  }

  /** Keeps an error of the ratchet's for `status`. */
  noteError(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
  }

  private change(change: RatchetChange): void {
    if (this.changes.length === 0 && !existsSync(path.dirname(this.file)))
      // Only `.lackpy` itself: a workspace that is gone is not made again.
      mkdirSync(path.dirname(this.file));
    applyRatchetChange(this.current(), change);
    this.changes.push(change);
    scheduleFlush(this);
  }

  /** The state in memory; read again (with the pending changes on top) when the file changed on disk. */
  private current(): RatchetFile {
    const stamp = stampOf(this.file);
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
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyRatchetFile();
      throw error;
    }
    const parsed = parseRatchetFile(text);
    // A damaged store is set aside, never silently overwritten.
    if (!parsed && options.setAsideDamaged)
      atomicWriteSync(`${this.file}.damaged-${Date.now()}`, text);
    return parsed ?? emptyRatchetFile();
  }
}

function stampOf(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.size}:${info.ino}` : "-";
}

function requestKey(request: RatchetRequest): string {
  const base = `${request.kit}\u0000${normaliseIntent(request.intent)}`;
  const names = Object.keys(request.params ?? {}).sort();
  if (names.length === 0) return base;
  const values = JSON.stringify(names.map((name) => [name, request.params![name] ?? null]));
  return `${base}\u0000${createHash("sha256").update(values).digest("hex").slice(0, 16)}`;
}

function entryKey(request: RatchetRequest, program: string): string {
  return createHash("sha256")
    .update(`${normaliseIntent(request.intent)}\u0000${request.kit}\u0000${program.trim()}`)
    .digest("hex")
    .slice(0, 16);
}
