/**
 * What a run's tools left out (`RunResult.skipped`). A tool reports it through its `this`
 * (`ToolCallContext.noteSkipped`) as rows of `{ reason, count }` for a scope (what the call
 * covered: its pattern). Two calls over the same scope leave out the same files, so the run keeps
 * the largest count of a reason per scope and adds up the scopes: `find_files("**")` then
 * `file_sizes("**")` count the files under `node_modules` once, `find_files("src/**")` and
 * `find_files("lib/**")` add theirs up.
 */

/** How many files (or other items) a run's tools left out, and why. */
export interface SkippedCount {
  /** Why, as the words that follow the count: `files under node_modules`, `binary files`. */
  reason: string;
  count: number;
}

/** Where a tool call's `noteSkipped` goes. */
export interface SkippedSink {
  note(rows: unknown, scope: unknown): void;
}

/** Longest reason or scope kept (a tool's text, shown to a person). */
const MAX_TEXT_CHARS = 200;
/** Most reason and scope pairs one run keeps: a tool cannot grow the result without bound. */
const MAX_ENTRIES = 100;

/** The rows a tool noted, as far as they are rows: anything else is dropped. */
export function skippedRows(rows: unknown): SkippedCount[] {
  if (!Array.isArray(rows)) return [];
  const kept: SkippedCount[] = [];
  for (const row of rows.slice(0, MAX_ENTRIES)) {
    const { reason, count } = (row ?? {}) as Partial<SkippedCount>;
    if (typeof reason !== "string" || reason === "" || reason.length > MAX_TEXT_CHARS) continue;
    if (typeof count !== "number" || !Number.isSafeInteger(count) || count <= 0) continue;
    kept.push({ reason, count });
  }
  return kept;
}

/** One run's tally of what its tools left out. */
export class SkippedTally implements SkippedSink {
  /** The largest count of each reason, by scope and reason. */
  readonly #counts = new Map<string, { reason: string; count: number }>();

  note(rows: unknown, scope: unknown): void {
    const shownScope = typeof scope === "string" ? scope.slice(0, MAX_TEXT_CHARS) : "";
    for (const { reason, count } of skippedRows(rows)) {
      const key = `${shownScope}\u0000${reason}`;
      const known = this.#counts.get(key);
      if (known) known.count = Math.max(known.count, count);
      else if (this.#counts.size < MAX_ENTRIES) this.#counts.set(key, { reason, count });
    }
  }

  /** The run's rows: each reason's counts added up over the scopes, the largest first, then by reason. */
  list(): SkippedCount[] {
    const byReason = new Map<string, number>();
    for (const { reason, count } of this.#counts.values())
      byReason.set(reason, (byReason.get(reason) ?? 0) + count);
    return [...byReason]
      .map(([reason, count]) => ({ reason, count }))
      .sort((left, right) => right.count - left.count || (left.reason < right.reason ? -1 : 1));
  }
}

/** A sink that keeps each call's notes as they came, for the host of an isolated run to send on. */
export class SkippedNotes implements SkippedSink {
  readonly notes: { rows: SkippedCount[]; scope: string }[] = [];

  note(rows: unknown, scope: unknown): void {
    const kept = skippedRows(rows);
    if (kept.length > 0 && this.notes.length < MAX_ENTRIES)
      this.notes.push({ rows: kept, scope: typeof scope === "string" ? scope : "" });
  }
}
