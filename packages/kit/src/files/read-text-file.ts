import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  read,
  readSync,
  statSync,
  type Stats,
} from "node:fs";
import {
  confineFileSync,
  fileInKnownFolder,
  type ConfinedFolders,
  type WorkspaceRoot,
} from "../protect/confine-path.js";
import { fileError } from "./file-error.js";
import { BINARY_SNIFF_BYTES, contentHash, type FileState } from "./file-state.js";
import type { FileStaging } from "./file-staging.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { ToolError } from "../tool-error.js";

/**
 * How many bytes of a file `read_file` reads synchronously: a file up to this size is read in one
 * synchronous call (microseconds from the page cache), a larger one's rest in asynchronous chunks
 * of this size, so no call blocks the host's event loop for long.
 */
export const SYNC_READ_BYTES = 1024 * 1024;

// O_NONBLOCK: a file swapped for a FIFO after the stat must not block the open.
// O_NOFOLLOW: the confined path is real, so a symlink in its last name was swapped in after the check.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** What `readTextFile` needs besides the root and the path. */
export interface ReadTextFileOptions {
  maxReadBytes: number;
  protection: PathProtection;
  staging?: FileStaging;
  /** The folders this run found to lead through no symlink (see `ConfinedFolders`). */
  folders?: ConfinedFolders;
  /**
   * Files (real paths) whose text another reader holds (a run's staged files, which an isolated
   * child does not have): `readTextFileSync` gives null for them, after the path check.
   */
  heldElsewhere?: (file: string) => boolean;
  /**
   * Told the state of what each read took from the disk (a staged file's text is not), by real
   * path; without it, a `staging`'s `noteRead` is.
   */
  noteRead?: (file: string, state: FileState) => void;
}

/**
 * Reads a workspace text file: refuses protected paths, directories, binary files (a NUL in the
 * first 8 KiB) and files over `maxReadBytes`. A path in a folder the run already checked
 * (`ConfinedFolders`) costs the system calls of a plain read: it passes the name checks, is
 * opened without following a symlink as its last name and without blocking (a FIFO), and is
 * checked on the open descriptor (a regular file within the limit); one that cannot be opened so
 * goes the checked way, which words every error. Any other path is checked by `confinePathSync`,
 * stat'ed (so a FIFO or device is not opened), opened, and checked again on the descriptor.
 * Everything after the descriptor's check is read from the same descriptor. With a `staging`
 * area, a file the run staged reads as staged (after the same path check, with the same size and
 * binary checks), and a folder it made by staging files is a folder. The text comes at once when
 * one synchronous read took it (a file of at most `SYNC_READ_BYTES`, the usual case: a run's
 * loop over files then waits for nothing), as a promise otherwise; a refusal is always a
 * rejected promise.
 */
export function readTextFile(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ReadTextFileOptions,
): string | Promise<string> {
  try {
    return readText(root, requested, options, false) as string | Promise<string>;
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * `readTextFile` without waiting: the text of a file of at most `SYNC_READ_BYTES`, or null for a
 * larger one or one `heldElsewhere` (nothing is left open; read it with `readTextFile`). Every
 * check and every refusal is `readTextFile`'s: it is the same code.
 */
export function readTextFileSync(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ReadTextFileOptions,
): string | null {
  return readText(root, requested, options, true) as string | null;
}

/** The one reading path: the text now, a promise of it (a file over `SYNC_READ_BYTES`), or null for such a file when `syncOnly`. */
function readText(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ReadTextFileOptions,
  syncOnly: boolean,
): string | Promise<string> | null {
  // The quick way: a file in a folder this run knows, opened without following a symlink as its
  // last name; anything else (a staged file, a symlink, an error to word) takes the checked way.
  const known =
    typeof root !== "string" && options.folders && !options.staging?.size
      ? fileInKnownFolder(root, requested, {
          protection: options.protection,
          folders: options.folders,
        })
      : null;
  if (known !== null && !(syncOnly && options.heldElsewhere?.(known))) {
    const descriptor = openQuietly(known);
    if (descriptor !== null)
      return readOpened(descriptor, known, String(requested), options, syncOnly);
  }
  const { file, info: checked } = confineFileSync(root, requested, {
    protection: options.protection,
    ...(options.folders ? { folders: options.folders } : {}),
  });
  const shown = String(requested);
  const staged = options.staging?.get(file);
  if (staged) return stagedText(staged.content, shown, options.maxReadBytes);
  if (syncOnly && options.heldElsewhere?.(file)) return null;
  let descriptor: number;
  try {
    // The quick path check's lstat is this file's stat: it is no symlink.
    refuseUnreadable(checked ?? statSync(file), shown, options.maxReadBytes);
    descriptor = openSync(file, READ_FLAGS);
  } catch (error) {
    if (options.staging?.hasFilesUnder(file))
      throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
        retriable: true,
        hint: `use find_files("${shown.replace(/[\\/]+$/, "")}/*") to list it`,
      });
    throw fileError(error, shown, "read");
  }
  return readOpened(descriptor, file, shown, options, syncOnly);
}

/** The descriptor of `file` opened for reading (never following a symlink as its last name, never blocking), or null. */
function openQuietly(file: string): number | null {
  try {
    return openSync(file, READ_FLAGS);
  } catch {
    return null;
  }
}

/**
 * Reads an open file, checked on its descriptor first (a regular file within the limit: a FIFO or
 * device opened without blocking is refused here, a path changed since a stat is caught), and
 * closes it: the text, a promise of it, or null with `syncOnly` for a file over `SYNC_READ_BYTES`.
 * What was read of `file` (its absolute path) is noted for the run's stale-write check.
 */
function readOpened(
  descriptor: number,
  file: string,
  shown: string,
  options: ReadTextFileOptions,
  syncOnly: boolean,
): string | Promise<string> | null {
  let bytes: Buffer | Promise<Buffer> | null;
  try {
    const info = fstatSync(descriptor);
    refuseUnreadable(info, shown, options.maxReadBytes);
    bytes = readDescriptor(descriptor, info.size, options.maxReadBytes, shown, syncOnly);
  } catch (error) {
    closeSync(descriptor);
    throw fileError(error, shown, "read");
  }
  if (bytes === null || !(bytes instanceof Promise)) {
    closeSync(descriptor);
    return bytes === null ? null : decodedRead(bytes, file, shown, options);
  }
  return bytes.then(
    (read) => {
      closeSync(descriptor);
      return decodedRead(read, file, shown, options);
    },
    (error: unknown) => {
      closeSync(descriptor);
      throw fileError(error, shown, "read");
    },
  );
}

/** The text of what was read of `file`, its state noted for the run (`noteRead`, or a staging area that writes). */
function decodedRead(
  read: Buffer,
  file: string,
  shown: string,
  options: ReadTextFileOptions,
): string {
  const text = decodeText(read, shown);
  // A read-only run's staging notes nothing: what it reads is not hashed.
  if (options.noteRead) options.noteRead(file, { exists: true, hash: contentHash(read) });
  else if (options.staging?.writes)
    options.staging.noteRead(file, { exists: true, hash: contentHash(read) });
  return text;
}

/** A file's bytes as text, refused when binary (a NUL in the first `BINARY_SNIFF_BYTES`). */
function decodeText(bytes: Buffer, shown: string): string {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0))
    throw new ToolError("binary_file", `'${shown}' is a binary file, not text.`, {
      retriable: true,
      hint: "read_file reads text files only",
    });
  return bytes.toString("utf8");
}

/** A staged file's text, refused as the same file on disk would be: over the limit, or binary. */
function stagedText(content: string, shown: string, maxReadBytes: number): string {
  const sizeBytes = Buffer.byteLength(content, "utf8");
  if (sizeBytes > maxReadBytes)
    throw new ToolError(
      "too_large",
      `'${shown}' is ${sizeBytes} bytes; read_file reads files up to ${maxReadBytes} bytes.`,
      { hint: "read a smaller file" },
    );
  if (
    Buffer.from(content.slice(0, BINARY_SNIFF_BYTES), "utf8")
      .subarray(0, BINARY_SNIFF_BYTES)
      .includes(0)
  )
    throw new ToolError("binary_file", `'${shown}' is a binary file, not text.`, {
      retriable: true,
      hint: "read_file reads text files only",
    });
  return content;
}

/** Throws the `ToolError` for a folder, anything but a regular file, or a file over the limit. */
function refuseUnreadable(info: Stats, shown: string, maxReadBytes: number): void {
  if (info.isDirectory())
    throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
      retriable: true,
      hint: `use find_files("${shown.replace(/[\\/]+$/, "")}/*") to list it`,
    });
  // A FIFO or device would block or never end; only regular files are read.
  if (!info.isFile())
    throw new ToolError("not_a_file", `'${shown}' is not a regular file.`, { retriable: true });
  if (info.size > maxReadBytes)
    throw new ToolError(
      "too_large",
      `'${shown}' is ${info.size} bytes; read_file reads files up to ${maxReadBytes} bytes.`,
      { hint: "read a smaller file" },
    );
}

/**
 * Reads an open file to its end, at most `maxReadBytes` (one byte more tells that it grew past
 * the limit). The first `SYNC_READ_BYTES` are read synchronously (the bytes, at once), the rest
 * asynchronously (a promise); with `syncOnly`, a file that needs more gives null instead.
 */
function readDescriptor(
  descriptor: number,
  sizeBytes: number,
  maxReadBytes: number,
  shown: string,
  syncOnly: boolean,
): Buffer | Promise<Buffer> | null {
  const wanted = Math.min(sizeBytes, maxReadBytes) + 1;
  // A file read at once goes through one buffer kept for that (decoded before anything else runs).
  const read: ReadState = {
    buffer: wanted <= SYNC_READ_BYTES + 1 ? scratch(wanted) : Buffer.allocUnsafe(wanted),
    length: 0,
  };
  for (;;) {
    makeRoom(read, maxReadBytes, shown);
    const count = Math.min(read.buffer.length - read.length, SYNC_READ_BYTES);
    if (read.length + count > SYNC_READ_BYTES + 1)
      return syncOnly ? null : readRest(descriptor, read, maxReadBytes, shown);
    const bytesRead = readSync(descriptor, read.buffer, read.length, count, read.length);
    read.length += bytesRead;
    // A read shorter than asked reached the end (as readFileSync takes it): no read of 0 bytes is needed.
    if (bytesRead < count) return read.buffer.subarray(0, read.length);
  }
}

let scratchBuffer = Buffer.alloc(0);

/** The first `bytes` of the buffer synchronous reads share, grown as needed (at most `SYNC_READ_BYTES + 1`). */
function scratch(bytes: number): Buffer {
  if (scratchBuffer.length < bytes)
    scratchBuffer = Buffer.allocUnsafe(
      Math.max(bytes, Math.min(2 * scratchBuffer.length, SYNC_READ_BYTES + 1)),
    );
  return scratchBuffer.subarray(0, bytes);
}

/** A read in progress: the buffer and how much of it holds the file. */
interface ReadState {
  buffer: Buffer;
  length: number;
}

/** Grows a full buffer (the file grew since the fstat), refusing a file past the limit. */
function makeRoom(read: ReadState, maxReadBytes: number, shown: string): void {
  if (read.length < read.buffer.length) return;
  if (read.length > maxReadBytes)
    throw new ToolError("too_large", `'${shown}' grew past ${maxReadBytes} bytes.`);
  const grown = Buffer.allocUnsafe(Math.min(read.length * 2, maxReadBytes + 1));
  read.buffer.copy(grown);
  read.buffer = grown;
}

/** The asynchronous rest of `readDescriptor`, in chunks of `SYNC_READ_BYTES`. */
async function readRest(
  descriptor: number,
  read: ReadState,
  maxReadBytes: number,
  shown: string,
): Promise<Buffer> {
  for (;;) {
    makeRoom(read, maxReadBytes, shown);
    const count = Math.min(read.buffer.length - read.length, SYNC_READ_BYTES);
    const bytesRead = await readAsync(descriptor, read.buffer, read.length, count);
    read.length += bytesRead;
    if (bytesRead < count) return read.buffer.subarray(0, read.length);
  }
}

function readAsync(
  descriptor: number,
  buffer: Buffer,
  offset: number,
  count: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    read(descriptor, buffer, offset, count, offset, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });
}
