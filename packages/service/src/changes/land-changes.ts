import { randomBytes } from "node:crypto";
import { rmdirSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { ToolError, type PathProtection } from "@lackpy/kit";
import {
  contentHash,
  prepareFileChange,
  readFileState,
  removeTemporary,
  sameState,
  type FileChangePlan,
  type PreparedFileChange,
} from "@lackpy/kit/node";
import { processOwner } from "../store/file-lock.js";
import type { RecordedFile, RunHistory, RunRecord } from "../store/change-store-types.js";
import type { ChangeAction, ChangeSource } from "../change-types.js";
import { withPathLocks, type WaitedFor } from "./path-locks.js";
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
  /** Where the landed run is kept for `undo`; null for an undo's own landing, which is not kept. */
  history: RunHistory | null;
  /** Who lands it (an opaque caller id); the run is kept, and counted, as theirs. */
  caller?: string;
}

/**
 * Test hook: after this many renames, the process kills itself (SIGKILL), as a crash between two
 * renames would. Read from the environment at each landing; unset in normal use.
 */
export const CRASH_AFTER_RENAMES_VARIABLE = "LACKPY_TEST_CRASH_AFTER_RENAMES";

/**
 * Lands changes all or nothing, holding the locks of their files only (`withPathLocks`: changes
 * to other files land at the same time): a journal naming the temporary files goes to
 * `.lackpy/runs/<runId>/` first; then each change is prepared as a direct write is checked
 * (refused with `stale_change` when the file no longer holds what the run saw, naming the change
 * that was waited for when one was) and the current file copied as its before-image; the journal
 * is rewritten with every file's before and after state; then the temporary files are renamed
 * over their targets, one by one, and the run history takes the run. A failure before the renames
 * drops every temporary file (nothing landed); a failed rename, or a history that cannot take the
 * run, puts back the files already renamed. A crash between renames leaves the journal, from
 * which `recoverChanges` puts the files back on the next start. The caller's oldest runs past the
 * bounds are forgotten afterwards, outside the locks.
 */
export async function landChanges(
  plans: readonly LandingPlan[],
  options: LandOptions,
): Promise<RunRecord> {
  const { store } = options;
  const runId = await store.newRun(options.history ? "" : "undo-");
  const note = `run ${runId} (${options.source}: ${options.label.slice(0, 80)})`;
  let record: RunRecord;
  try {
    record = await withPathLocks(
      store.workspace,
      plans.map((plan) => plan.path),
      note,
      (waited) => landLocked(runId, plans, options, waited),
    );
  } catch (error) {
    // Nothing landed (a busy file, a stale one, a failed write): the folder goes.
    if (!store.journal(runId)) await store.remove(runId);
    throw error;
  }
  await options.history?.prune(options.caller ?? null).catch(() => undefined);
  return record;
}

async function landLocked(
  runId: string,
  plans: readonly LandingPlan[],
  options: LandOptions,
  waited: WaitedFor,
): Promise<RunRecord> {
  const { store } = options;
  const folder = store.runFolder(runId);
  const journal: Journal = {
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
    phase: "preparing",
    tokens: plans.map(() => `${runId}-${randomBytes(3).toString("hex")}`),
    owner: processOwner(),
  };
  await store.writeJournal(journal);
  const prepared: PreparedFileChange[] = [];
  try {
    for (const [index, plan] of plans.entries()) {
      const change = await prepareFileChange(store.workspace, plan, {
        protection: options.protection,
        token: journal.tokens[index],
      }).catch((error: unknown) => {
        throw namingWinner(error, plan.path, waited);
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
  if (!options.history) {
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
  await store.settle(runId);
  return record;
}

/** A `stale_change` naming the change that changed the file while this one waited for it. */
function namingWinner(error: unknown, file: string, waited: WaitedFor): unknown {
  const winner = waited.get(file);
  if (!winner || !ToolError.is(error) || error.code !== "stale_change") return error;
  return new ToolError("stale_change", `${error.message.replace(/\.$/, "")}, by ${winner}.`, {
    ...(error.hint === undefined ? {} : { hint: error.hint }),
  });
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

/**
 * Puts the files of a journal back as they were before its run, last first: a temporary file
 * still there was never renamed (it is removed); a file that holds what the run left is restored
 * from its before-image (or removed, with the folders its creation made, when it did not exist);
 * a file that holds neither was changed by someone else since, and is left as it is (a conflict).
 */
export async function rollBack(
  journal: Journal,
  protection: PathProtection,
  store: RunStore,
): Promise<{ restored: string[]; conflicts: string[] }> {
  const restored: string[] = [];
  const conflicts: string[] = [];
  const files = journal.files.map((file, index) => ({ file, token: journal.tokens[index] }));
  for (const { file, token } of files.reverse()) {
    const target = path.join(store.workspace, ...file.path.split("/"));
    if (await removeTemporary(target, token)) {
      removeEmptyFolders(store.workspace, file.path, file.createdFolder);
      continue;
    }
    if (journal.phase === "preparing") continue;
    try {
      const now = await readFileState(target);
      if (sameState(now, file.before)) continue;
      if (!sameState(now, file.after)) {
        conflicts.push(file.path);
        continue;
      }
      const content = await store.beforeImage(journal.runId, file);
      if (file.before.exists && content === null) {
        conflicts.push(file.path);
        continue;
      }
      const restore = await prepareFileChange(
        store.workspace,
        { path: file.path, expected: file.after, content, createdFolder: file.createdFolder },
        { protection, token: `${token}-back` },
      );
      await restore.commit();
      restored.push(file.path);
    } catch {
      conflicts.push(file.path);
    }
  }
  return { restored: restored.reverse(), conflicts: conflicts.reverse() };
}

/** Removes the folders made for a file that never landed, deepest first, while they are empty. */
function removeEmptyFolders(workspace: string, file: string, createdFolder: string | null): void {
  if (!createdFolder) return;
  const names = file.split("/").slice(0, -1);
  const top = createdFolder.split("/").length;
  for (let depth = names.length; depth >= top; depth--) {
    try {
      rmdirSync(path.join(workspace, ...names.slice(0, depth)));
    } catch {
      return;
    }
  }
}
