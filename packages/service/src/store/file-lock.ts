/**
 * A lock shared by every process that writes a workspace's `.lackpy/` files: a lock file
 * created with O_EXCL holds it, and names its owner (pid, host, the process's start time where
 * the system tells it, and a random token). Holders keep it for milliseconds (one read, merge and
 * atomic write), so a lock file whose owner has ended is never waited for: on the same host, a pid
 * that no longer runs, a zombie, or a pid that now belongs to a process started at another time
 * (pid reuse; the start time comes from `/proc`, so Linux only) is a dead owner, and the lock is
 * taken over at once. An owner that cannot be checked (another host, a lock file of an older
 * lackpy, an empty file) holds the lock until the file is `leaseMs` old.
 *
 * A lock path that is not a regular file (a symlink, a FIFO, a folder: what a cloned repository
 * can bring) is no lock lackpy made: it is read without following it or blocking on it, and taken
 * over at once like a dead owner's.
 *
 * Waiting is asynchronous (`withFileLock`): the event loop keeps serving while another process
 * holds the lock. `tryFileLockSync` tries once and never waits, for a process's `exit` handler.
 * Of the processes that judge one dead lock gone at the same moment, one breaks it: the one that
 * made that lock's breaker marker (`takeOver`); the others wait a round and try again.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ServiceError } from "../service-error.js";

/** How long to wait for a lock a live process holds, and when a lock file's owner counts as gone. */
export interface FileLockOptions {
  /** How long `withFileLock` waits for a lock another live process holds (default 10 s); 0 never waits. */
  timeoutMs?: number;
  /** A lock file this old is taken over even when its owner cannot be checked or looks alive (default 30 s). */
  leaseMs?: number;
}

/** What `tryFileLockSync` returns: the work's value, or who holds the lock (`pid 123`, or "" when unknown). */
export type LockAttempt<T> = { acquired: true; value: T } | { acquired: false; holder: string };

/** Who owns a lock file, as written into it. */
interface LockOwner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (`/proc/<pid>/stat`), null where unknown. */
  start: string | null;
  token: string;
  /** What the holder does under the lock, for those who wait (`run 2026… (apply_changes)`). */
  note?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_LEASE_MS = 30_000;
/** Longest pause between two attempts while a live process holds the lock. */
const MAX_PAUSE_MS = 25;

let self: Omit<LockOwner, "token"> | null = null;

function selfOwner(): Omit<LockOwner, "token"> {
  self ??= {
    pid: process.pid,
    host: os.hostname(),
    start: processStart(process.pid)?.start ?? null,
  };
  return self;
}

/**
 * A process's state letter and start time from `/proc/<pid>/stat` (Linux); null where there is
 * no `/proc` or no such process. The command name (field 2) may hold spaces and parentheses, so
 * fields are counted from the last `)`.
 */
function processStart(pid: number): { state: string; start: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // After the name: state (field 3) … starttime (field 22).
  return fields.length > 19 ? { state: fields[0], start: fields[19] } : null;
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (
      Number.isInteger(owner.pid) &&
      typeof owner.host === "string" &&
      typeof owner.token === "string" &&
      (owner.start === null || typeof owner.start === "string") &&
      (owner.note === undefined || typeof owner.note === "string")
    )
      return owner as LockOwner;
  } catch {
    // An older lackpy's lock file (`<pid> <time>`), or one being written: its owner cannot be checked.
  }
  return null;
}

/** This process as the owner of a lock or a journal: pid, host and start time (null where unknown). */
export function processOwner(): ProcessOwner {
  return { ...selfOwner() };
}

/** A process that owns a lock or a journal, as it names itself. */
export interface ProcessOwner {
  pid: number;
  host: string;
  start: string | null;
}

/** Whether the process that wrote `owner` is gone: `dead` (checked), `unknown` (another host), `alive`. */
export function processState(owner: ProcessOwner): "dead" | "alive" | "unknown" {
  const me = selfOwner();
  return owner.host === me.host ? lookAtOwner({ ...owner, token: "" }, me) : "unknown";
}

/** How long a holder found alive is taken as alive without looking again (decision 173). */
const ALIVE_FOR_MS = 200;
/** Holders found alive (`pid start`), with when: a busy lock is polled every few ms. */
const foundAlive = new Map<string, number>();

/**
 * Whether a lock file's owner is gone: `dead` (checked), `unknown` (cannot be checked), `alive`.
 * This process is alive; another one found alive is not looked at again for `ALIVE_FOR_MS` (a
 * dead holder's lock is taken over that much later at most).
 */
function ownerState(owner: LockOwner | null): "dead" | "alive" | "unknown" {
  const me = selfOwner();
  if (!owner || owner.host !== me.host) return "unknown";
  if (owner.pid === me.pid && owner.start === me.start) return "alive";
  const key = `${owner.pid} ${owner.start}`;
  const seen = foundAlive.get(key);
  if (seen !== undefined && Date.now() - seen < ALIVE_FOR_MS) return "alive";
  const state = lookAtOwner(owner, me);
  if (state === "alive") {
    if (foundAlive.size > 1000) foundAlive.clear();
    foundAlive.set(key, Date.now());
  } else foundAlive.delete(key);
  return state;
}

function lookAtOwner(owner: LockOwner, me: Omit<LockOwner, "token">): "dead" | "alive" {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the pid runs, as another user.
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return "dead";
  }
  if (me.start === null || owner.start === null) return "alive";
  const now = processStart(owner.pid);
  if (!now || now.state === "Z" || now.start !== owner.start) return "dead";
  return "alive";
}

/** What a path that is not a regular file reads as: no owner, and as old as can be. */
const NOT_A_LOCK = "\u0000not a regular file";
/** A lock file holds one short JSON line; more is not read. */
const MAX_LOCK_BYTES = 4096;
const OPEN_LOCK = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * A lock file's text and modification time, read without following a symlink or waiting on a
 * FIFO (`O_NOFOLLOW | O_NONBLOCK`); null when there is none. A path that is not a regular file
 * reads as `NOT_A_LOCK`, modified at time 0.
 */
function readLock(lockFile: string): { text: string; modifiedMs: number } | null {
  let descriptor: number;
  try {
    descriptor = openSync(lockFile, OPEN_LOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    // A symlink under O_NOFOLLOW (ELOOP; EMLINK on FreeBSD).
    if (code === "ELOOP" || code === "EMLINK") return { text: NOT_A_LOCK, modifiedMs: 0 };
    throw error;
  }
  try {
    const info = fstatSync(descriptor);
    if (!info.isFile()) return { text: NOT_A_LOCK, modifiedMs: 0 };
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    const bytes = readSync(descriptor, buffer, 0, MAX_LOCK_BYTES, 0);
    return { text: buffer.toString("utf8", 0, bytes), modifiedMs: info.mtimeMs };
  } finally {
    closeSync(descriptor);
  }
}

/** What the lock file says now: free, held by someone alive, or left by an owner that is gone. */
function inspect(
  lockFile: string,
  leaseMs: number,
): { kind: "free" | "alive" | "gone"; text: string; holder: string; note: string | null } {
  const found = readLock(lockFile);
  if (!found) return { kind: "free", text: "", holder: "", note: null };
  const { text, modifiedMs } = found;
  const owner = parseOwner(text);
  const holder = owner
    ? `pid ${owner.pid}${owner.host === selfOwner().host ? "" : ` on ${owner.host}`}`
    : "";
  const note = owner?.note ?? null;
  const state = ownerState(owner);
  if (state === "dead" || Date.now() - modifiedMs > leaseMs)
    return { kind: "gone", text, holder, note };
  return { kind: "alive", text, holder, note };
}

/** A breaker's marker older than this was left by a process that died breaking (5 s). */
const BREAKER_STALE_MS = 5_000;

/**
 * Moves a gone owner's lock file aside, as one process among all that judged that same lock gone:
 * each first creates `<lock>.break-<digest of the lock's text>` exclusively, and only the one
 * that did moves the lock. Every lock's text holds a random token, so no live lock shares the
 * digest, and a lock judged gone can only be removed by its breaker: between the breaker's
 * second look and its move, nobody can have replaced it. (Without the breaker, a second process
 * could move aside the lock the first one had just made, and a third create its own while the
 * second put the first one's back: two holders.) When the lock moved is not the one judged
 * after all (a lease that ran out as its live owner let go and another took it), it is put back.
 */
function takeOver(lockFile: string, judged: string): void {
  const breaker = `${lockFile}.break-${createHash("sha256").update(judged).digest("hex").slice(0, 16)}`;
  let descriptor: number;
  try {
    descriptor = openSync(breaker, "wx");
  } catch {
    // Another process is breaking this lock; a breaker that died doing so is cleared once old.
    const made = statSync(breaker, { throwIfNoEntry: false })?.mtimeMs;
    if (made !== undefined && Date.now() - made > BREAKER_STALE_MS)
      rmSync(breaker, { force: true });
    return;
  }
  closeSync(descriptor);
  try {
    if (readLock(lockFile)?.text !== judged) return; // Gone already, or another lock now.
    const aside = `${lockFile}.stale-${randomBytes(4).toString("hex")}`;
    try {
      renameSync(lockFile, aside);
    } catch {
      return;
    }
    let moved = "";
    try {
      moved = readLock(aside)?.text ?? "";
    } catch {
      // Read below as "not the one judged".
    }
    if (moved !== judged) {
      try {
        linkSync(aside, lockFile);
      } catch {
        // Someone made a new lock meanwhile; theirs stands.
      }
    }
    try {
      rmSync(aside, { force: true });
    } catch {
      // A folder moved aside stays there, under its `.stale-` name: it was never a lock.
    }
  } finally {
    rmSync(breaker, { force: true });
  }
}

/**
 * What one attempt at a lock gave: the token of the lock now held (and, when it was taken over
 * from a gone holder, that holder's note), or who holds it and what they do.
 */
export type LockTry =
  { token: string; tookOverFrom?: string | null } | { holder: string; note: string | null };

/**
 * One attempt at a lock file, never waiting (with at most a few takeovers of a gone owner's
 * lock): the token to `unlock` it with, or who holds it (`pid 123`, "" when unknown) and their
 * `note`. `note` is written into the lock file for those who find it held.
 */
export function tryLock(
  lockFile: string,
  options: { leaseMs?: number; note?: string } = {},
): LockTry {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let holder = "";
  let note: string | null = null;
  let gone = false;
  for (let round = 0; round < 3; round++) {
    let descriptor: number;
    try {
      descriptor = openSync(lockFile, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const found = inspect(lockFile, leaseMs);
      ({ holder, note } = found);
      if (found.kind === "alive") return { holder, note };
      if (found.kind === "gone") {
        gone = true;
        takeOver(lockFile, found.text);
      }
      continue;
    }
    const token = randomBytes(8).toString("hex");
    const owner: LockOwner = { ...selfOwner(), token };
    if (options.note !== undefined) owner.note = options.note;
    try {
      writeSync(descriptor, JSON.stringify(owner));
    } finally {
      closeSync(descriptor);
    }
    return gone ? { token, tookOverFrom: note } : { token };
  }
  return { holder, note };
}

/** Removes the lock file if it is still this holder's (a lease may have handed it on). */
export function unlock(lockFile: string, token: string): void {
  try {
    if (parseOwner(readLock(lockFile)?.text ?? "")?.token !== token) return;
  } catch {
    return;
  }
  rmSync(lockFile, { force: true });
}

function lockedError(lockFile: string, holder: string, timeoutMs: number): ServiceError {
  const shown = path.join(path.basename(path.dirname(lockFile)), path.basename(lockFile));
  return new ServiceError(
    "workspace_locked",
    `Another lackpy process${holder ? ` (${holder})` : ""} has held ${shown} for over ${timeoutMs} ms.`,
    {
      hint: "another lackpy process is writing this workspace; try again when it is done (a lock whose process has ended is taken over at once)",
    },
  );
}

/**
 * Runs `work` while holding the lock file `lockFile` (created next to the files it guards);
 * waits asynchronously while a live process holds it, and takes over at once a lock whose owner
 * has ended. Throws `workspace_locked` after `timeoutMs`.
 */
export async function withFileLock<T>(
  lockFile: string,
  work: () => T | Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const got = tryLock(lockFile, { leaseMs });
    if ("token" in got) {
      let value: T | Promise<T>;
      try {
        value = work();
      } catch (error) {
        unlock(lockFile, got.token);
        throw error;
      }
      // Synchronous work lets go before this function returns: no await between taking and releasing.
      if (!(value instanceof Promise)) {
        unlock(lockFile, got.token);
        return value;
      }
      try {
        return await value;
      } finally {
        unlock(lockFile, got.token);
      }
    }
    if (Date.now() - started >= timeoutMs) throw lockedError(lockFile, got.holder, timeoutMs);
    await sleep(Math.min(2 ** attempt, MAX_PAUSE_MS) + Math.random() * 3);
  }
}

/**
 * Tries the lock once, synchronously and without waiting (a lock whose owner has ended is taken
 * over): runs `work` under it, or says who holds it. For a process's `exit` handler.
 */
export function tryFileLockSync<T>(
  lockFile: string,
  work: () => T,
  options: Pick<FileLockOptions, "leaseMs"> = {},
): LockAttempt<T> {
  const got = tryLock(lockFile, options);
  if (!("token" in got)) return { acquired: false, holder: got.holder };
  try {
    return { acquired: true, value: work() };
  } finally {
    unlock(lockFile, got.token);
  }
}
