/**
 * The warm pool of isolated child processes. A child's heap limit is fixed when it starts, and so
 * is what it may read (its `ReadScope`, for a run whose child serves some tools itself), so the
 * pool keeps children per kind (`childKey`): a run takes an idle child of its kind (or starts
 * one), gives it back when the run ended cleanly, and discards it otherwise (timeout,
 * cancellation, death), starting a replacement so the next run is warm again. Any child of the
 * run's heap limit can run its program: a run whose kind has no idle child takes an idle child
 * of another scope (its tools are then all served by the host) rather than wait for a cold start,
 * and once its kind is asked for again the pool starts one in the background.
 *
 * The pool never has more than `maxChildren` live processes (a child counts until its process
 * has exited, so a killed child still holds its slot). A run that finds every slot taken waits
 * in a first-come queue: a released child goes to the first waiter that can use it, and an idle
 * child of another limit is killed to make room. A waiter can leave the queue at any time (the
 * run's deadline or its caller's cancellation). The pool keeps as many idle children of a kind
 * as runs of that kind were in flight at once in the last `RECENT_DEMAND_MS` (at least one), so a
 * burst of concurrent runs finds warm children the next time too. Idle children never keep the
 * host alive, and all children are killed when the host exits.
 */
import { monotonicMs } from "@lackpy/lang";
import { availableParallelism } from "node:os";
import { RunError } from "../run-error.js";
import { IsolatedChild, childKey } from "./isolated-child.js";
import type { ReadScope } from "./read-scope.js";
import type { StartedChild } from "./start-child.js";

/** The heap limit of children started ahead of a run when none is named: the default `memoryMb`. */
export const DEFAULT_CHILD_MEMORY_MB = 256;
/** How long the pool remembers how many runs of a kind were in flight at once. */
export const RECENT_DEMAND_MS = 30_000;

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

/** What a run asks the pool for: a heap limit, and the scope a child needs to serve the run's child tools (null: none). */
export interface ChildRequest {
  readonly memoryMb: number;
  readonly scope: ReadScope | null;
}

interface Waiter {
  request: ChildRequest;
  key: string;
  grant: (child: IsolatedChild) => void;
}

/** Runs of one kind in flight (holding a child or waiting for one), and the most at once lately. */
interface Demand {
  /** Runs of this kind asked for so far, and when the last one was. */
  asked: number;
  askedAt: number;
  active: number;
  peak: number;
  peakAt: number;
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
/** Scopes whose children died before they were ready: their runs use other children. */
const brokenScopes = new Set<string>();
const demands = new Map<string, Demand>();
let trimTimer: ReturnType<typeof setTimeout> | undefined;
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
  if (toReplace.has(child) && waiting.length === 0 && idleCount(child.key) === 0 && hasRoom())
    park(start(child.memoryMb, child.scope));
  serve();
}

/** Kills a child; it keeps its slot until its process has exited. */
function retire(child: IsolatedChild): void {
  removeIdle(child);
  if (!child.dead) exiting.add(child);
  child.kill();
}

function start(memoryMb: number, scope: ReadScope | null, started?: StartedChild): IsolatedChild {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const child of living) child.kill();
    });
  }
  const child = new IsolatedChild(memoryMb, scope, forget, started);
  living.add(child);
  return child;
}

function park(child: IsolatedChild): void {
  child.attach(null);
  child.unref();
  idle.push(child);
  scheduleTrim();
}

function idleCount(key: string): number {
  return idle.filter((child) => child.key === key).length;
}

/** The request's kind, or the plain kind of its limit once its scope is known to be broken. */
function requestKey(request: ChildRequest): string {
  const scope = request.scope && !brokenScopes.has(request.scope.key) ? request.scope : null;
  return childKey(request.memoryMb, scope);
}

/**
 * An idle child for a request, taken out of the idle list: of its kind, ready first; else a ready
 * child of its heap limit (whose tools the host serves); else one of its kind still starting;
 * else one of its heap limit still starting. A child that is already starting is always sooner
 * than a cold one: the one-shot CLI prewarms a plain child before it knows the run's scope.
 */
function takeIdle(request: ChildRequest, key: string): IsolatedChild | null {
  const order = [
    (child: IsolatedChild) => child.key === key && child.ready,
    (child: IsolatedChild) => child.memoryMb === request.memoryMb && child.ready,
    (child: IsolatedChild) => child.key === key,
    (child: IsolatedChild) => child.memoryMb === request.memoryMb,
  ];
  for (const fits of order) {
    const index = idle.findIndex(fits);
    if (index >= 0) return idle.splice(index, 1)[0];
  }
  return null;
}

/** True while one more child may start. */
function hasRoom(): boolean {
  return living.size < maxChildren;
}

/** Kills the oldest idle child (of a limit nobody waits for, if any): its slot frees once it has exited. */
function evictIdle(): boolean {
  const wanted = new Set(waiting.map((waiter) => waiter.request.memoryMb));
  const victim = idle.find((child) => !wanted.has(child.memoryMb)) ?? idle[0];
  if (!victim) return false;
  retire(victim);
  return true;
}

/** Hands children to waiting runs, first come first served, while there are children or room. */
function serve(): void {
  while (waiting.length > 0) {
    const waiter = waiting[0];
    const { request, key } = waiter;
    let child = takeIdle(request, key);
    const scope = scopeOf(request);
    if (child && scope && child.key !== key && wasAskedBefore(key) && hasRoom())
      // A run of this kind makes do with another child; the next finds one of its own.
      park(start(request.memoryMb, scope));
    child ??= hasRoom() ? start(request.memoryMb, scope) : null;
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

function scopeOf(request: ChildRequest): ReadScope | null {
  return request.scope && !brokenScopes.has(request.scope.key) ? request.scope : null;
}

/** True when a run of this kind was asked for before the one asking now (a one-shot process asks once). */
function wasAskedBefore(key: string): boolean {
  return (demands.get(key)?.asked ?? 0) > 1;
}

function noteDemand(key: string, change: 1 | -1): void {
  const now = monotonicMs();
  const demand = demands.get(key) ?? { asked: 0, askedAt: 0, active: 0, peak: 0, peakAt: 0 };
  demand.active += change;
  if (change > 0) {
    demand.asked++;
    demand.askedAt = now;
  }
  if (change > 0 && (demand.active >= demand.peak || now - demand.peakAt > RECENT_DEMAND_MS)) {
    demand.peak = demand.active;
    demand.peakAt = now;
  }
  demands.set(key, demand);
}

/** How many idle children of a kind the pool keeps: the most runs of it in flight at once lately, at least one. */
function idleWanted(key: string, now = monotonicMs()): number {
  const demand = demands.get(key);
  if (!demand || now - demand.peakAt > RECENT_DEMAND_MS) return 1;
  return Math.max(1, demand.peak);
}

/** Once the recent demand has passed, kills idle children beyond what each kind still wants. */
function scheduleTrim(): void {
  if (trimTimer !== undefined || idle.length <= 1) return;
  trimTimer = setTimeout(() => {
    trimTimer = undefined;
    const now = monotonicMs();
    const kept = new Map<string, number>();
    // Newest first: the oldest idle children go.
    for (const child of [...idle].reverse()) {
      const count = (kept.get(child.key) ?? 0) + 1;
      kept.set(child.key, count);
      if (count > idleWanted(child.key, now)) retire(child);
    }
    scheduleTrim();
  }, RECENT_DEMAND_MS);
  trimTimer.unref();
}

/** A run's hold on the pool: leave the queue, or give back the child it was granted. */
export interface ChildLease {
  /** Leaves the queue (nothing once the child was granted, or the lease ended). */
  leave(): void;
  /** Gives back the child of a run that ended cleanly: to the next waiter, the idle list, or killed when enough wait idle. */
  release(child: IsolatedChild): void;
  /** Kills the child of a run that went wrong; if it had worked, a warm replacement starts once it has exited. */
  discard(child: IsolatedChild): void;
  /** The child died before it was ready: its scope is broken, and the run asks again for a child of its plain kind. */
  retryWithoutScope(child: IsolatedChild): void;
}

/**
 * Asks for a child for a run: `grant` gets it (held for one run) at once when one is idle or
 * there is room, else when a child frees up. A granted child may be of another scope than the
 * request's (`child.key`): the run's tools are then served by the host.
 */
export function requestChild(
  request: ChildRequest,
  grant: (child: IsolatedChild) => void,
): ChildLease {
  let key = requestKey(request);
  let ended = false;
  let waiter: Waiter = { request, key, grant };
  noteDemand(key, 1);
  const end = () => {
    if (ended) return;
    ended = true;
    noteDemand(key, -1);
  };
  const leaveQueue = () => {
    const index = waiting.indexOf(waiter);
    if (index >= 0) waiting.splice(index, 1);
  };
  waiting.push(waiter);
  serve();
  return {
    leave() {
      const index = waiting.indexOf(waiter);
      if (index < 0) return;
      leaveQueue();
      end();
    },
    release(child) {
      end();
      releaseChild(child);
    },
    discard(child) {
      end();
      discardChild(child);
    },
    retryWithoutScope(child) {
      if (child.scope) brokenScopes.add(child.scope.key);
      retire(child);
      noteDemand(key, -1);
      key = requestKey(request);
      noteDemand(key, 1);
      waiter = { request, key, grant };
      waiting.unshift(waiter);
      serve();
    },
  };
}

/** True when no run asked for this kind lately (a child of it only ever stood in for others). */
function unwanted(key: string): boolean {
  const demand = demands.get(key);
  return !demand || monotonicMs() - demand.askedAt > RECENT_DEMAND_MS;
}

function releaseChild(child: IsolatedChild): void {
  if (child.dead) return;
  const wanted = waiting.some((waiter) => waiter.request.memoryMb === child.memoryMb);
  // A child of a kind nobody asks for (a prewarmed one that stood in) gives its slot to a child
  // of the kind that is asked for, so the pool ends up with children that serve their runs' tools.
  if (unwanted(child.key) && demands.size > 0) retire(child);
  else if (!wanted && idleCount(child.key) >= idleWanted(child.key)) retire(child);
  else {
    park(child);
    serve();
  }
}

function discardChild(child: IsolatedChild): void {
  // A child that never became ready would fail again: replace only one that had worked.
  if (child.ready) toReplace.add(child);
  retire(child);
}

/**
 * Starts one child ahead of the first isolated run, so its start-up overlaps the host's own
 * loading; or takes `started`, a child the host started itself even earlier
 * (`startChildProcess(memoryMb)`, no read scope), which is killed when the pool has no use for it.
 */
export function prewarmChildPool(memoryMb = DEFAULT_CHILD_MEMORY_MB, started?: StartedChild): void {
  const limit = started?.memoryMb ?? memoryMb;
  const key = childKey(limit, null);
  const waitedFor = waiting.some((waiter) => waiter.request.memoryMb === limit);
  const unneeded = idle.some((child) => child.memoryMb === limit) || waitedFor;
  if (unneeded || (!hasRoom() && !idle.some((child) => child.memoryMb !== limit))) {
    started?.process.kill("SIGKILL");
    return;
  }
  if (hasRoom()) {
    park(start(limit, null, started));
    return;
  }
  // Full: an idle child of another limit gives its slot; nothing is stopped that is running.
  if (evictIdle()) waiting.push({ request: { memoryMb: limit, scope: null }, key, grant: park });
  started?.process.kill("SIGKILL");
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

/** Options of `closeChildPool`. */
export interface CloseChildPoolOptions {
  /**
   * Wait until the killed children have exited (the default). A process about to end (a one-shot
   * CLI) need not: its exit kills every child left, and waiting for the exits only delays it.
   */
  waitForExit?: boolean;
}

/** Kills every idle child and waits until they are gone (children running a program finish first). */
export async function closeChildPool({
  waitForExit = true,
}: CloseChildPoolOptions = {}): Promise<void> {
  const closing = [...idle];
  for (const child of closing) {
    retire(child);
    // Held again so the host waits for the exits it awaits.
    if (waitForExit) child.ref();
  }
  if (waitForExit) await Promise.all(closing.map((child) => child.exited));
}

/** The same as `prewarmChildPool` (the name from when isolated runs used worker threads). */
export const prewarmWorkerPool = prewarmChildPool;

/** The same as `closeChildPool` (the name from when isolated runs used worker threads). */
export const closeWorkerPool = closeChildPool;
