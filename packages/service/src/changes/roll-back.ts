import { rmdirSync } from "node:fs";
import type { PathProtection } from "@lackpy/kit";
import {
  confinePath,
  prepareFileChange,
  readFileState,
  removeTemporary,
  sameState,
} from "@lackpy/kit/node";
import type { Journal, RunStore } from "./run-store.js";

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
