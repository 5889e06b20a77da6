import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { open } from "node:fs/promises";

/** Opened without waiting: a FIFO opens at once (and is then refused) instead of waiting for a writer. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function notRegular(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${file} is not a regular file.`), { code: "ENOTREGULAR" });
}

function tooBig(file: string, maxBytes: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`${file} is larger than ${maxBytes} bytes.`), {
    code: "ETOOBIG",
  });
}

/** Options of `readRegularFileSync`. */
export interface ReadRegularFileOptions {
  /** The most bytes read: a larger file (or one that grows past it while read) throws `ETOOBIG`. */
  maxBytes?: number;
}

/**
 * The bytes of a file that is a regular file (symlinks followed), opened without blocking: a
 * FIFO, a device or a folder throws an error with code `ENOTREGULAR` instead of stalling or
 * flooding the read. For the files lackpy reads of its own under `.lackpy/` (config, templates,
 * records, the trust store and the user's state folder), which a cloned repository can make links to
 * `/dev/stdin` or `/dev/zero`. With `maxBytes`, a larger file throws `ETOOBIG` before more than
 * that is read. Throws like `readFileSync` otherwise (`ENOENT`).
 */
export function readRegularFileSync(file: string, options: ReadRegularFileOptions = {}): Buffer {
  const descriptor = openSync(file, OPEN_FLAGS);
  try {
    const info = fstatSync(descriptor);
    if (!info.isFile()) throw notRegular(file);
    const { maxBytes } = options;
    if (maxBytes === undefined) return readFileSync(descriptor);
    if (info.size > maxBytes) throw tooBig(file, maxBytes);
    // One byte more than allowed tells a file that grew since the stat.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) throw tooBig(file, maxBytes);
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(descriptor);
  }
}

/** `readRegularFileSync`, asynchronously. */
export async function readRegularFile(
  file: string,
  options: ReadRegularFileOptions = {},
): Promise<Buffer> {
  const handle = await open(file, OPEN_FLAGS);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notRegular(file);
    const { maxBytes } = options;
    if (maxBytes === undefined) return await handle.readFile();
    if (info.size > maxBytes) throw tooBig(file, maxBytes);
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw tooBig(file, maxBytes);
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}
