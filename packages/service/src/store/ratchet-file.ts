/** Successes of one model-generated program for one normalised intent. */
export interface RatchetEntry {
  intent: string;
  program: string;
  kit: string;
  successes: number;
  lastSuccessAt: string;
  promoted?: string;
}

/** A promotion that failed, kept until the request is promoted (shown by `status` and `template list`). */
export interface PromotionFailure {
  intent: string;
  kit: string;
  /** The template name the promotion would have written. */
  template: string;
  /** The program it would have saved. */
  program: string;
  code: string;
  message: string;
  hint?: string;
  at: string;
}

/** One delegate, as the ratchet remembers it for `status`: which tier answered (null: none did) and whether it succeeded. */
export interface RecentDelegate {
  tier: string | null;
  success: boolean;
  at: string;
}

/**
 * `.lackpy/ratchet.json`, version 2 (version 1 was the bare `programs` map; `failures` and
 * `recent` were added later within version 2, and older readers ignore them).
 */
export interface RatchetFile {
  version: 2;
  programs: Record<string, RatchetEntry>;
  /** Per request (kit, normalised intent, params), the output hashes of the latest successful model answers, oldest first. */
  answers: Record<string, string[]>;
  /** Failed promotions per request. */
  failures: Record<string, PromotionFailure>;
  /** The latest delegates (at most `MAX_RECENT`), oldest first. */
  recent: RecentDelegate[];
}

/** One change to the file, kept in memory until it is written, then applied to the file as it is then. */
export type RatchetChange =
  | {
      kind: "success";
      key: string;
      intent: string;
      program: string;
      kit: string;
      at: string;
      answersKey: string;
      hash: string;
    }
  | { kind: "promoted"; key: string; failureKey: string; template: string }
  | { kind: "failed"; failureKey: string; failure: PromotionFailure }
  | { kind: "answered"; delegate: RecentDelegate };

/** Answers kept per request; the agreement window never needs more. */
export const MAX_ANSWERS = 16;

/** Delegates kept for `status`'s tier counts. */
export const MAX_RECENT = 50;

/** An empty file. */
export function emptyRatchetFile(): RatchetFile {
  return { version: 2, programs: {}, answers: {}, failures: {}, recent: [] };
}

/** Reads the file's text (either version); null when it is not JSON. */
export function parseRatchetFile(text: string): RatchetFile | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return emptyRatchetFile();
  const record = parsed as Partial<RatchetFile>;
  if (record.version === 2)
    return {
      version: 2,
      programs: record.programs ?? {},
      answers: record.answers ?? {},
      failures: record.failures ?? {},
      recent: Array.isArray(record.recent) ? record.recent : [],
    };
  // Version 1 kept the program entries at the top level and no answers.
  return { ...emptyRatchetFile(), programs: parsed as Record<string, RatchetEntry> };
}

/** Applies one change to a file in memory. */
export function applyRatchetChange(file: RatchetFile, change: RatchetChange): void {
  switch (change.kind) {
    case "success": {
      const entry = file.programs[change.key] ?? {
        intent: change.intent,
        program: change.program,
        kit: change.kit,
        successes: 0,
        lastSuccessAt: "",
      };
      entry.successes += 1;
      if (change.at > entry.lastSuccessAt) entry.lastSuccessAt = change.at;
      file.programs[change.key] = entry;
      file.answers[change.answersKey] = [
        ...(file.answers[change.answersKey] ?? []),
        change.hash,
      ].slice(-MAX_ANSWERS);
      return;
    }
    case "promoted": {
      const entry = file.programs[change.key];
      if (entry) entry.promoted = change.template;
      delete file.failures[change.failureKey];
      return;
    }
    case "failed":
      file.failures[change.failureKey] = change.failure;
      return;
    case "answered": {
      const last = file.recent[file.recent.length - 1];
      // The usual delegate is the newest: appended in place, no sort of the list.
      if (last === undefined || last.at <= change.delegate.at) {
        file.recent.push(change.delegate);
        if (file.recent.length > MAX_RECENT) file.recent.splice(0, file.recent.length - MAX_RECENT);
        return;
      }
      file.recent = [...file.recent, change.delegate]
        .sort((a, b) => a.at.localeCompare(b.at))
        .slice(-MAX_RECENT);
      return;
    }
  }
}

/**
 * Pending changes with only the newest `MAX_RECENT` "answered" ones (by `at`, the later of equal
 * ones): applied to any file, the others would be cut from its recent delegates by these, so
 * dropping them changes nothing written. The rest keep their order. A busy service keeps at most
 * twice `MAX_RECENT` of them in memory between writes, not one per delegate.
 */
export function dropCutAnswers(changes: readonly RatchetChange[]): RatchetChange[] {
  const answered: { at: string; index: number }[] = [];
  changes.forEach((change, index) => {
    if (change.kind === "answered") answered.push({ at: change.delegate.at, index });
  });
  if (answered.length <= MAX_RECENT) return [...changes];
  // Stable: of equal times the later change is the newer, as applying them in order takes it.
  answered.sort((left, right) => (left.at < right.at ? -1 : left.at > right.at ? 1 : 0));
  const cut = new Set(answered.slice(0, answered.length - MAX_RECENT).map(({ index }) => index));
  return changes.filter((_, index) => !cut.has(index));
}
