import path from "node:path";
import { ToolError, type PathProtection } from "@lackpy/kit";
import { readFileState, sameState } from "@lackpy/kit/node";
import { ServiceError } from "../service-error.js";
import type { ChangeAction } from "../change-types.js";
import type { RunHistory, RunRecord } from "../store/change-store-types.js";
import { landChanges, type LandingPlan } from "./land-changes.js";
import { abandoned, settleJournal } from "./recover-changes.js";
import type { RunStore } from "./run-store.js";

/** What `undo` did: the run it undid, and each file with what the undo did to it. */
export interface UndoResult {
  runId: string;
  files: { path: string; action: ChangeAction }[];
}

const INVERSE: Record<ChangeAction, ChangeAction> = {
  create: "delete",
  modify: "modify",
  delete: "create",
};

/**
 * Restores exactly what a recorded run changed (`runId`, or the newest one): a file it created is
 * removed (with the folders made for it, when empty), one it modified or removed gets its
 * before-image back. Every file must still hold what the run left, or the undo is refused with
 * `undo_conflict` naming the first file that does not (`force` restores over it). The undo lands
 * like a run (journal, temporary files, renames; rolled back on a crash), and the run is
 * forgotten as its commit point (`landChanges`' `undoes`): an undo is not itself undone, and a
 * run is undone once, across instances and crashes. With a `caller`, only that caller's runs are found
 * (another caller's id is `unknown_run`, so it does not leak), and the newest is theirs.
 */
export async function undoRun(
  stores: { store: RunStore; history: RunHistory },
  runId: string | undefined,
  options: { force: boolean; protection: PathProtection; caller?: string },
): Promise<UndoResult> {
  const { store, history } = stores;
  const { caller } = options;
  const scope = caller === undefined ? undefined : { caller };
  const found = runId === undefined ? (await history.list(scope))[0] : await history.read(runId);
  const record = found && (caller === undefined || found.caller === caller) ? found : null;
  if (!record)
    throw new ServiceError(
      "unknown_run",
      caller === undefined
        ? runId === undefined
          ? "No run of this workspace can be undone."
          : `No run '${runId}' to undo.`
        : runId === undefined
          ? "You have no run to undo."
          : `No run '${runId}' of yours to undo.`,
      {
        hint:
          caller === undefined
            ? "lackpy status lists the runs that can be undone"
            : "give the runId a run of yours returned; a caller undoes only its own runs",
      },
    );
  if (!record.undoable)
    throw new ServiceError(
      "not_undoable",
      `Run ${record.runId} cannot be undone: its before-images were over the 50 MB kept for undo.`,
      { hint: "restore the files from version control" },
    );
  const plans: LandingPlan[] = [];
  for (const file of [...record.files].reverse())
    plans.push({
      path: file.path,
      action: INVERSE[file.action],
      ...(options.force ? {} : { expected: file.after }),
      content: await beforeImage(history, record, file),
      createdFolder: file.createdFolder,
    });
  try {
    await landChanges(plans, {
      store,
      history,
      protection: options.protection,
      source: "undo",
      label: `undo ${record.runId}`,
      undoes: {
        runId: record.runId,
        claim: () => claimRun(stores, record, options),
      },
    });
  } catch (error) {
    if (ToolError.is(error) && error.code === "stale_change")
      throw conflict(record, error.message.match(/^'([^']*)'/)?.[1] ?? "a file");
    throw error;
  }
  return {
    runId: record.runId,
    files: plans.map((plan) => ({ path: plan.path, action: plan.action })),
  };
}

/**
 * Under the locks of the run's files, before its undo lands: an undo of the same run that a dead
 * process left is settled first (rolled back, or, when it landed, its run forgotten), a run no
 * longer kept is refused (`unknown_run`: an undo lands once, however many ask), and without
 * `force` a file changed since the run is refused (`undo_conflict`).
 */
async function claimRun(
  stores: { store: RunStore; history: RunHistory },
  record: RunRecord,
  options: { force: boolean; protection: PathProtection },
): Promise<void> {
  const { runId } = record;
  for (const left of stores.store.undoJournals(runId))
    if (abandoned(left)) await settleJournal(left, stores, options.protection);
  if (!(await stores.history.has(runId)))
    throw new ServiceError("unknown_run", `Run ${runId} was undone already; nothing was changed.`, {
      hint: "lackpy status lists the runs that can still be undone",
    });
  if (!options.force) await refuseConflicts(stores.store.workspace, record);
}

/** A file's before-image; `not_undoable` naming the file when it does not hold what the run recorded. */
async function beforeImage(
  history: RunHistory,
  record: RunRecord,
  file: RunRecord["files"][number],
): Promise<Buffer | null> {
  try {
    return await history.beforeImage(record, file);
  } catch {
    throw new ServiceError(
      "not_undoable",
      `Run ${record.runId} cannot be undone: its before-image of '${file.path}' is missing or does not hold what the run recorded.`,
      { hint: "restore the file from version control", file: file.path },
    );
  }
}

/** Throws `undo_conflict` for the first file that no longer holds what the run left. */
async function refuseConflicts(workspace: string, record: RunRecord): Promise<void> {
  for (const file of record.files) {
    const now = await readFileState(path.join(workspace, ...file.path.split("/"))).catch(
      () => null,
    );
    if (!now || !sameState(now, file.after)) throw conflict(record, file.path);
  }
}

function conflict(record: RunRecord, file: string): ServiceError {
  return new ServiceError(
    "undo_conflict",
    `'${file}' was changed after run ${record.runId}; undo would overwrite that change.`,
    {
      hint: `look at the file first; lackpy undo ${record.runId} --force restores it anyway`,
      file,
    },
  );
}
