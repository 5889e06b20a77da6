import { readdirSync } from "node:fs";
import { mkdir, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { RUN_ID } from "../store/run-record-shape.js";

/**
 * Which undos are landing which run (decision 162): `.lackpy/runs/.undoing/<runId>/<undoRunId>`,
 * an empty file written before the undo's journal and removed with the undo's folder, so an undo
 * finds another undo of its run (one a dead process left) by reading one small folder instead of
 * every run's journal. The leading dot keeps it out of the run folders (`RUN_ID`).
 */
const UNDO_INDEX = ".undoing";

/** Notes, before its journal is written, that undo `undoRunId` lands the undo of `runId`. */
export async function noteUndo(runs: string, runId: string, undoRunId: string): Promise<void> {
  const folder = path.join(runs, UNDO_INDEX, runId);
  for (let again = false; ; again = true) {
    await mkdir(folder, { recursive: true });
    try {
      return await writeFile(path.join(folder, undoRunId), "");
    } catch (error) {
      // Another undo's end removed the emptied folder in between: made again, once.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || again) throw error;
    }
  }
}

/** The ids of the undos of `runId` the index names (their journals may be gone). */
export function undosOf(runs: string, runId: string): string[] {
  if (!RUN_ID.test(runId)) return [];
  try {
    return readdirSync(path.join(runs, UNDO_INDEX, runId)).filter((name) => RUN_ID.test(name));
  } catch {
    return [];
  }
}

/** Drops an undo from the index once its folder is gone, and the run's folder of it when empty. */
export async function forgetUndo(runs: string, runId: string, undoRunId: string): Promise<void> {
  const folder = path.join(runs, UNDO_INDEX, runId);
  await rm(path.join(folder, undoRunId), { force: true });
  await rmdir(folder).catch(() => undefined);
}
