import { randomBytes } from "node:crypto";
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  rmdirSync,
  statSync,
  writeFile,
  writeFileSync,
  type Stats,
} from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { confinePathSync, type WorkspaceRoot } from "../protect/confine-path.js";
import { fileError, MAX_NAME_BYTES, nameTooLong } from "./file-error.js";
import { flushDescriptor } from "./flush-descriptor.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";
import { ToolError } from "../tool-error.js";

/** Suffix of the temporary files of atomic writes (`.<random>.lackpy-tmp`, next to the target). */
export const TEMPORARY_SUFFIX = ".lackpy-tmp";

/** What `writeTextFile` needs besides the path and content. */
export interface WriteTextFileOptions {
  protection: PathProtection;
  /** The tool call's signal: once aborted, the write is refused, even at the last moment before the rename. */
  signal?: AbortSignal;
}

/**
 * Writes a workspace text file atomically: the content goes to a temporary file in the same
 * folder, which is flushed and renamed over the target, so a crash leaves the old or the new
 * file, never half of one. The target is checked first (`checkWriteTarget`): closed, protected
 * and read-only files are refused. An existing file keeps its permission bits (not setuid, setgid
 * or sticky; an executable stays one); a new file gets no execute bit, whatever the umask or the content
 * (a `#!` line too), and is refused on a file system that makes every file executable. Hard links
 * to the target are not kept. When the write fails or its call is aborted, the temporary file and
 * the folders created for it are removed, and the error names the cause. The checks and `mkdir`
 * are synchronous metadata calls; the data, its flush and the rename (which can take
 * milliseconds on a slow disk) are asynchronous.
 */
export async function writeTextFile(
  root: string | WorkspaceRoot,
  requested: unknown,
  content: unknown,
  options: WriteTextFileOptions,
): Promise<number> {
  const text = checkContent(content);
  const shown = String(requested);
  refuseWhenAborted(options.signal, `'${shown}' was written`);
  const { file, existing } = checkWriteTarget(root, requested, options);
  checkWriteFolder(file, shown);
  const temporary: TemporaryFile = {
    path: temporaryPath(file, randomBytes(6).toString("hex")),
    created: false,
  };
  let createdFolder: string | undefined;
  try {
    createdFolder = mkdirSync(path.dirname(file), { recursive: true });
    await writeTemporary(temporary, text, existing, shown);
    refuseWhenAborted(options.signal, `'${shown}' was written`);
    await rename(temporary.path, file);
  } catch (error) {
    throw await failedWrite(error, shown, temporary, createdFolder, file);
  }
  return Buffer.byteLength(text, "utf8");
}

/** The content of a write, or the `invalid_argument` error for anything but a string. */
export function checkContent(content: unknown): string {
  if (typeof content !== "string")
    throw new ToolError(
      "invalid_argument",
      `write_file needs the content as a string, not ${content === null ? "null" : typeof content}.`,
      { retriable: true, hint: "convert with str(value) or JSON.stringify(value)" },
    );
  return content;
}

/** The temporary file of a write to `file`: `.<token>.lackpy-tmp` in the same folder. */
export function temporaryPath(file: string, token: string): string {
  return path.join(path.dirname(file), `.${token}${TEMPORARY_SUFFIX}`);
}

/**
 * Checks the folder a file is to be written into: its deepest existing part must be a folder
 * (`not_a_folder`) that lackpy may write into (`read_only`).
 */
export function checkWriteFolder(file: string, shown: string): void {
  const folder = deepestExisting(path.dirname(file));
  if (!folder.isDirectory)
    throw new ToolError(
      "not_a_folder",
      `Could not write '${shown}': a part of its path is a file, not a folder.`,
      { retriable: true, hint: "write next to existing files, or to a new folder" },
    );
  checkWritable(
    folder.path,
    folder.mode,
    `The folder of '${shown}' is read-only; lackpy will not write into it.`,
  );
}

/** A temporary file of a write: its path, and whether this write created it (so it is its to remove). */
export interface TemporaryFile {
  readonly path: string;
  created: boolean;
}

/** Content up to this many bytes is written synchronously; more is written in the thread pool. */
const SYNC_WRITE_BYTES = 1024 * 1024;

/**
 * Creates the temporary file (exclusively, so an existing name is never reused) with the content
 * and the mode the target will have, and flushes it. The folder must exist. Only the flush (and
 * the write of content over 1 MiB) waits in the thread pool (`flushDescriptor`).
 */
export async function writeTemporary(
  temporary: TemporaryFile,
  content: string | Uint8Array,
  existing: Stats | null,
  shown: string,
): Promise<void> {
  const descriptor = openSync(temporary.path, "wx", 0o666);
  temporary.created = true;
  try {
    const size = typeof content === "string" ? content.length * 3 : content.byteLength;
    if (size <= SYNC_WRITE_BYTES) writeFileSync(descriptor, content);
    else
      await new Promise<void>((resolve, reject) =>
        writeFile(descriptor, content, (error) => (error ? reject(error) : resolve())),
      );
    keepMode(descriptor, existing, shown);
    await flushDescriptor(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The error of a failed write, after the temporary file (when it was created) and the folders
 * made for it are removed; the message says when the temporary file could not be.
 */
export async function failedWrite(
  error: unknown,
  shown: string,
  temporary: TemporaryFile,
  createdFolder: string | undefined,
  file: string,
): Promise<ToolError> {
  const failure = fileError(error, shown, "write");
  const leftOver = await cleanUp(temporary.created ? temporary.path : null, createdFolder, file);
  if (!leftOver) return failure;
  return new ToolError(failure.code, `${failure.message} ${leftOver}`, {
    retriable: failure.retriable,
    ...(failure.hint === undefined ? {} : { hint: failure.hint }),
    cause: error,
  });
}

/**
 * Checks a path `write_file` or `edit_file` is to replace or create, and returns its real path
 * and, when it exists, its metadata; throws the `ToolError` of a path the one path check refuses
 * for writing, too long a name, a folder or anything but a regular file, and a read-only file
 * (an executable file is written like any other, and stays executable: `keepMode`). Read-only is
 * told by `access(W_OK)` for ordinary users and by the mode bits for everyone, because as root
 * `access` allows everything (a file with no write bit, such as mode 0o444, is refused even for
 * root): a rename would silently replace it.
 */
export function checkWriteTarget(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: { protection: PathProtection },
): { file: string; existing: Stats | null } {
  const shown = String(requested);
  const file = confinePathSync(root, requested, {
    protection: options.protection,
    access: "write",
  });
  if (shown.split(/[\\/]/).some((name) => Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES))
    throw nameTooLong(shown);
  const existing = metadata(file, lstatSync);
  if (existing?.isDirectory())
    throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, { retriable: true });
  if (existing && !existing.isFile())
    throw new ToolError("not_a_file", `'${shown}' is not a regular file.`, { retriable: true });
  if (existing)
    checkWritable(file, existing.mode, `'${shown}' is read-only; lackpy will not replace it.`);
  return { file, existing };
}

/** The execute bits of a mode (owner, group, others). */
const EXECUTE_BITS = 0o111;

/**
 * Gives the temporary file the permission bits of the file it replaces (an executable stays
 * executable, as it was; setuid, setgid and sticky are not kept), or clears the execute bits of a
 * new one; refuses when the file system keeps them anyway (FAT, some network and Windows mounts
 * make every file executable). So no write ever makes a file executable that was not.
 */
function keepMode(descriptor: number, existing: Stats | null, shown: string): void {
  if (existing) return fchmodSync(descriptor, existing.mode & 0o777);
  const created = fstatSync(descriptor).mode;
  if ((created & EXECUTE_BITS) === 0) return;
  fchmodSync(descriptor, created & 0o666);
  if ((fstatSync(descriptor).mode & EXECUTE_BITS) !== 0)
    throw new ToolError(
      "executable_file",
      `Could not write '${shown}' without execute permission: this file system makes every file executable, and the file tools never create an executable file.`,
      { hint: "ask the user to write this file, or to move the workspace to another file system" },
    );
}

/**
 * Removes the temporary file, then the folders `mkdir` created for the write (deepest first,
 * only while empty, up to `createdFolder`). Returns a sentence for the error message when the
 * temporary file stays.
 */
export async function cleanUp(
  temporary: string | null,
  createdFolder: string | undefined,
  file: string,
): Promise<string | null> {
  let leftOver: string | null = null;
  if (temporary)
    await rm(temporary, { force: true }).catch(() => {
      leftOver = `A temporary file ending in ${TEMPORARY_SUFFIX} could not be removed from its folder.`;
    });
  if (createdFolder && !leftOver) {
    const stop = path.dirname(createdFolder);
    for (let folder = path.dirname(file); folder !== stop; folder = path.dirname(folder)) {
      // A folder something else has written into in the meantime stays, and so do its parents.
      if (!removeFolder(folder) || folder === path.dirname(folder)) break;
    }
  }
  return leftOver;
}

function checkWritable(target: string, mode: number, message: string): void {
  if ((mode & 0o222) === 0 || !accessible(target, constants.W_OK))
    throw new ToolError("read_only", message, {
      hint: "write to another path, or ask the user to make it writable",
    });
}

function accessible(target: string, mode: number): boolean {
  try {
    accessSync(target, mode);
    return true;
  } catch {
    return false;
  }
}

/** Removes an empty folder; false when it is not empty, missing, or cannot be removed. */
function removeFolder(folder: string): boolean {
  try {
    rmdirSync(folder);
    return true;
  } catch {
    return false;
  }
}

/** The `stat` or `lstat` of a path, or null for any failure (missing, a file on the way, too long a name, no permission). */
function metadata(target: string, read: typeof statSync | typeof lstatSync): Stats | null {
  try {
    return read(target, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** The deepest existing ancestor of a folder path (itself included), and whether it is a folder. */
function deepestExisting(folder: string): { path: string; mode: number; isDirectory: boolean } {
  for (let current = folder; ; current = path.dirname(current)) {
    const info = metadata(current, statSync);
    if (info) return { path: current, mode: info.mode, isDirectory: info.isDirectory() };
    if (path.dirname(current) === current)
      throw new ToolError("write_failed", "The workspace folder does not exist.");
  }
}
