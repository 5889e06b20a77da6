/**
 * A lock shared by every process that writes a workspace's `.lackpy/` files: a lock file
 * created with O_EXCL holds it. Holders keep it for milliseconds (one read, merge and atomic
 * write), so waiters sleep a few milliseconds and try again; a lock file older than
 * `staleMs` was left by a process that died while holding it and is taken over (two processes
 * taking over the same abandoned lock within microseconds of each other could both get it; that
 * needs a crash first, and the writes stay atomic either way).
 * Synchronous on purpose: the same code runs in a process's `exit` handler.
 */
import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { ServiceError } from "../service-error.js";

/** How long to wait for a lock, and when a lock file counts as abandoned. */
export interface FileLockOptions {
  timeoutMs?: number;
  staleMs?: number;
}

const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

function sleepMs(milliseconds: number): void {
  Atomics.wait(SLEEPER, 0, 0, milliseconds);
}

/** Runs `work` while holding the lock file `lockFile` (created next to the files it guards). */
export function withFileLockSync<T>(
  lockFile: string,
  work: () => T,
  options: FileLockOptions = {},
): T {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const started = Date.now();
  let descriptor: number | null = null;
  for (let attempt = 0; descriptor === null; attempt++) {
    try {
      descriptor = openSync(lockFile, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const info = statSync(lockFile, { throwIfNoEntry: false });
      if (info && Date.now() - info.mtimeMs > staleMs) {
        // Move the abandoned lock aside first: of several processes doing this, one wins.
        const aside = `${lockFile}.stale-${randomBytes(4).toString("hex")}`;
        try {
          renameSync(lockFile, aside);
          rmSync(aside, { force: true });
        } catch {
          // Another process took it over first; try again.
        }
        continue;
      }
      if (Date.now() - started > timeoutMs)
        throw new ServiceError(
          "workspace_locked",
          `Another lackpy process has held ${path.join(path.basename(path.dirname(lockFile)), path.basename(lockFile))} for over ${timeoutMs} ms.`,
          { hint: "if no lackpy process is running, delete the lock file" },
        );
      sleepMs(Math.min(2 ** attempt, 20) + Math.random() * 3);
    }
  }
  try {
    try {
      writeSync(descriptor, `${process.pid} ${new Date().toISOString()}\n`);
    } finally {
      closeSync(descriptor);
    }
    return work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
