/** What a change does to a file. */
export type ChangeAction = "create" | "modify" | "delete";

/** One file a run changed, or would change: its workspace-relative path, the action, and a unified diff. */
export interface FileChange {
  path: string;
  action: ChangeAction;
  /** A unified diff (`--- a/<path>` / `+++ b/<path>` and hunks), or a line saying the file is binary or too large. */
  diff: string;
  /** True when the file is executable (it keeps its mode): a script, hook or bin a person may run next. */
  executable?: true;
}

/** A call a dry run did not make: a tool that is not a file tool and changes something (grade w ≥ 2), or one that requires approval. */
export interface PendingCall {
  tool: string;
  args: unknown[];
}

/** What a run's changes came to; added to every `runProgram` and `delegate` result. */
export interface ChangeOutcome {
  /** True for a dry run: nothing was written, no tool with effects was called. */
  dryRun: boolean;
  /**
   * The run's file changes: what landed when `applied`, what would land in a dry run, what was
   * declined or refused otherwise. Empty for a run that failed (nothing it wrote lands).
   */
  changes: FileChange[];
  /** True when the changes landed on disk (all of them, or those a person approved). */
  applied: boolean;
  /** The id `undo` takes to restore what this run changed; null when nothing landed. */
  runId: string | null;
  /** A dry run's handle for `applyChanges` (MCP `apply_changes`): those exact changes, once, within 15 minutes. */
  changeId?: string;
  /** Paths a person declined at the approval prompt (they did not land). */
  declined?: string[];
  /** Calls a dry run did not make, in order, with their arguments. */
  pending: PendingCall[];
}

/** A person's answer for one file or call: this one, not this one, or this and every later one. */
export type ApprovalAnswer = "yes" | "no" | "all";

/** What a person is asked to approve: one file change (with its diff) or one call of a tool that requires approval. */
export type ApprovalRequest =
  { kind: "file"; change: FileChange } | { kind: "call"; tool: string; args: unknown[] };

/**
 * Asks a person (the CLI's `--approve` prompt); called once per file before anything lands, and
 * before each call of a tool whose config says `requires_approval = true`.
 */
export type Approver = (request: ApprovalRequest) => Promise<ApprovalAnswer>;

/** Where a change came from: a run, a delegate, an `apply_changes` of a dry run, or an undo. */
export type ChangeSource = "run" | "delegate" | "apply_changes" | "undo";

/** A recorded run as `status` lists it: `lackpy undo <runId>` restores what it changed. */
export interface UndoableRun {
  runId: string;
  /** When it landed (ISO 8601). */
  at: string;
  source: ChangeSource;
  /** The intent, or the program's first line. */
  label: string;
  files: { path: string; action: ChangeAction }[];
  /** False when its before-images were dropped (over the 50 MB kept for undo). */
  undoable: boolean;
}

/** What recovery did with a run a crash left half-landed (rolled back). */
export interface RecoveryNotice {
  runId: string;
  source: ChangeSource;
  label: string;
  /** When it was recovered (ISO 8601). */
  at: string;
  /** Files put back as they were before the run. */
  restored: string[];
  /** Files changed since by someone else, or that could not be put back: left as they are. */
  conflicts: string[];
}
