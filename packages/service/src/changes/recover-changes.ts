import type { PathProtection } from "@lackpy/kit";
import type { RunHistory } from "../store/change-store-types.js";
import { processState } from "../store/file-lock.js";
import { RUN_ID } from "../store/run-record-shape.js";
import { rollBack } from "./roll-back.js";
import { withPathLocks } from "./path-locks.js";
import type { RecoveryNotice } from "../change-types.js";
import type { Journal, RunStore } from "./run-store.js";

/**
 * Recovers the runs a crash left half-landed, by rolling them back: every journal left in
 * `.lackpy/runs/` whose process has ended is read again under the locks of its files (so a
 * landing of those files in progress elsewhere is waited for, and two instances recovering at
 * once do it once), rolled back (`rollBack`: files put back as they were before the run, files
 * changed since left alone and named), noted in `recovered.json` for `status`, and its folder
 * removed. A journal of a run the history kept (it landed; the crash came before the journal
 * was removed) is just removed. A journal whose process still runs is left alone (a landing
 * that outlasted its locks' lease), and so is one written on another host less than
 * `FOREIGN_JOURNAL_AGE_MS` ago. Folders a landing left before its journal are removed once old.
 * Does nothing, and makes nothing, in a workspace without landed runs.
 */
export async function recoverChanges(
  stores: { store: RunStore; history: RunHistory },
  protection: () => Promise<PathProtection>,
): Promise<RecoveryNotice[]> {
  const { store } = stores;
  for (const runId of store.orphans()) await store.remove(runId);
  const abandonedJournals = store.journals().filter(abandoned);
  if (abandonedJournals.length === 0) return [];
  const resolved = await protection();
  const notices: RecoveryNotice[] = [];
  for (const left of abandonedJournals) {
    const notice = await recoverRun(stores, left.runId, resolved);
    if (notice) notices.push(notice);
  }
  return notices;
}

/**
 * Recovers one run a crash left half-landed, if its journal is there and its process ended:
 * under the locks of its files, read again and settled (`settleJournal`). A landing that took
 * over a dead holder's lock calls it with the run the lock named, before it lands anything.
 */
export async function recoverRun(
  stores: { store: RunStore; history: RunHistory },
  runId: string,
  protection: PathProtection,
): Promise<RecoveryNotice | null> {
  const { store } = stores;
  const left = RUN_ID.test(runId) ? store.journal(runId) : null;
  if (!left || !abandoned(left)) return null;
  return withPathLocks(
    store.workspace,
    left.files.map((file) => file.path),
    `recovery of run ${runId}`,
    async () => {
      const journal = store.journal(runId);
      if (!journal || !abandoned(journal)) return null;
      return settleJournal(journal, stores, protection);
    },
  );
}

/**
 * Settles one abandoned journal, under the locks of its files: a run the history kept (it
 * landed; the crash came before the journal went) keeps its files, and an undo that `landed`
 * has its run forgotten (idempotent: the crash may have come after); anything else is rolled
 * back, noted, and its folder removed (an undo rolled back leaves its run to be undone again).
 */
export async function settleJournal(
  journal: Journal,
  stores: { store: RunStore; history: RunHistory },
  protection: PathProtection,
): Promise<RecoveryNotice | null> {
  const { store, history } = stores;
  if (journal.undoes !== undefined && journal.phase === "landed") {
    await history.remove(journal.undoes);
    await store.remove(journal.runId);
    return null;
  }
  if (journal.undoes === undefined && (await history.has(journal.runId))) {
    await store.settle(journal.runId);
    return null;
  }
  const { restored, conflicts } = await rollBack(journal, protection, store);
  const recovered: RecoveryNotice = {
    runId: journal.runId,
    source: journal.source,
    label: journal.label,
    at: new Date().toISOString(),
    restored,
    conflicts,
  };
  await store.noteRecovery(recovered);
  await store.remove(journal.runId);
  return recovered;
}

/** How old a journal written on another host must be before recovery takes it as abandoned (10 minutes). */
export const FOREIGN_JOURNAL_AGE_MS = 10 * 60 * 1000;

/** True when no running process is landing the journal's run. */
export function abandoned(journal: Journal): boolean {
  if (!journal.owner) return true;
  const state = processState(journal.owner);
  if (state === "unknown") return Date.now() - Date.parse(journal.at) > FOREIGN_JOURNAL_AGE_MS;
  return state === "dead";
}
