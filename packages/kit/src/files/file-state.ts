import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { open } from "node:fs/promises";

/** How many leading bytes are checked for a NUL byte to tell binary files from text. */
export const BINARY_SNIFF_BYTES = 8192;

/** What a file holds: nothing, or bytes with this SHA-256 (hex). */
export type FileState = { exists: false } | { exists: true; hash: string };

/** What a file held when a run first changed it: its state, and what a diff and a restore need. */
export interface FileBefore {
  /** Missing, or the SHA-256 of its bytes. */
  state: FileState;
  /** Its size in bytes (0 when missing). */
  sizeBytes: number;
  /** Its permission bits, or null when missing. */
  mode: number | null;
  /** Its text when it is text (no NUL in the first 8 KiB) of at most the text limit; else null. */
  text: string | null;
}

/** The SHA-256 (hex) of a text's UTF-8 bytes, or of bytes. */
export function contentHash(content: string | Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

/** How many bytes a file's state is read in at a time. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * What a file holds now (`lstat`, then its bytes hashed in chunks, asynchronously). A file up to
 * `maxTextBytes` is also kept as text when it has no NUL in its first 8 KiB; a path that is not a
 * regular file (a folder, a symlink) has no state of its own and reads as missing.
 */
export async function readFileBefore(file: string, maxTextBytes: number): Promise<FileBefore> {
  const info = lstatSync(file, { throwIfNoEntry: false });
  if (!info || !info.isFile())
    return { state: { exists: false }, sizeBytes: 0, mode: null, text: null };
  const hash = createHash("sha256");
  const keep: Buffer[] = [];
  const keepText = info.size <= maxTextBytes;
  let sizeBytes = 0;
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, sizeBytes);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      if (keepText) keep.push(Buffer.from(chunk));
      sizeBytes += bytesRead;
    }
  } finally {
    await handle.close();
  }
  const bytes = keepText && sizeBytes <= maxTextBytes ? Buffer.concat(keep) : null;
  const text =
    bytes && !bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0) ? bytes.toString("utf8") : null;
  return {
    state: { exists: true, hash: hash.digest("hex") },
    sizeBytes,
    mode: info.mode & 0o7777,
    text,
  };
}

/** What a file holds now: missing, or the hash of its bytes. */
export async function readFileState(file: string): Promise<FileState> {
  return (await readFileBefore(file, 0)).state;
}

/** True when two states are the same: both missing, or the same bytes. */
export function sameState(left: FileState, right: FileState): boolean {
  return left.exists ? right.exists && right.hash === left.hash : !right.exists;
}
