import { closeSync, constants, fstatSync, openSync, readSync, type Dirent } from "node:fs";
import path from "node:path";
import {
  gitignoreTooLarge,
  MAX_GITIGNORE_BYTES,
  parseGitignore,
  withRules,
  type IgnoreRule,
} from "./gitignore-rules.js";

/**
 * The `.gitignore` rules in effect for a folder's entries: those of the folders above, then the
 * folder's own `.gitignore` (a regular file, read without following a symlink). It is read for
 * the tool's own use even where a program may not read it: its patterns only hide files.
 */
export function folderRules(
  folder: string,
  relative: string,
  entries: readonly Dirent[],
  above: readonly IgnoreRule[],
): readonly IgnoreRule[] {
  const entry = entries.find((candidate) => candidate.name === ".gitignore");
  if (!entry?.isFile()) return above;
  return gitignoreRules(folder, relative, above);
}

/** `folderRules` without the folder's listing: its `.gitignore` is opened if it is there (a folder that does not exist has none). */
export function gitignoreRules(
  folder: string,
  relative: string,
  above: readonly IgnoreRule[],
): readonly IgnoreRule[] {
  const file = relative ? `${relative}/.gitignore` : ".gitignore";
  const bytes = readSmallFile(path.join(folder, ".gitignore"), MAX_GITIGNORE_BYTES);
  if (bytes === undefined) return above;
  if (bytes.length > MAX_GITIGNORE_BYTES) throw gitignoreTooLarge(`'${file}' is over 256 KiB`);
  return withRules(above, parseGitignore(bytes.toString("utf8"), file), file);
}

/**
 * The `.gitignore` rules of the workspace's folders on disk below the real root `start`, read once
 * per folder and call. A `.gitignore` the run itself staged is not read: its rules are those on
 * disk, as for the walk (applying a staged `.gitignore` change is out of scope).
 */
export function cachedRules(
  start: string,
): (relative: string, above: readonly IgnoreRule[]) => readonly IgnoreRule[] {
  const cache = new Map<string, readonly IgnoreRule[]>();
  return (relative, above) => {
    let rules = cache.get(relative);
    if (!rules) {
      rules = gitignoreRules(path.join(start, relative), relative, above);
      cache.set(relative, rules);
    }
    return rules;
  };
}

/** A file's first `maxBytes + 1` bytes (so a longer file shows), read without following a symlink; undefined when it cannot be read. */
function readSmallFile(file: string, maxBytes: number): Buffer | undefined {
  let descriptor: number;
  try {
    // O_NONBLOCK: a FIFO in its place must not block the open (it is then refused as no file).
    descriptor = openSync(
      file,
      constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0),
    );
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(descriptor).isFile()) return undefined;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}
