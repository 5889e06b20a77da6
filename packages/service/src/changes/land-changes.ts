import { randomBytes } from "node:crypto";
import { rmdirSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { ToolError, type PathProtection } from "@lackpy/kit";
import {
  confinePath,
  contentHash,
  prepareFileChange,
  readFileState,
  removeTemporary,
  sameState,
  type FileChangePlan,
  type PreparedFileChange,
} from "@lackpy/kit/node";
import { processOwner, withFileLock } from "../store/file-lock.js";
import type { ChangeAction, ChangeSource } from "../change-types.js";
import type { Journal, RecordedFile, RunRecord, RunStore } from "./run-store.js";

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
  /** Keep the record for `undo`; an undo's own record is removed once it has landed. */
  keepRecord: boolean;
}

/**
 * Test hook: after this many renames, the process kills itself (SIGKILL), as a crash between two
 * renames would. Read from the environment at each landing; unset in normal use.
 */
export const CRASH_AFTER_RENAMES_VARIABLE = "LACKPY_TEST_CRASH_AFTER_RENAMES";

/**
 * Lands changes all or nothing, under the workspace's landing lock: a journal naming the
 * temporary files goes to `.lackpy/runs/<runId>/` first; then each change is prepared as a direct
 * write is checked (refused with `stale_change` when the file no longer holds what the run saw)
 * and the current file copied as its before-image; the journal is rewritten with every file's
 * before and after state; then the temporary files are renamed over their targets, one by one,
 * and the journal becomes the run's record. A failure before the renames drops every temporary
 * file (nothing landed); a failed rename puts back the files already renamed. A crash between
 * renames leaves the journal, from which `recoverChanges` puts the files back on the next start.
 */
export async function landChanges(
  plans: readonly LandingPlan[],
  options: LandOptions,
): Promise<RunRecord> {
  const { store } = options;
  await store.ensure();
  return withFileLock(store.lockFile, () => landLocked(plans, options), { timeoutMs: 30_000 });
}

async function landLocked(plans: readonly LandingPlan[], options: LandOptions): Promise<RunRecord> {
  const { store } = options;
  const runId = store.newRunId(options.keepRecord ? "" : "undo-");
  const folder = store.runFolder(runId);
  await mkdir(path.join(folder, "before"), { recursive: true });
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
  const record = await store.commitRecord(journal);
  if (options.keepRecord) await store.prune();
  else await store.remove(runId);
  return record;
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
    // Confined like every write: a journal names workspace-relative paths, but a folder on the
    // way may have become a link out of the workspace since (or a planted journal names one).
    const target = await confinePath(store.workspace, file.path, {
      protection,
      access: "write",
    }).catch(() => null);
    if (target === null) {
      conflicts.push(file.path);
      continue;
    }
    if (await removeTemporary(target, token)) {
      await removeEmptyFolders(store.workspace, file.path, file.createdFolder, protection);
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

/** Removes the folders made for a file that never landed, deepest first, while they are empty and inside the workspace. */
async function removeEmptyFolders(
  workspace: string,
  file: string,
  createdFolder: string | null,
  protection: PathProtection,
): Promise<void> {
  if (!createdFolder) return;
  const names = file.split("/").slice(0, -1);
  const top = createdFolder.split("/").length;
  for (let depth = names.length; depth >= top; depth--) {
    try {
      const folder = names.slice(0, depth).join("/");
      rmdirSync(await confinePath(workspace, folder, { protection, access: "write" }));
    } catch {
      return;
    }
  }
}
