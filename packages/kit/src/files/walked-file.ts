/**
 * Reading the files a walk listed (`listFiles`), for the bulk tools. The walk entered real folders
 * only, from the real root, and checked every name on the way with `checkWorkspacePath`, so, as
 * for a path in a `ConfinedFolders` folder, only the last name is left to check: it is measured
 * by `lstat` (no symlink followed), or opened without following a symlink and without blocking
 * (O_NOFOLLOW, O_NONBLOCK) and checked on the descriptor to be a regular file, whose bytes are
 * then read from that same descriptor. What changed since the walk (a file swapped for a symlink,
 * a FIFO, a file removed) is left out with its reason, never followed.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { BINARY_SNIFF_BYTES } from "./file-state.js";
import { overLimitReason, SKIPPED_REASONS } from "./skipped-files.js";

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** Bytes read at a time when a file is read in pieces (`countWalkedLines`). */
const CHUNK_BYTES = 1024 * 1024;

/** A walked file's bytes, or why it was left out. */
export type WalkedBytes = { bytes: Buffer } | { skipped: string };

/** The size in bytes of a walked file, or why it was left out (no longer a regular file, gone). */
export function walkedFileSize(absolute: string): number | { skipped: string } {
  try {
    const info = lstatSync(absolute, { throwIfNoEntry: false });
    if (info === undefined) return { skipped: SKIPPED_REASONS.unreadable };
    return info.isFile() ? info.size : { skipped: SKIPPED_REASONS.notRegular };
  } catch {
    return { skipped: SKIPPED_REASONS.unreadable };
  }
}

/**
 * A walked text file's bytes, at most `maxBytes`: a file over it, a binary one (a NUL in its first
 * 8 KiB) and one that is no longer a regular file are left out. The bytes are a view of a buffer
 * the next read reuses: use them before reading another file.
 */
export function readWalkedBytes(absolute: string, maxBytes: number): WalkedBytes {
  return withDescriptor(absolute, (descriptor, size) => {
    if (size > maxBytes) return { skipped: overLimitReason(maxBytes) };
    const buffer = scratch(size + 1);
    const length = readSync(descriptor, buffer, 0, buffer.length, 0);
    // A read shorter than asked reached the end; a full buffer means the file grew since the fstat.
    if (length === buffer.length)
      return size + 1 > maxBytes
        ? { skipped: overLimitReason(maxBytes) }
        : readWalkedBytes(absolute, maxBytes);
    const bytes = buffer.subarray(0, length);
    return isBinary(bytes) ? { skipped: SKIPPED_REASONS.binary } : { bytes };
  });
}

/**
 * The lines of a walked text file by `countLines`' rule, read in pieces of 1 MiB whatever its
 * size; a binary file (a NUL in its first 8 KiB) or one no longer regular is left out.
 */
export function countWalkedLines(absolute: string): number | { skipped: string } {
  return withDescriptor(absolute, (descriptor) => {
    const buffer = scratch(CHUNK_BYTES);
    const lines = { newlines: 0, last: -1 };
    for (let position = 0; ;) {
      const read = readSync(descriptor, buffer, 0, buffer.length, position);
      if (read === 0) break;
      const bytes = buffer.subarray(0, read);
      if (position === 0 && isBinary(bytes)) return { skipped: SKIPPED_REASONS.binary };
      for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines.newlines++;
      lines.last = bytes[read - 1];
      position += read;
      // A read shorter than asked reached the end.
      if (read < buffer.length) break;
    }
    return lines.newlines + (lines.last === -1 || lines.last === 10 ? 0 : 1);
  });
}

/** True when the first `BINARY_SNIFF_BYTES` hold a NUL. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** Opens a walked file as described in the file comment and hands a regular file's descriptor and size to `use`. */
function withDescriptor<T>(
  absolute: string,
  use: (descriptor: number, size: number) => T | { skipped: string },
): T | { skipped: string } {
  let descriptor: number;
  try {
    descriptor = openSync(absolute, READ_FLAGS);
  } catch (error) {
    // ELOOP: the last name is now a symlink (O_NOFOLLOW).
    const code = (error as NodeJS.ErrnoException).code;
    return { skipped: code === "ELOOP" ? SKIPPED_REASONS.notRegular : SKIPPED_REASONS.unreadable };
  }
  try {
    const info = fstatSync(descriptor);
    return info.isFile() ? use(descriptor, info.size) : { skipped: SKIPPED_REASONS.notRegular };
  } catch {
    return { skipped: SKIPPED_REASONS.unreadable };
  } finally {
    closeSync(descriptor);
  }
}

let scratchBuffer = Buffer.alloc(0);

/** The first `bytes` of a buffer the walked reads share, grown as needed. */
function scratch(bytes: number): Buffer {
  if (scratchBuffer.length < bytes)
    scratchBuffer = Buffer.allocUnsafe(Math.max(bytes, 2 * scratchBuffer.length, 64 * 1024));
  return scratchBuffer.subarray(0, bytes);
}
