import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { open } from "node:fs/promises";

/** Opened without waiting: a FIFO opens at once (and is then refused) instead of waiting for a writer. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function notRegular(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${file} is not a regular file.`), { code: "ENOTREGULAR" });
}

/**
 * The bytes of a file that is a regular file (symlinks followed), opened without blocking: a
 * FIFO, a device or a folder throws an error with code `ENOTREGULAR` instead of stalling or
 * flooding the read. For the files lackpy reads of its own under `.lackpy/` (config, templates,
 * records), which a cloned repository can make links to `/dev/stdin` or `/dev/zero`. Throws like
 * `readFileSync` otherwise (`ENOENT`).
 */
export function readRegularFileSync(file: string): Buffer {
  const descriptor = openSync(file, OPEN_FLAGS);
  try {
    if (!fstatSync(descriptor).isFile()) throw notRegular(file);
    return readFileSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** `readRegularFileSync`, asynchronously. */
export async function readRegularFile(file: string): Promise<Buffer> {
  const handle = await open(file, OPEN_FLAGS);
  try {
    if (!(await handle.stat()).isFile()) throw notRegular(file);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
