/**
 * The warm pool of isolated child processes. A child's heap limit is fixed when it starts, so
 * the pool keeps children per `memoryMb`: a run takes an idle child of its limit (or starts
 * one), gives it back when the run ended cleanly, and discards it otherwise (timeout,
 * cancellation, death), starting a replacement so the next run is warm again.
 *
 * The pool never has more than `maxChildren` live processes (a child counts until its process
 * has exited, so a killed child still holds its slot). A run that finds every slot taken waits
 * in a first-come queue: a released child goes to the first waiter of its limit, and an idle
 * child of another limit is killed to make room. A waiter can leave the queue at any time (the
 * run's deadline or its caller's cancellation). Idle children never keep the host alive, and all
 * children are killed when the host exits.
 */
import { availableParallelism } from "node:os";
import { RunError } from "../run-error.js";
import { IsolatedChild } from "./isolated-child.js";

/** The heap limit of children started ahead of a run when none is named: the default `memoryMb`. */
export const DEFAULT_CHILD_MEMORY_MB = 256;
const MAX_IDLE_PER_LIMIT = 2;
const MAX_IDLE = 4;

/** The default cap on live children: one per core, and at least two. */
export const DEFAULT_MAX_CHILDREN = Math.max(2, availableParallelism());

/** Options of `configureChildPool`. */
export interface ChildPoolOptions {
  /** Most child processes alive at once (busy, idle or exiting); runs beyond it wait for one. */
  maxChildren?: number;
}

/** The pool at a glance, for tests and status reports. */
export interface ChildPoolStats {
  maxChildren: number;
  /** Child processes alive (busy, idle, or killed and not yet exited). */
  live: number;
  idle: number;
  /** Runs waiting for a child. */
  waiting: number;
}

interface Waiter {
  memoryMb: number;
  grant: (child: IsolatedChild) => void;
}

let maxChildren = DEFAULT_MAX_CHILDREN;
/** Idle children, oldest first. */
const idle: IsolatedChild[] = [];
const living = new Set<IsolatedChild>();
/** Runs waiting for a child, first come first served. */
const waiting: Waiter[] = [];
/** Children killed and not yet exited: each still holds its slot. */
const exiting = new Set<IsolatedChild>();
/** Children killed after a run went wrong: each is replaced once its process is gone. */
const toReplace = new WeakSet<IsolatedChild>();
let exitHookInstalled = false;

function removeIdle(child: IsolatedChild): void {
  const index = idle.indexOf(child);
  if (index >= 0) idle.splice(index, 1);
}

function forget(child: IsolatedChild): void {
  living.delete(child);
  exiting.delete(child);
  removeIdle(child);
  // The slot is free now: the next waiter, or the warm replacement of a child that went wrong.
  if (toReplace.has(child) && waiting.length === 0 && idleCount(child.memoryMb) === 0 && hasRoom())
    park(start(child.memoryMb));
  serve();
}

/** Kills a child; it keeps its slot until its process has exited. */
function retire(child: IsolatedChild): void {
  removeIdle(child);
  if (!child.dead) exiting.add(child);
  child.kill();
}

function start(memoryMb: number): IsolatedChild {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const child of living) child.kill();
    });
  }
  const child = new IsolatedChild(memoryMb, forget);
  living.add(child);
  return child;
}

function park(child: IsolatedChild): void {
  child.attach(null);
  child.unref();
  idle.push(child);
  if (idle.length > MAX_IDLE) retire(idle[0]);
}

function idleCount(memoryMb: number): number {
  return idle.filter((child) => child.memoryMb === memoryMb).length;
}

/** An idle child of a limit (ready ones first), taken out of the idle list. */
function takeIdle(memoryMb: number): IsolatedChild | null {
  let index = idle.findIndex((child) => child.memoryMb === memoryMb && child.ready);
  if (index < 0) index = idle.findIndex((child) => child.memoryMb === memoryMb);
  return index >= 0 ? idle.splice(index, 1)[0] : null;
}

/** True while one more child may start. */
function hasRoom(): boolean {
  return living.size < maxChildren;
}

/** Kills the oldest idle child (of a limit nobody waits for, if any): its slot frees once it has exited. */
function evictIdle(): boolean {
  const wanted = new Set(waiting.map((waiter) => waiter.memoryMb));
  const victim = idle.find((child) => !wanted.has(child.memoryMb)) ?? idle[0];
  if (!victim) return false;
  retire(victim);
  return true;
}

/** Hands children to waiting runs, first come first served, while there are children or room. */
function serve(): void {
  while (waiting.length > 0) {
    const waiter = waiting[0];
    const child = takeIdle(waiter.memoryMb) ?? (hasRoom() ? start(waiter.memoryMb) : null);
    if (!child) {
      // Every slot is taken: idle children of other limits make room once they have exited
      // (one per waiter, counting those already on their way out).
      while (exiting.size < waiting.length && evictIdle());
      return;
    }
    waiting.shift();
    child.ref();
    waiter.grant(child);
  }
}

/**
 * Asks for a child for a heap limit: `grant` gets it (held for one run) at once when one is idle
 * or there is room, else when a child frees up. Returns a function that leaves the queue (it does
 * nothing once the child was granted).
 */
export function requestChild(memoryMb: number, grant: (child: IsolatedChild) => void): () => void {
  const waiter: Waiter = { memoryMb, grant };
  waiting.push(waiter);
  serve();
  return () => {
    const index = waiting.indexOf(waiter);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/** Gives back a child whose run ended cleanly: to the next waiter, to the idle list, or killed when enough wait idle. */
export function releaseChild(child: IsolatedChild): void {
  if (child.dead) return;
  if (waiting.length === 0 && idleCount(child.memoryMb) >= MAX_IDLE_PER_LIMIT) retire(child);
  else {
    park(child);
    serve();
  }
}

/** Kills a child whose run went wrong; if it had worked, a warm replacement starts once it has exited. */
export function discardChild(child: IsolatedChild): void {
  // A child that never became ready would fail again: replace only one that had worked.
  if (child.ready) toReplace.add(child);
  retire(child);
}

/** Starts one child ahead of the first isolated run, so its start-up overlaps the host's own loading. */
export function prewarmChildPool(memoryMb = DEFAULT_CHILD_MEMORY_MB): void {
  if (idleCount(memoryMb) > 0 || waiting.some((waiter) => waiter.memoryMb === memoryMb)) return;
  if (hasRoom()) {
    park(start(memoryMb));
    return;
  }
  // Full: an idle child of another limit gives its slot; nothing is stopped that is running.
  if (idle.some((child) => child.memoryMb !== memoryMb) && evictIdle())
    waiting.push({ memoryMb, grant: park });
}

/**
 * Sets the cap on live children for this process (every run shares one pool). Lowering it kills
 * idle children down to the new cap; running ones finish first. A cap that is not a positive
 * whole number is a caller mistake (`RunError`).
 */
export function configureChildPool(options: ChildPoolOptions): void {
  const cap = options.maxChildren;
  if (cap === undefined) return;
  if (!Number.isSafeInteger(cap) || cap < 1)
    throw new RunError(
      `maxChildren must be a positive whole number, not ${JSON.stringify(cap)}.`,
      `leave it out for the default of ${DEFAULT_MAX_CHILDREN} (one per core, at least two)`,
    );
  maxChildren = cap;
  while (living.size - exiting.size > maxChildren && idle.length > 0) retire(idle[0]);
  serve();
}

/** How many children are alive and idle, how many runs wait, and the cap. */
export function childPoolStats(): ChildPoolStats {
  return { maxChildren, live: living.size, idle: idle.length, waiting: waiting.length };
}

/** Kills every idle child and waits until they are gone (children running a program finish first). */
export async function closeChildPool(): Promise<void> {
  const closing = [...idle];
  for (const child of closing) {
    // Held again so the host waits for the exits it awaits.
    child.ref();
    retire(child);
  }
  await Promise.all(closing.map((child) => child.exited));
}

/** The same as `prewarmChildPool` (the name from when isolated runs used worker threads). */
export const prewarmWorkerPool = prewarmChildPool;

/** The same as `closeChildPool` (the name from when isolated runs used worker threads). */
export const closeWorkerPool = closeChildPool;
