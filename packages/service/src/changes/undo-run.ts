import path from "node:path";
import { ToolError, type PathProtection } from "@lackpy/kit";
import { readFileState, sameState } from "@lackpy/kit/node";
import { ServiceError } from "../service-error.js";
import type { ChangeAction } from "../change-types.js";
import { landChanges, type LandingPlan } from "./land-changes.js";
import type { RunRecord, RunStore } from "./run-store.js";

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
 * like a run (journal, temporary files, renames; rolled back on a crash), and the run's record is
 * removed: an undo is not itself undone.
 */
export async function undoRun(
  store: RunStore,
  runId: string | undefined,
  options: { force: boolean; protection: PathProtection },
): Promise<UndoResult> {
  const record = runId === undefined ? store.list()[0] : store.read(runId);
  if (!record)
    throw new ServiceError(
      "unknown_run",
      runId === undefined
        ? "No run of this workspace can be undone."
        : `No run '${runId}' to undo.`,
      { hint: "lackpy status lists the runs that can be undone" },
    );
  if (!record.undoable)
    throw new ServiceError(
      "not_undoable",
      `Run ${record.runId} cannot be undone: its before-images were over the 50 MB kept for undo.`,
      { hint: "restore the files from version control" },
    );
  if (!options.force) await refuseConflicts(store, record);
  const plans: LandingPlan[] = [];
  for (const file of [...record.files].reverse())
    plans.push({
      path: file.path,
      action: INVERSE[file.action],
      ...(options.force ? {} : { expected: file.after }),
      content: await beforeImage(store, record, file),
      createdFolder: file.createdFolder,
    });
  try {
    await landChanges(plans, {
      store,
      protection: options.protection,
      source: "undo",
      label: `undo ${record.runId}`,
      keepRecord: false,
    });
  } catch (error) {
    if (ToolError.is(error) && error.code === "stale_change")
      throw conflict(record, error.message.match(/^'([^']*)'/)?.[1] ?? "a file");
    throw error;
  }
  await store.remove(record.runId);
  return {
    runId: record.runId,
    files: plans.map((plan) => ({ path: plan.path, action: plan.action })),
  };
}

/** A file's before-image; `not_undoable` naming the file when it does not hold what the run recorded. */
async function beforeImage(
  store: RunStore,
  record: RunRecord,
  file: RunRecord["files"][number],
): Promise<Buffer | null> {
  try {
    return await store.beforeImage(record.runId, file);
  } catch {
    throw new ServiceError(
      "not_undoable",
      `Run ${record.runId} cannot be undone: its before-image of '${file.path}' is missing or does not hold what the run recorded.`,
      { hint: "restore the file from version control", file: file.path },
    );
  }
}

/** Throws `undo_conflict` for the first file that no longer holds what the run left. */
async function refuseConflicts(store: RunStore, record: RunRecord): Promise<void> {
  for (const file of record.files) {
    const now = await readFileState(path.join(store.workspace, ...file.path.split("/"))).catch(
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
