/**
 * Where a workspace's dry runs and undo history live, behind two interfaces every instance
 * shares (decision 95): the workspace's `.lackpy/` for the files backend, tables for Postgres.
 * Both are keyed by caller (an opaque id, the HTTP server's token id; none for a person at the
 * CLI or over stdio), so any instance applies a caller's dry run or undoes its run, and kept
 * runs are counted per caller.
 */
import type { FileState, ListingCheck } from "@lackpy/kit/node";
import type { ChangeAction, ChangeSource, FileChange } from "../change-types.js";

export type { ListingCheck };

/** How long a dry run's `changeId` can be applied (15 minutes). */
export const CHANGE_TTL_MS = 15 * 60 * 1000;
/** How many dry runs' changes are kept per caller; the oldest goes first. */
export const MAX_PENDING_CHANGES = 32;
/** How much content one caller's kept dry runs may hold together (256 MiB); the oldest goes first. */
export const MAX_PENDING_BYTES = 256 * 1024 * 1024;
/** How many runs of one caller keep their before-images for `undo`. */
export const MAX_UNDO_RUNS = 50;
/** How many bytes of before-images one caller's kept runs may hold together (50 MB). */
export const MAX_UNDO_BYTES = 50 * 1024 * 1024;

/** One file of a recorded run: what it held before and after, and where its before-image is. */
export interface RecordedFile {
  path: string;
  action: ChangeAction;
  before: FileState;
  after: FileState;
  /** The before-image's name in the run (`before/0`), or null when the file did not exist. */
  blob: string | null;
  /** The topmost folder made to create the file, removed again by an undo when empty. */
  createdFolder: string | null;
}

/** A run that changed files, as the run history keeps it. */
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
  /** Who landed it (the caller id the service was given); absent for a person without one. */
  caller?: string;
}

/** One change of a dry run, as kept for `applyChanges`. */
export interface StoredPlan {
  path: string;
  action: ChangeAction;
  /** What the file held when the dry run read it. */
  expected?: FileState;
  /** What it will hold; null removes it. */
  content: string | Uint8Array | null;
  createdFolder?: string | null;
  /** The change as the dry run's result showed it. */
  change: FileChange;
}

/** A dry run's changes, waiting for `applyChanges`. */
export interface StoredChangeSet {
  plans: StoredPlan[];
  source: ChangeSource;
  label: string;
  /** Who made the dry run; null for a person without a caller id. */
  caller: string | null;
  /** When it expires (ms since the epoch). */
  expiresAt: number;
  /** The text and bytes it holds. */
  sizeBytes: number;
  /**
   * Files the dry run read (and did not change) before its last write, with what it read: its
   * changes may be made from them, so the landing checks they still hold that. Absent in sets
   * kept before lackpy checked them.
   */
  reads?: ReadCheck[];
  /** Listings the dry run took before its last write, taken again at landing (decision 160). */
  listings?: ListingCheck[];
}

/** A file a run read and did not change, with what it read: the landing refuses when it holds anything else. */
export interface ReadCheck {
  path: string;
  expected: FileState;
}

/** Whose runs a listing takes: one caller's (`null`: those made without a caller id); every run when left out. */
export type CallerScope = { caller: string | null } | undefined;

/**
 * Dry runs' changes by `changeId` (24 hex digits), until applied, expired (`CHANGE_TTL_MS`) or
 * pushed out by the same caller's newer ones (`MAX_PENDING_CHANGES`, `MAX_PENDING_BYTES`).
 */
export interface PendingChangeStore {
  /** Keeps a dry run's changes; returns their `changeId`. */
  add(set: StoredChangeSet, now?: number): Promise<string>;
  /**
   * Takes a dry run's changes to apply them, once across every instance: `unknown_change` (also
   * for another caller's id, when `caller` is given), `change_applied` or `change_expired`.
   */
  take(changeId: string, caller: string | undefined, now?: number): Promise<StoredChangeSet>;
}

/**
 * Landed runs with their before-images, for `undo`, counted per caller: a caller's newest
 * `MAX_UNDO_RUNS` runs holding at most `MAX_UNDO_BYTES` of before-images are kept.
 */
export interface RunHistory {
  /**
   * True when `commit` also forgets the caller's runs past the bounds, in the same step (one
   * round trip fewer); the landing calls `prune` otherwise.
   */
  readonly prunesOnCommit: boolean;
  /**
   * Keeps a run that landed: its record, and the before-images its landing copied into `folder`
   * (`.lackpy/runs/<runId>/`). Called while the run's journal is still there, so a crash before
   * it returns rolls the run back; a backend that keeps runs elsewhere removes the folder.
   */
  commit(record: RunRecord, folder: string): Promise<void>;
  /** Whether the run is kept (a journal next to a kept run landed whole). */
  has(runId: string): Promise<boolean>;
  /** One kept run, or null. */
  read(runId: string): Promise<RunRecord | null>;
  /** Kept runs of `scope` (every run when left out), newest first. */
  list(scope?: CallerScope): Promise<RunRecord[]>;
  /** A before-image, checked against the hash the record names; throws when it does not hold it. */
  beforeImage(record: RunRecord, file: RecordedFile): Promise<Buffer | null>;
  /** Forgets a run (after its undo). */
  remove(runId: string): Promise<void>;
  /** Forgets a caller's runs past the bounds (`caller` null: those made without a caller id). */
  prune(caller: string | null): Promise<void>;
}

/** The shared state of a workspace's changes. */
export interface ChangeStores {
  pending: PendingChangeStore;
  runs: RunHistory;
}
