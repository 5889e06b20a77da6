/**
 * Locks on single files of a workspace, so changes to different files land at once and only
 * changes touching the same file wait for each other (decision 96). Each file's lock is a lock
 * file under `.lackpy/locks/` named after a digest of the file's real path (two paths reaching
 * one file through a link share it), held as `withFileLock` holds one: created exclusively,
 * naming its process and what it does, taken over at once when that process has ended. A
 * change takes the locks of all its files, in one order for every process (so two changes never
 * wait for each other), for as long as it checks and renames them. Within one process, changes
 * to one file queue in memory before its lock file, so only one of them polls it (decision 173).
 */
import { createHash } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ServiceError } from "../service-error.js";
import { tryLock, unlock } from "../store/file-lock.js";
import { releaseInProcessLock, takeInProcessLock } from "./in-process-lock.js";

/** How long a change waits for a file another change holds (30 s); they hold one for milliseconds. */
export const PATH_LOCK_TIMEOUT_MS = 30_000;
/** Longest pause between two attempts at a held lock. */
const MAX_PAUSE_MS = 20;

/** What the change holding a file's lock said it does, by the path it was waited for. */
export type WaitedFor = ReadonlyMap<string, string>;

/**
 * Runs `work` holding the locks of `paths` (workspace-relative), waiting for each one another
 * change holds; `file_busy` naming the file and the change holding it after `timeoutMs`. `note`
 * says what this change is, for those who find a lock held (`run 2026…-ab12cd34 (apply_changes)`).
 * `work` is told which changes it waited for, so a refusal can name the change that won. A lock
 * taken over from a holder that died is told to `onTakeOver` (with the holder's note) with no
 * lock held, before the locks are taken again: what the dead holder left half done is settled
 * before anything lands on its files.
 */
export async function withPathLocks<T>(
  workspace: string,
  paths: readonly string[],
  note: string,
  work: (waited: WaitedFor) => Promise<T>,
  options: { timeoutMs?: number; onTakeOver?: (note: string | null) => Promise<void> } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? PATH_LOCK_TIMEOUT_MS;
  const folder = path.join(workspace, ".lackpy", "locks");
  mkdirSync(folder, { recursive: true });
  const byLock = new Map<string, string>();
  for (const file of paths)
    byLock.set(path.join(folder, `${lockName(workspace, file)}.lock`), file);
  const held: { lockFile: string; token: string }[] = [];
  const turns: string[] = [];
  const waited = new Map<string, string>();
  const deadline = Date.now() + timeoutMs;
  const release = () => {
    for (const { lockFile, token } of held.reverse()) unlock(lockFile, token);
    held.length = 0;
    for (const lockFile of turns.reverse()) releaseInProcessLock(lockFile);
    turns.length = 0;
  };
  try {
    const lockFiles = [...byLock.keys()].sort();
    for (let index = 0; index < lockFiles.length; index++) {
      const lockFile = lockFiles[index]!;
      const file = byLock.get(lockFile)!;
      const turn = await takeInProcessLock(lockFile, note, deadline, (by) => waited.set(file, by));
      if (!turn.taken)
        throw fileBusy(file, { holder: `pid ${process.pid}`, note: turn.note }, timeoutMs);
      turns.push(lockFile);
      for (let attempt = 0; ; attempt++) {
        const got = tryLock(lockFile, { note });
        if ("token" in got) {
          held.push({ lockFile, token: got.token });
          if (got.tookOverFrom !== undefined && options.onTakeOver) {
            release();
            await options.onTakeOver(got.tookOverFrom);
            index = -1;
          }
          break;
        }
        if (got.note) waited.set(file, got.note);
        if (Date.now() >= deadline) throw fileBusy(file, got, timeoutMs);
        await sleep(Math.min(2 ** attempt, MAX_PAUSE_MS) + Math.random() * 3);
      }
    }
    return await work(waited);
  } finally {
    release();
  }
}

/** A file's lock name: a digest of its real path (its folder's, for a file not there yet). */
function lockName(workspace: string, file: string): string {
  const names = file.split("/");
  const rest: string[] = [];
  let real: string | null = null;
  while (real === null) {
    const here = path.join(workspace, ...names);
    try {
      real = path.join(realpathSync(here), ...rest);
    } catch {
      if (names.length === 0) real = path.join(here, ...rest);
      else rest.unshift(names.pop()!);
    }
  }
  return createHash("sha256").update(real).digest("hex").slice(0, 32);
}

function fileBusy(file: string, got: { holder: string; note: string | null }, timeoutMs: number) {
  const who = got.note ?? "another lackpy process";
  return new ServiceError(
    "file_busy",
    `'${file}' is being changed by ${who}${got.holder ? ` (${got.holder})` : ""}; waited ${Math.round(timeoutMs / 1000)} s for it.`,
    {
      hint: "try again in a moment; a lock whose process has ended is taken over at once",
      file,
    },
  );
}
