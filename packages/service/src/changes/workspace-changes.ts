import { ToolError, type PathProtection } from "@lackpy/kit";
import type { RunResult } from "@lackpy/run";
import { ServiceError } from "../service-error.js";
import type {
  Approver,
  ChangeOutcome,
  ChangeSource,
  FileChange,
  RecoveryNotice,
  UndoableRun,
} from "../change-types.js";
import { describeChanges, type ChangePlan } from "./describe-changes.js";
import { landChanges } from "./land-changes.js";
import { PendingChanges } from "./pending-changes.js";
import { recoverChanges } from "./recover-changes.js";
import { RunStore, type RunRecord } from "./run-store.js";
import { DRY_RUN_NEEDS_RESULT, type StagedTools } from "./stage-tools.js";
import { undoRun, type UndoResult } from "./undo-run.js";

/** How a run's changes are settled: previewed, asked about, or landed. */
export interface SettleOptions {
  dryRun: boolean;
  /** Asks a person about each file before anything lands. */
  approve?: Approver;
  source: ChangeSource;
  /** The intent, or the program's first line (asked for only when something lands or waits). */
  label: () => string;
}

/** A run result with what its changes came to. */
export type SettledResult<Result extends RunResult> = Result & ChangeOutcome;

/** What `applyChanges` did: the run it recorded and the files that landed. */
export interface AppliedChanges {
  changeId: string;
  runId: string;
  changes: FileChange[];
  filesModified: string[];
}

/**
 * The file changes of one workspace: settling each run's staged files (a dry run's preview kept
 * for `applyChanges`, a person's approval, landing with a record for `undo`), the pending changes
 * of dry runs, undo, the runs `status` lists, and recovery of a landing a crash cut short (once,
 * before the first landing, listing or undo; `LackpyService.open` runs it at once).
 */
export class WorkspaceChanges {
  readonly store: RunStore;
  readonly pending = new PendingChanges();
  #recovery: Promise<RecoveryNotice[]> | null = null;

  constructor(
    workspace: string,
    private readonly protection: () => Promise<PathProtection>,
  ) {
    this.store = new RunStore(workspace);
  }

  /** Rolls back what a crash left half-landed (once per service); the notices say what was put back. */
  recover(): Promise<RecoveryNotice[]> {
    this.#recovery ??= recoverChanges(this.store, this.protection);
    return this.#recovery;
  }

  /**
   * The run's changes settled: nothing lands for a failed run (its error is the dry run's own
   * code when it needed a call it could not make), a dry run keeps its plans under a `changeId`,
   * a person approves file by file, and the rest lands (`landChanges`); a change that cannot land
   * (`stale_change`, `apply_failed`, a path refused since) fails the result and lands nothing.
   */
  async settle<Result extends RunResult>(
    result: Result,
    staged: StagedTools,
    options: SettleOptions,
  ): Promise<SettledResult<Result>> {
    staged.staging.seal();
    const outcome: ChangeOutcome = {
      dryRun: options.dryRun,
      changes: [],
      applied: false,
      runId: null,
      pending: staged.pending,
    };
    if (!result.success)
      return { ...result, error: neededError(result, staged), filesModified: [], ...outcome };
    const plans = describeChanges(staged.staging.list());
    outcome.changes = plans.map((plan) => plan.change);
    if (options.dryRun) {
      if (plans.length > 0)
        outcome.changeId = this.pending.add(plans, options.source, options.label());
      return { ...result, filesModified: [], ...outcome };
    }
    // The commonest run changes nothing: its result (this run's own) takes the outcome in place.
    if (plans.length === 0 && !options.approve)
      return Object.assign(result, { filesModified: [] }, outcome);
    const { approved, declined } = await approveFiles(plans, options.approve);
    if (options.approve) outcome.declined = declined;
    if (approved.length === 0) return { ...result, filesModified: [], ...outcome };
    try {
      const record = await this.land(approved, options.source, options.label());
      outcome.applied = true;
      outcome.runId = record.runId;
      return { ...result, filesModified: approved.map((plan) => plan.path), ...outcome };
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      return {
        ...result,
        success: false,
        output: null,
        error: {
          // A path refused since the run, an executable, a read-only file: it cannot land.
          code: error.code === "stale_change" ? "stale_change" : "apply_failed",
          message: error.message,
          ...(error.hint === undefined ? {} : { hint: error.hint }),
        },
        filesModified: [],
        ...outcome,
      };
    }
  }

  /**
   * Applies a dry run's changes by `changeId`, exactly those, if every file still holds what the
   * dry run saw (`stale_change` naming the first that does not); once, within 15 minutes.
   */
  async apply(changeId: string): Promise<AppliedChanges> {
    const set = this.pending.take(changeId);
    try {
      const record = await this.land(set.plans, "apply_changes", set.label);
      return {
        changeId,
        runId: record.runId,
        changes: set.plans.map((plan) => plan.change),
        filesModified: set.plans.map((plan) => plan.path),
      };
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      throw new ServiceError(
        error.code === "stale_change" ? "stale_change" : "apply_failed",
        error.message,
        {
          hint:
            error.code === "stale_change"
              ? "the file changed after the dry run: make the dry run again and apply its new changeId"
              : error.hint,
          ...(error.code === "stale_change"
            ? { file: error.message.match(/^'([^']*)'/)?.[1] }
            : {}),
        },
      );
    }
  }

  /** Restores what a recorded run changed (the newest when no id is given); `undo_conflict` when a file changed since, unless `force`. */
  async undo(runId: string | undefined, options: { force?: boolean } = {}): Promise<UndoResult> {
    await this.recover();
    return undoRun(this.store, runId, {
      force: options.force ?? false,
      protection: await this.protection(),
    });
  }

  /** Recorded runs, newest first, as `status` lists them. */
  async runs(): Promise<UndoableRun[]> {
    await this.recover();
    return this.store.list().map(listed);
  }

  /** What recovery did, newest first (kept in `.lackpy/runs/recovered.json`). */
  recoveries(): RecoveryNotice[] {
    return this.store.recoveries();
  }

  private async land(plans: ChangePlan[], source: ChangeSource, label: string): Promise<RunRecord> {
    await this.recover();
    return landChanges(plans, {
      store: this.store,
      protection: await this.protection(),
      source,
      label,
      keepRecord: true,
    });
  }
}

/** The plans a person approved, and the paths they declined; all of them without a person to ask. */
async function approveFiles(
  plans: ChangePlan[],
  approve: Approver | undefined,
): Promise<{ approved: ChangePlan[]; declined: string[] }> {
  if (!approve) return { approved: plans, declined: [] };
  const approved: ChangePlan[] = [];
  const declined: string[] = [];
  let all = false;
  for (const plan of plans) {
    const answer = all ? "all" : await approve({ kind: "file", change: plan.change });
    if (answer === "all") all = true;
    if (answer === "no") declined.push(plan.path);
    else approved.push(plan);
  }
  return { approved, declined };
}

/** The error of a failed run, as the dry run's own code when it stopped on a call it did not make. */
function neededError(result: RunResult, staged: StagedTools): RunResult["error"] {
  const needed = staged.neededResult;
  const error = result.error;
  if (!needed || !error || error.code !== "tool_error" || error.tool !== needed.tool) return error;
  return {
    ...error,
    code: DRY_RUN_NEEDS_RESULT,
    message: `A dry run does not call ${needed.tool} (it changes something beyond the workspace files), and the program uses its result.`,
    hint: "run without a dry run to make the call (with --approve, a person sees it first), or call it on a line of its own so a dry run can list it",
  };
}

function listed(record: RunRecord): UndoableRun {
  return {
    runId: record.runId,
    at: record.at,
    source: record.source,
    label: record.label,
    files: record.files.map((file) => ({ path: file.path, action: file.action })),
    undoable: record.undoable,
  };
}
