/**
 * What a run's record or journal must look like before the run store acts on it. They are read
 * from `.lackpy/runs/`, which a cloned repository (or an archive) can bring: a record is data
 * lackpy acts on (it removes folders, rolls files back, reads before-images), so every name in it
 * that becomes a path must be one lackpy could have written. A record that is not is left alone,
 * as an unreadable one is.
 */

/** A run id as `RunStore.newRunId` makes it (`20260101-120000-ab12cd34`, `undo-…`): also a folder name. */
export const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/** A before-image's name in its run's folder. */
const BLOB = /^before\/\d+$/;

const ACTIONS = new Set(["create", "modify", "delete"]);

/** True when `value` is a run record lackpy could have written into the folder `runId`. */
export function isRunRecord(value: unknown, runId: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.runId === runId &&
    RUN_ID.test(runId) &&
    typeof record.at === "string" &&
    typeof record.label === "string" &&
    typeof record.beforeBytes === "number" &&
    typeof record.undoable === "boolean" &&
    (record.caller === undefined || typeof record.caller === "string") &&
    Array.isArray(record.files) &&
    record.files.every(isRecordedFile)
  );
}

/**
 * True when `value` is a journal lackpy could have written into the folder `runId`: a record, a
 * phase, and one token per file; an undo's also names the run it undoes (`landed` is its only).
 */
export function isJournal(value: unknown, runId: string): boolean {
  if (!isRunRecord(value, runId)) return false;
  const journal = value as Record<string, unknown> & { files: unknown[] };
  const undoes = journal.undoes;
  if (undoes !== undefined && (typeof undoes !== "string" || !RUN_ID.test(undoes))) return false;
  return (
    (journal.phase === "preparing" ||
      journal.phase === "landing" ||
      (journal.phase === "landed" && undoes !== undefined)) &&
    Array.isArray(journal.tokens) &&
    journal.tokens.length === journal.files.length &&
    journal.tokens.every((token) => typeof token === "string" && RUN_ID.test(token))
  );
}

/** A `/`-separated path inside the workspace: no empty, `.` or `..` name, not absolute, no NUL or backslash. */
export function isWorkspaceRelative(file: unknown): file is string {
  if (typeof file !== "string" || file === "" || /[\0\\]/.test(file)) return false;
  if (/^[A-Za-z]:/.test(file)) return false;
  return file.split("/").every((name) => name !== "" && name !== "." && name !== "..");
}

function isRecordedFile(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const file = value as Record<string, unknown>;
  if (!isWorkspaceRelative(file.path) || !ACTIONS.has(file.action as string)) return false;
  if (!isFileState(file.before) || !isFileState(file.after)) return false;
  if (file.blob !== null && (typeof file.blob !== "string" || !BLOB.test(file.blob))) return false;
  if (file.createdFolder === null) return true;
  // The folder a creation made is one of the file's own folders.
  return isWorkspaceRelative(file.createdFolder) && file.path.startsWith(`${file.createdFolder}/`);
}

/** True for a file state lackpy writes: missing, or a hash. */
export function isFileState(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const state = value as Record<string, unknown>;
  return state.exists === false || (state.exists === true && typeof state.hash === "string");
}
