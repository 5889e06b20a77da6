/**
 * Side files for writes a process could not make at exit: the `exit` handler tries the
 * workspace lock once and never waits, so when another process holds it, the counts and history
 * not yet written go to a file of this process's own in `.lackpy/unmerged/` (a unique name needs
 * no lock). The next process that takes the lock to write the same store merges them and deletes
 * them, so no count is lost silently.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import { atomicWriteSync } from "./atomic-write.js";
import { ensureStateIgnored } from "../config/state-gitignore.js";

/** Which store a side file belongs to. */
export type UnmergedKind = "templates" | "ratchet";

/** The folder of side files in a workspace's `.lackpy` folder. */
export function unmergedDirectory(lackpyDirectory: string): string {
  return path.join(lackpyDirectory, "unmerged");
}

function names(lackpyDirectory: string, kind: UnmergedKind): string[] {
  try {
    return readdirSync(unmergedDirectory(lackpyDirectory))
      .filter((name) => name.startsWith(`${kind}-`) && name.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
}

/** Writes what this process could not save to a side file of its own; returns the file. */
export function writeUnmerged(lackpyDirectory: string, kind: UnmergedKind, data: unknown): string {
  const directory = unmergedDirectory(lackpyDirectory);
  ensureStateIgnored(lackpyDirectory);
  mkdirSync(directory, { recursive: true });
  const file = path.join(
    directory,
    `${kind}-${process.pid}-${Date.now()}-${randomBytes(4).toString("hex")}.json`,
  );
  atomicWriteSync(file, `${JSON.stringify(data)}\n`);
  return file;
}

/** Whether side files of a kind wait to be merged (one directory read). */
export function hasUnmerged(lackpyDirectory: string, kind: UnmergedKind): boolean {
  return names(lackpyDirectory, kind).length > 0;
}

/**
 * Reads and deletes the side files of a kind, oldest first; call it under the workspace lock.
 * A file that is not JSON is set aside (`.damaged`), never merged and never deleted.
 */
export function takeUnmerged(lackpyDirectory: string, kind: UnmergedKind): unknown[] {
  const directory = unmergedDirectory(lackpyDirectory);
  const found = names(lackpyDirectory, kind);
  if (found.length === 0) return [];
  const taken: unknown[] = [];
  for (const name of found) {
    const file = path.join(directory, name);
    let data: unknown;
    try {
      data = JSON.parse(readRegularFileSync(file).toString("utf8")) as unknown;
    } catch {
      renameSync(file, `${file}.damaged`);
      continue;
    }
    rmSync(file, { force: true });
    taken.push(data);
  }
  try {
    rmdirSync(directory);
  } catch {
    // Not empty (other kinds, damaged files) or gone: it stays as it is.
  }
  return taken;
}
