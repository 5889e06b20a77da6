import { randomBytes } from "node:crypto";
import {
  accessSync,
  constants,
  lstatSync,
  mkdirSync,
  rmdirSync,
  statSync,
  type Stats,
} from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { confinePathSync, type WorkspaceRoot } from "../protect/confine-path.js";
import { fileError, MAX_NAME_BYTES, nameTooLong } from "./file-error.js";
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
 * file, never half of one. A rename would silently replace a read-only file, so the target and
 * its folder are checked first: `access(W_OK)` for ordinary users, and the mode bits for everyone,
 * because as root `access` allows everything (a file with no write bit, such as mode 0o444, is
 * refused even for root). An existing file keeps its permission bits (not setuid, setgid or
 * sticky). Hard links to the target are not kept. When the write fails or its call is aborted,
 * the temporary file and the folders created for it are removed, and the error names the cause.
 * The checks and `mkdir` are synchronous metadata calls; the data, its flush and the rename
 * (which can take milliseconds on a slow disk) are asynchronous.
 */
export async function writeTextFile(
  root: string | WorkspaceRoot,
  requested: unknown,
  content: unknown,
  options: WriteTextFileOptions,
): Promise<number> {
  if (typeof content !== "string")
    throw new ToolError(
      "invalid_argument",
      `write_file needs the content as a string, not ${content === null ? "null" : typeof content}.`,
      { retriable: true, hint: "convert with str(value) or JSON.stringify(value)" },
    );
  const shown = String(requested);
  refuseWhenAborted(options.signal, `'${shown}' was written`);
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
  const temporary = path.join(
    path.dirname(file),
    `.${randomBytes(6).toString("hex")}${TEMPORARY_SUFFIX}`,
  );
  let createdFolder: string | undefined;
  let temporaryCreated = false;
  try {
    createdFolder = mkdirSync(path.dirname(file), { recursive: true });
    const handle = await open(temporary, "wx", 0o666);
    temporaryCreated = true;
    try {
      await handle.writeFile(content, "utf8");
      if (existing) await handle.chmod(existing.mode & 0o777);
      await handle.sync();
    } finally {
      await handle.close();
    }
    refuseWhenAborted(options.signal, `'${shown}' was written`);
    await rename(temporary, file);
  } catch (error) {
    const failure = fileError(error, shown, "write");
    const leftOver = await cleanUp(temporaryCreated ? temporary : null, createdFolder, file);
    if (leftOver)
      throw new ToolError(failure.code, `${failure.message} ${leftOver}`, {
        retriable: failure.retriable,
        ...(failure.hint === undefined ? {} : { hint: failure.hint }),
        cause: error,
      });
    throw failure;
  }
  return Buffer.byteLength(content, "utf8");
}

/**
 * Removes the temporary file, then the folders `mkdir` created for the write (deepest first,
 * only while empty). Returns a sentence for the error message when the temporary file stays.
 */
async function cleanUp(
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
