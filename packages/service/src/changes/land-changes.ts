import { randomBytes } from "node:crypto";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { ToolError, type PathProtection } from "@lackpy/kit";
import {
  contentHash,
  prepareFileChange,
  readFileState,
  sameState,
  type FileChangePlan,
  type PreparedFileChange,
} from "@lackpy/kit/node";
import { processOwner } from "../store/file-lock.js";
import type {
  ListingCheck,
  ReadCheck,
  RecordedFile,
  RunHistory,
  RunRecord,
} from "../store/change-store-types.js";
import type { ChangeAction, ChangeSource } from "../change-types.js";
import { checkListings } from "./check-listings.js";
import { withPathLocks, type WaitedFor } from "./path-locks.js";
import { namingWinner, runNote } from "./naming-winner.js";
import { recoverRun } from "./recover-changes.js";
import { checkRead, refuseStaleEarly } from "./refuse-stale-early.js";
import { rollBack } from "./roll-back.js";
import type { Journal, RunStore } from "./run-store.js";

/** A change to land: what `prepareFileChange` takes, and the action it is. */
export interface LandingPlan extends FileChangePlan {
  readonly action: ChangeAction;
}

/** What `landChanges` needs besides the plans. */
export interface LandOptions {
  store: RunStore;
  protection: PathProtection;
  source: ChangeSource;
  /** The intent, or the program's first line, for listings. */
  label: string;
  /** Where the landed run is kept for `undo` (an undo's own landing is not kept: it forgets the run it undoes). */
  history: RunHistory;
  /**
   * For an undo's landing: the run it undoes, forgotten once every file landed and the journal
   * says so (`landed`, the undo's commit point); `claim` runs first under the locks (it refuses a
   * run undone already, and settles an undo of it that a dead process left).
   */
  undoes?: { runId: string; claim: () => Promise<void> };
  /** Who lands it (an opaque caller id); the run is kept, and counted, as theirs. */
  caller?: string;
  /** Files the run read and does not change, with what it read (`readChecks`): checked to hold it still. */
  reads?: readonly ReadCheck[];
  /** Listings the run took before its last write: taken again, they must show no file they did not. */
  listings?: readonly ListingCheck[];
}

/**
 * Test hook: after this many renames, the process kills itself (SIGKILL), as a crash between two
 * renames would. Read from the environment at each landing; unset in normal use.
 */
export const CRASH_AFTER_RENAMES_VARIABLE = "LACKPY_TEST_CRASH_AFTER_RENAMES";
/** Test hook: an undo whose files landed kills its process (SIGKILL) before it forgets the run. */
export const CRASH_BEFORE_FORGETTING_VARIABLE = "LACKPY_TEST_CRASH_BEFORE_FORGETTING";

/**
 * Lands changes all or nothing, holding the locks of their files only (`withPathLocks`: changes
 * to other files land at the same time): under them, the files the run read and does not change
 * (`reads`) are checked to hold what it read (`stale_change` otherwise; their locks are not taken:
 * a change landing on one after the check comes after this run, which did not write it); a
 * journal naming the temporary files goes to `.lackpy/runs/<runId>/` first; then each change is prepared as a direct write is checked
 * (refused with `stale_change` when the file no longer holds what the run saw, naming the change
 * that was waited for when one was) and the current file copied as its before-image; the journal
 * is rewritten with every file's before and after state; then the temporary files are renamed
 * over their targets, one by one, and the run history takes the run. A failure before the renames
 * drops every temporary file (nothing landed); a failed rename, or a history that cannot take the
 * run, puts back the files already renamed. A crash between renames leaves the journal, from
 * which `recoverChanges` puts the files back on the next start. An undo's landing (`undoes`)
 * instead writes its journal as `landed` and then forgets the run it undoes, so a crash leaves
 * either the run undoable and its files as the run left them, or the run forgotten. The journal is removed, and the
 * caller's oldest runs past the bounds are forgotten, afterwards, outside the locks.
 */
export async function landChanges(
  plans: readonly LandingPlan[],
  options: LandOptions,
): Promise<RunRecord> {
  const { store } = options;
  // A change another one already overtook is refused before it makes a folder or waits for a
  // lock (decision 176); an undo's conflicts are its own (`force`), checked under the locks.
  if (!options.undoes) await refuseStaleEarly(plans, { ...options, workspace: store.workspace });
  const runId = await store.newRun(options.undoes ? "undo-" : "");
  const note = runNote({ runId, source: options.source, label: options.label });
  let record: RunRecord;
  try {
    // An undo is indexed under the run it undoes before its journal exists (decision 162).
    if (options.undoes) await store.noteUndo(options.undoes.runId, runId);
    // The journal names the temporary files before any is made; while it says `preparing`, no
    // file has changed, so it is written before the locks (they are held for less).
    const journal = newJournal(runId, plans, options);
    await store.writeJournal(journal);
    record = await withPathLocks(
      store.workspace,
      plans.map((plan) => plan.path),
      note,
      (waited) => landLocked(journal, plans, options, waited),
      // A lock whose holder died: the run it names is settled (rolled back) before this lands.
      { onTakeOver: (held) => settleDeadHolder(held, options) },
    );
  } catch (error) {
    // Nothing landed (a busy file, a stale one, a failed write): the folder goes; a rollback
    // that left files changed since leaves its journal (`landing`) to recovery.
    if (store.journal(runId)?.phase !== "landing") await store.remove(runId);
    throw error;
  }
  // The run is kept: its journal goes after the locks (recovery settles one a crash left, and
  // leaves a live process's alone), and the caller's oldest runs past the bounds are forgotten.
  if (options.undoes) return record;
  await store.settle(runId);
  if (!options.history.prunesOnCommit)
    await options.history.prune(options.caller ?? null).catch(() => undefined);
  return record;
}

async function landLocked(
  journal: Journal,
  plans: readonly LandingPlan[],
  options: LandOptions,
  waited: WaitedFor,
): Promise<RunRecord> {
  const { store } = options;
  const { runId } = journal;
  await options.undoes?.claim();
  for (const read of options.reads ?? [])
    await checkRead(read, store.workspace).catch(async (error: unknown) => {
      throw await namingWinner(error, read.path, {
        waited,
        history: options.history,
        workspace: store.workspace,
      });
    });
  await checkListings(options.listings ?? [], plans, {
    workspace: store.workspace,
    protection: options.protection,
    history: options.history,
    waited,
  });
  const folder = store.runFolder(runId);
  // The run lands now: it is dated from here.
  journal.at = new Date().toISOString();
  const prepared: PreparedFileChange[] = [];
  try {
    for (const [index, plan] of plans.entries()) {
      const change = await prepareFileChange(store.workspace, plan, {
        protection: options.protection,
        token: journal.tokens[index],
      }).catch(async (error: unknown) => {
        throw await namingWinner(error, plan.path, {
          waited,
          history: options.history,
          workspace: store.workspace,
        });
      });
      prepared.push(change);
      journal.files[index] = await recordFile(journal, index, plan, change, folder);
      journal.beforeBytes += journal.files[index].blob
        ? await store.sizeOf(runId, journal.files[index].blob!)
        : 0;
    }
    journal.phase = "landing";
    await store.writeJournal(journal);
  } catch (error) {
    await Promise.all(prepared.map((change) => change.discard().catch(() => undefined)));
    await store.remove(runId);
    throw error;
  }
  const crashAfter = Number(process.env[CRASH_AFTER_RENAMES_VARIABLE] ?? 0);
  for (const [index, change] of prepared.entries()) {
    try {
      await change.commit();
    } catch (error) {
      await Promise.all(
        prepared.slice(index).map((later) => later.discard().catch(() => undefined)),
      );
      const { conflicts } = await rollBack(journal, options.protection, store);
      if (conflicts.length === 0) await store.remove(runId);
      throw new ToolError(
        "apply_failed",
        `Could not land '${change.path}' (${(error as NodeJS.ErrnoException).code ?? "unexpected error"}); ${conflicts.length === 0 ? "the files this run had already changed were put back" : `these files could not be put back: ${conflicts.join(", ")}`}.`,
        {
          hint: "check the file's permissions and the disk, then run the program again",
          cause: error,
        },
      );
    }
    if (crashAfter > 0 && index + 1 === crashAfter) process.kill(process.pid, "SIGKILL");
  }
  const record = store.recordOf(journal);
  if (options.undoes) {
    journal.phase = "landed";
    await store.writeJournal(journal);
    if (process.env[CRASH_BEFORE_FORGETTING_VARIABLE]) process.kill(process.pid, "SIGKILL");
    try {
      await options.history.remove(options.undoes.runId);
    } catch (error) {
      // An undo whose run cannot be forgotten is not landed: it could be undone again.
      journal.phase = "landing";
      await store.writeJournal(journal);
      const { conflicts } = await rollBack(journal, options.protection, store);
      if (conflicts.length === 0) await store.remove(runId);
      throw error;
    }
    await store.remove(runId);
    return record;
  }
  try {
    await options.history.commit(record, folder);
  } catch (error) {
    // A run undo could not take back is not landed: the files go back as they were.
    const { conflicts } = await rollBack(journal, options.protection, store);
    if (conflicts.length === 0) await store.remove(runId);
    throw error;
  }
  return record;
}

/** Recovers the run a dead holder's lock named (`run <runId> (…)`), if it left a journal. */
async function settleDeadHolder(held: string | null, options: LandOptions): Promise<void> {
  const runId = /^run (\S+) \(/.exec(held ?? "")?.[1];
  if (runId === undefined) return;
  await recoverRun({ store: options.store, history: options.history }, runId, options.protection);
}

/** A landing's journal before anything is prepared: each file as the plan expects it, and its temporary file's token. */
function newJournal(runId: string, plans: readonly LandingPlan[], options: LandOptions): Journal {
  return {
    runId,
    at: new Date().toISOString(),
    source: options.source,
    label: options.label,
    files: plans.map((plan) => ({
      path: plan.path,
      action: plan.action,
      before: plan.expected ?? { exists: false },
      after: stateOf(plan.content),
      blob: null,
      createdFolder: null,
    })),
    beforeBytes: 0,
    undoable: true,
    ...(options.caller === undefined ? {} : { caller: options.caller }),
    ...(options.undoes ? { undoes: options.undoes.runId } : {}),
    phase: "preparing",
    tokens: plans.map(() => `${runId}-${randomBytes(3).toString("hex")}`),
    owner: processOwner(),
  };
}

/** The state a change leaves: missing, or the hash of the content. */
function stateOf(content: FileChangePlan["content"]) {
  return content === null
    ? ({ exists: false } as const)
    : ({ exists: true, hash: contentHash(content) } as const);
}

/**
 * A file's journal entry once it is prepared: the current file copied as its before-image (and
 * checked to still hold what the plan expects: the copy is what an undo or a recovery restores).
 */
async function recordFile(
  journal: Journal,
  index: number,
  plan: LandingPlan,
  change: PreparedFileChange,
  folder: string,
): Promise<RecordedFile> {
  const entry = journal.files[index];
  let before = await readFileState(change.file);
  let blob: string | null = null;
  if (before.exists) {
    blob = `before/${index}`;
    await copyFile(change.file, path.join(folder, blob));
    before = await readFileState(path.join(folder, blob));
  }
  if (plan.expected && !sameState(plan.expected, before))
    throw new ToolError("stale_change", `'${plan.path}' was changed since the change was made.`, {
      hint: "run the program again to make the change over what the file holds now",
    });
  return { ...entry, before, blob, createdFolder: change.createdFolder };
}
