/**
 * Write-behind for the ratchet's state: counters and agreement history change in memory on every
 * delegate and are written out together, at most `FLUSH_INTERVAL_MS` later (an unref'd timer,
 * so it never keeps a process alive), when the service closes, and at process exit.
 */

/** Something that keeps writes in memory and can write them out. */
export interface WriteBehindTarget {
  /** What it keeps, for messages: `template counters`, `ratchet history`. */
  readonly label: string;
  /** Writes out what is pending, synchronously; throws when it cannot, keeping it pending. */
  flushSync(): void;
}

/** The longest a change waits in memory before it is written. */
export const FLUSH_INTERVAL_MS = 1000;

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
    timer = setTimeout(flushPending, FLUSH_INTERVAL_MS);
    timer.unref();
  }
}

/** Flushes `target` now (on close); throws what the write threw, and then retries it later. */
export function flushNow(target: WriteBehindTarget): void {
  pending.delete(target);
  try {
    target.flushSync();
  } catch (error) {
    scheduleFlush(target);
    throw error;
  }
}

function flushPending(): void {
  timer = null;
  const targets = [...pending];
  pending.clear();
  for (const target of targets) {
    try {
      target.flushSync();
    } catch {
      // The target recorded the error (status shows it) and kept its writes: try again later.
      scheduleFlush(target);
    }
  }
}

function flushAtExit(): void {
  const targets = [...pending];
  pending.clear();
  for (const target of targets) {
    try {
      target.flushSync();
    } catch (error) {
      // Nothing is left to report to at exit but stderr.
      process.stderr.write(
        `lackpy: could not save the ${target.label}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
}
