import { fsync } from "node:fs";

/**
 * Flushes an open file (or folder) to the disk, waiting in the thread pool: the one step of a
 * durable write that waits for the disk. The other steps (open, write, rename, close) are system
 * calls that return at once and are made synchronously where a write is on a hot path: through
 * the promise API each costs several times its CPU (a `FileHandle`, a promise, a trip through
 * the thread pool and back to the event loop), for no wait worth leaving the event loop for.
 */
export function flushDescriptor(descriptor: number): Promise<void> {
  return new Promise((resolve, reject) =>
    fsync(descriptor, (error) => (error ? reject(error) : resolve())),
  );
}
