/**
 * The warm pool of isolated child processes. A child's heap limit is fixed when it starts, so
 * the pool keeps children per `memoryMb`: a run takes an idle child of its limit (or starts
 * one), gives it back when the run ended cleanly, and discards it otherwise (timeout,
 * cancellation, death), starting a replacement so the next run is warm again. Idle children
 * never keep the host alive, and all children are killed when the host exits.
 */
import { IsolatedChild } from "./isolated-child.js";

/** The heap limit of children started ahead of a run when none is named: the default `memoryMb`. */
export const DEFAULT_CHILD_MEMORY_MB = 256;
const MAX_IDLE_PER_LIMIT = 2;
const MAX_IDLE = 4;

/** Idle children, oldest first. */
const idle: IsolatedChild[] = [];
const living = new Set<IsolatedChild>();
let exitHookInstalled = false;

function forget(child: IsolatedChild): void {
  living.delete(child);
  const index = idle.indexOf(child);
  if (index >= 0) idle.splice(index, 1);
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
  if (idle.length > MAX_IDLE) idle.shift()!.kill();
}

function idleCount(memoryMb: number): number {
  return idle.filter((child) => child.memoryMb === memoryMb).length;
}

/** A child for a heap limit, held for one run: an idle one (ready ones first), or a new one. */
export function acquireChild(memoryMb: number): IsolatedChild {
  let index = idle.findIndex((child) => child.memoryMb === memoryMb && child.ready);
  if (index < 0) index = idle.findIndex((child) => child.memoryMb === memoryMb);
  const child = index >= 0 ? idle.splice(index, 1)[0] : start(memoryMb);
  child.ref();
  return child;
}

/** Gives back a child whose run ended cleanly (it is killed when enough of its limit wait idle). */
export function releaseChild(child: IsolatedChild): void {
  if (child.dead) return;
  if (idleCount(child.memoryMb) >= MAX_IDLE_PER_LIMIT) child.kill();
  else park(child);
}

/** Kills a child whose run went wrong and, if it had worked, starts a warm replacement. */
export function discardChild(child: IsolatedChild): void {
  child.kill();
  // A child that never became ready would fail again: replace only one that had worked.
  if (child.ready && idleCount(child.memoryMb) === 0) park(start(child.memoryMb));
}

/** Starts one child ahead of the first isolated run, so its start-up overlaps the host's own loading. */
export function prewarmChildPool(memoryMb = DEFAULT_CHILD_MEMORY_MB): void {
  if (idleCount(memoryMb) === 0) park(start(memoryMb));
}

/** Kills every idle child and waits until they are gone (children running a program finish first). */
export async function closeChildPool(): Promise<void> {
  const closing = idle.splice(0);
  for (const child of closing) {
    // Held again so the host waits for the exits it awaits.
    child.ref();
    child.kill();
  }
  await Promise.all(closing.map((child) => child.exited));
}

/** The same as `prewarmChildPool` (the name from when isolated runs used worker threads). */
export const prewarmWorkerPool = prewarmChildPool;

/** The same as `closeChildPool` (the name from when isolated runs used worker threads). */
export const closeWorkerPool = closeChildPool;
