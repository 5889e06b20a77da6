/**
 * Write-behind for the ratchet's state: counters and agreement history change in memory on every
 * delegate and are written out together, at most `FLUSH_INTERVAL_MS` later (an unref'd timer,
 * so it never keeps a process alive), when the service closes, and at process exit. Writes wait
 * for the workspace lock asynchronously; the `exit` handler tries it once and never waits: what
 * it cannot write goes to a side file that the next writer merges (`unmerged-files.ts`).
 */

/** Something that keeps writes in memory and can write them out. */
export interface WriteBehindTarget {
  /** What it keeps, for messages: `template counters`, `ratchet history`. */
  readonly label: string;
  /** Whether writes wait in memory. */
  hasPending(): boolean;
  /** Writes out what is pending, waiting for the workspace lock asynchronously; throws when it cannot, keeping it pending. */
  flush(): Promise<void>;
  /** At process exit: synchronous, tries the lock once and never waits; what it cannot write goes to a side file. */
  flushAtExit(): void;
}

/** The longest a change waits in memory before it is written. */
export const FLUSH_INTERVAL_MS = 1000;

/** Targets with writes in memory; a target stays here until a flush leaves it with nothing pending. */
const pending = new Set<WriteBehindTarget>();
let timer: NodeJS.Timeout | null = null;
let exitHooked = false;

/** Asks for `target` to be flushed within `FLUSH_INTERVAL_MS`, and at process exit at the latest. */
export function scheduleFlush(target: WriteBehindTarget): void {
  pending.add(target);
  if (!exitHooked) {
    exitHooked = true;
    process.on("exit", flushAtExit);
  }
  if (!timer) {
    timer = setTimeout(() => void flushPending(), FLUSH_INTERVAL_MS);
    timer.unref();
  }
}

/** Flushes `target` now (on close); throws what the write threw, and then retries it later. */
export async function flushNow(target: WriteBehindTarget): Promise<void> {
  try {
    await target.flush();
  } catch (error) {
    scheduleFlush(target);
    throw error;
  }
  if (!target.hasPending()) pending.delete(target);
}

async function flushPending(): Promise<void> {
  for (const target of [...pending]) {
    try {
      await target.flush();
    } catch {
      // The target recorded the error (status shows it) and kept its writes: tried again below.
    }
    if (!target.hasPending()) pending.delete(target);
  }
  timer = null;
  if (pending.size > 0) {
    timer = setTimeout(() => void flushPending(), FLUSH_INTERVAL_MS);
    timer.unref();
  }
}

function flushAtExit(): void {
  for (const target of [...pending]) {
    if (!target.hasPending()) continue;
    try {
      target.flushAtExit();
    } catch (error) {
      // Nothing is left to report to at exit but stderr.
      process.stderr.write(
        `lackpy: could not save the ${target.label}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
  pending.clear();
}
