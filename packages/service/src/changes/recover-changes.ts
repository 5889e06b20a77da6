import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { PathProtection } from "@lackpy/kit";
import { processState, withFileLock } from "../store/file-lock.js";
import { rollBack } from "./land-changes.js";
import type { RecoveryNotice } from "../change-types.js";
import type { Journal, RunStore } from "./run-store.js";

/**
 * Recovers the runs a crash left half-landed, by rolling them back: under the landing lock (so a
 * landing in progress in another process is waited for, never undone), every journal left in
 * `.lackpy/runs/` is rolled back (`rollBack`: files put back as they were before the run, files
 * changed since left alone and named), noted in `recovered.json` for `status`, and its folder
 * removed. A journal next to its record (the run landed; the crash came before the journal was
 * removed) is just removed. A journal whose process still runs is left alone (a landing that
 * outlasted the lock's lease), and so is one written on another host less than
 * `FOREIGN_JOURNAL_AGE_MS` ago. Does nothing, and makes nothing, in a workspace without landed
 * runs.
 */
export async function recoverChanges(
  store: RunStore,
  protection: () => Promise<PathProtection>,
): Promise<RecoveryNotice[]> {
  if (!existsSync(store.folder) || store.journals().length === 0) return [];
  const resolved = await protection();
  return withFileLock(
    store.lockFile,
    async () => {
      const notices: RecoveryNotice[] = [];
      for (const journal of store.journals()) {
        if (!abandoned(journal)) continue;
        const folder = store.runFolder(journal.runId);
        if (existsSync(path.join(folder, "record.json"))) {
          await rm(path.join(folder, "journal.json"), { force: true });
          continue;
        }
        const { restored, conflicts } = await rollBack(journal, resolved, store);
        const notice: RecoveryNotice = {
          runId: journal.runId,
          source: journal.source,
          label: journal.label,
          at: new Date().toISOString(),
          restored,
          conflicts,
        };
        await store.noteRecovery(notice);
        await store.remove(journal.runId);
        notices.push(notice);
      }
      return notices;
    },
    { timeoutMs: 30_000 },
  );
}

/** How old a journal written on another host must be before recovery takes it as abandoned (10 minutes). */
export const FOREIGN_JOURNAL_AGE_MS = 10 * 60 * 1000;

/** True when no running process is landing the journal's run. */
function abandoned(journal: Journal): boolean {
  if (!journal.owner) return true;
  const state = processState(journal.owner);
  if (state === "unknown") return Date.now() - Date.parse(journal.at) > FOREIGN_JOURNAL_AGE_MS;
  return state === "dead";
}
