import { rmdirSync } from "node:fs";
import path from "node:path";
import type { PathProtection } from "@lackpy/kit";
import { prepareFileChange, readFileState, removeTemporary, sameState } from "@lackpy/kit/node";
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
