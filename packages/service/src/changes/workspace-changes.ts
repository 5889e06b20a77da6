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
import { describeChanges, readChecks } from "./describe-changes.js";
import {
  CHANGE_TTL_MS,
  type CallerScope,
  type ChangeStores,
  type ListingCheck,
  type ReadCheck,
  type RunRecord,
} from "../store/change-store-types.js";
import { changeSetSize } from "../store/change-set-codec.js";
import { approveFiles } from "./approve-files.js";
import { landChanges, type LandingPlan } from "./land-changes.js";
import { recoverChanges } from "./recover-changes.js";
import { RunStore } from "./run-store.js";
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
  /** Who asks (an opaque caller id): its dry run and its run are kept as its own. */
  caller?: string;
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
 * before the first landing, listing or undo; `LackpyService.open` runs it at once). Dry runs and
 * landed runs live in the workspace's store (`ChangeStores`), which every instance shares, keyed
 * by caller.
 */
export class WorkspaceChanges {
  readonly store: RunStore;
  #recovery: Promise<RecoveryNotice[]> | null = null;

  constructor(
    workspace: string,
    private readonly protection: () => Promise<PathProtection>,
    private readonly stores: ChangeStores,
  ) {
    this.store = new RunStore(workspace);
  }

  /** Rolls back what a crash left half-landed (once per service); the notices say what was put back. */
  recover(): Promise<RecoveryNotice[]> {
    this.#recovery ??= recoverChanges(
      { store: this.store, history: this.stores.runs },
      this.protection,
    );
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
    const reads = plans.length > 0 ? readChecks(staged.staging, plans, this.store.workspace) : [];
    const listings = plans.length > 0 ? staged.staging.listingsBeforeLastWrite() : [];
    outcome.changes = plans.map((plan) => plan.change);
    if (options.dryRun) {
      if (plans.length > 0)
        outcome.changeId = await this.stores.pending.add({
          plans,
          source: options.source,
          label: options.label(),
          caller: options.caller ?? null,
          expiresAt: Date.now() + CHANGE_TTL_MS,
          sizeBytes: changeSetSize(plans),
          reads,
          listings,
        });
      return { ...result, filesModified: [], ...outcome };
    }
    // The commonest run changes nothing: its result (this run's own) takes the outcome in place.
    if (plans.length === 0 && !options.approve)
      return Object.assign(result, { filesModified: [] }, outcome);
    const { approved, declined } = await approveFiles(plans, options.approve);
    if (options.approve) outcome.declined = declined;
    if (approved.length === 0) return { ...result, filesModified: [], ...outcome };
    try {
      const record = await this.land(
        approved,
        { reads, listings },
        options.source,
        options.label(),
        options.caller,
      );
      outcome.applied = true;
      outcome.runId = record.runId;
      return { ...result, filesModified: approved.map((plan) => plan.path), ...outcome };
    } catch (error) {
      if (!ToolError.is(error)) throw error;
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
   * dry run saw (`stale_change` naming the first that does not); once, within 15 minutes, through
   * any instance. With a `caller`, only that caller's dry runs (`unknown_change` otherwise).
   */
  async apply(changeId: string, caller?: string): Promise<AppliedChanges> {
    const set = await this.stores.pending.take(changeId, caller);
    try {
      const record = await this.land(
        set.plans,
        { reads: set.reads ?? [], listings: set.listings ?? [] },
        "apply_changes",
        set.label,
        caller,
      );
      return {
        changeId,
        runId: record.runId,
        changes: set.plans.map((plan) => plan.change),
        filesModified: set.plans.map((plan) => plan.path),
      };
    } catch (error) {
      if (!ToolError.is(error)) throw error;
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

  /**
   * Restores what a recorded run changed (the newest when no id is given; the caller's own with a
   * `caller`); `undo_conflict` when a file changed since, unless `force`.
   */
  async undo(
    runId: string | undefined,
    options: { force?: boolean; caller?: string } = {},
  ): Promise<UndoResult> {
    await this.recover();
    return undoRun({ store: this.store, history: this.stores.runs }, runId, {
      force: options.force ?? false,
      protection: await this.protection(),
      ...(options.caller === undefined ? {} : { caller: options.caller }),
    });
  }

  /** Recorded runs of `scope` (every run when left out), newest first, as `status` lists them. */
  async runs(scope?: CallerScope): Promise<UndoableRun[]> {
    await this.recover();
    return (await this.stores.runs.list(scope)).map(listed);
  }

  /** What recovery did, newest first (kept in `.lackpy/runs/recovered.json`). */
  recoveries(): RecoveryNotice[] {
    return this.store.recoveries();
  }

  private async land(
    plans: readonly LandingPlan[],
    checks: { reads: readonly ReadCheck[]; listings: readonly ListingCheck[] },
    source: ChangeSource,
    label: string,
    caller: string | undefined,
  ): Promise<RunRecord> {
    await this.recover();
    return landChanges(plans, {
      store: this.store,
      history: this.stores.runs,
      protection: await this.protection(),
      ...checks,
      source,
      label,
      ...(caller === undefined ? {} : { caller }),
    });
  }
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
