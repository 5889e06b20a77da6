/**
 * The file operations of `.lackpy/runs/`, shared by the landing (journals) and the files backend's
 * run history (records): JSON written durably, JSON read without trusting it, and before-images
 * read only when they hold what a record names.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import {
  contentHash,
  flushDescriptor,
  readRegularFileSync,
  type FileState,
} from "@lackpy/kit/node";
import { RUN_ID } from "./run-record-shape.js";

/**
 * Writes JSON to a temporary file, flushes it, renames it over `file` and flushes the folder.
 * With `flush: false` the rename is atomic but not flushed: what a process crash must see, and
 * a machine crash may lose (a journal before any file changed). Only the flushes wait in the
 * thread pool (`flushDescriptor`); the other steps are synchronous system calls (decision 185).
 */
export async function durableWrite(
  file: string,
  value: unknown,
  options: { flush?: boolean } = {},
): Promise<void> {
  const flush = options.flush ?? true;
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  const descriptor = openSync(temporary, "wx");
  try {
    writeFileSync(descriptor, `${JSON.stringify(value)}\n`);
    if (flush) await flushDescriptor(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, file);
  if (!flush) return;
  let folder: number;
  try {
    folder = openSync(path.dirname(file), "r");
  } catch {
    return;
  }
  await flushDescriptor(folder)
    .catch(() => undefined)
    .finally(() => closeSync(folder));
}

/** A regular file's JSON, or null when it is missing, not a regular file, or not JSON. */
export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readRegularFileSync(file).toString("utf8")) as T;
  } catch {
    return null;
  }
}

/**
 * A before-image in a run's folder, read only when it is a regular file reached through no link
 * (a FIFO or a device would stall or flood the read) and holds exactly the bytes `before` names:
 * an image that was damaged, replaced or planted is never restored.
 */
export async function readImageFile(
  folder: string,
  blob: string,
  before: FileState,
  shown: string,
): Promise<Buffer> {
  const image = path.join(folder, blob);
  if (!lstatSync(path.dirname(image)).isDirectory() || !lstatSync(image).isFile())
    throw new Error(`The before-image of '${shown}' is not a file.`);
  const handle = await open(image, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  const content = await handle.readFile().finally(() => handle.close());
  checkImage(content, before, shown);
  return content;
}

/** Throws unless `content` holds the bytes `before` names. */
export function checkImage(content: Buffer, before: FileState, shown: string): void {
  if (!before.exists || contentHash(content) !== before.hash)
    throw new Error(`The before-image of '${shown}' does not hold what its run recorded.`);
}

/** The names of the run folders under `folder` (`.lackpy/runs/`): folders named as run ids. */
export function runFolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && RUN_ID.test(entry.name))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Removes a run's folder: its files and `before/` one level down, each unlinked by the type its
 * listing gives (half the calls of a recursive `rm`, which looks at each entry and tries `rmdir`
 * on a full folder first; decision 175), synchronously (a few system calls that do not wait for
 * the disk; decision 185). Anything else found there (a deeper folder, a file appearing
 * meanwhile, a folder already gone) falls back to the recursive `rm`, which takes a missing
 * folder as removed.
 */
export async function removeRunFolder(folder: string): Promise<void> {
  try {
    removeFlat(folder, 1);
  } catch {
    await rm(folder, { recursive: true, force: true });
  }
}

function removeFlat(folder: string, depth: number): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const inside = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (depth === 0) throw Object.assign(new Error("nested"), { code: "ENOTEMPTY" });
      removeFlat(inside, depth - 1);
      continue;
    }
    try {
      unlinkSync(inside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  rmdirSync(folder);
}
