/**
 * Maybe-async evaluation. Compiled code that can reach a tool call returns either its value or,
 * only when something really had to wait, a Promise of it; everything else stays synchronous.
 * These helpers continue a computation after a value that may be a promise, and drive loops
 * that run synchronously until an item's work returns a promise or the host is owed a turn
 * (`yieldDue`), then finish in an async function without restarting anything.
 */

/** The state a loop driver needs from the run: the yield check and the turn given to the host. */
export interface YieldPoint {
  /** True when enough steps have passed since the host last had a turn. */
  yieldDue(): boolean;
  /** Gives the host's event loop a turn (and checks the clock and the abort signal after it). */
  yieldToHost(): Promise<void>;
}

/** The completion of `break`. */
export const BREAK: unique symbol = Symbol("break");
/** The completion of `continue`. */
export const CONTINUE: unique symbol = Symbol("continue");
/** Returned by a loop body to stop a driver early (a `find` that found its item). */
export const STOP: unique symbol = Symbol("stop");

/** The completion of `return` in an arrow's block: carries the value the arrow call gives back. */
export class ReturnCompletion {
  constructor(readonly value: unknown) {}
}

/** True for a completion that ends a statement list early: `break`, `continue` or `return`. */
export function isAbrupt(completion: unknown): boolean {
  return completion === BREAK || completion === CONTINUE || completion instanceof ReturnCompletion;
}

/** True for a pending value. Only native promises flow through compiled code (tool thenables are adopted). */
export function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

/** Calls `next` with the value now, or once the promise settles. */
export function after<T>(value: unknown, next: (value: unknown) => T): T | Promise<Awaited<T>> {
  return value instanceof Promise ? (value.then(next) as Promise<Awaited<T>>) : next(value);
}

/**
 * Calls `each(index)` for index 0, 1, … while `index < items.length` (read again after every
 * item, so items pushed during the loop are visited) until `each` returns STOP. Synchronous
 * until `each` returns a promise or the host is owed a turn; then the rest runs asynchronously.
 */
export function forEachIndex(
  run: YieldPoint,
  items: { readonly length: number },
  each: (index: number) => unknown,
): void | Promise<void> {
  for (let index = 0; index < items.length; index++) {
    if (run.yieldDue()) return finishIndexes(run, items, each, index, undefined);
    const result = each(index);
    if (result === STOP) return;
    if (result instanceof Promise) return finishIndexes(run, items, each, index + 1, result);
  }
}

async function finishIndexes(
  run: YieldPoint,
  items: { readonly length: number },
  each: (index: number) => unknown,
  from: number,
  pending: Promise<unknown> | undefined,
): Promise<void> {
  if (pending !== undefined && (await pending) === STOP) return;
  for (let index = from; index < items.length; index++) {
    if (run.yieldDue()) await run.yieldToHost();
    let result = each(index);
    if (result instanceof Promise) result = await result;
    if (result === STOP) return;
  }
}

/**
 * Collects `each(index)` for every index of `items` (see `forEachIndex`), in order: an array, or
 * a promise of one when some item's work had to wait.
 */
export function mapIndexes(
  run: YieldPoint,
  items: { readonly length: number },
  each: (index: number) => unknown,
): unknown[] | Promise<unknown[]> {
  const results: unknown[] = [];
  const push = (value: unknown) => {
    results.push(value);
  };
  const done = forEachIndex(run, items, (index) => {
    const value = each(index);
    if (value instanceof Promise) return value.then(push);
    results.push(value);
    return undefined;
  });
  return done instanceof Promise ? done.then(() => results) : results;
}

/**
 * Calls `each(value)` for the values of a range (`start`, `start + step`, … before `stop`,
 * accumulated as `range` does), with `forEachIndex`'s contract.
 */
export function forEachInRange(
  run: YieldPoint,
  range: { readonly start: number; readonly stop: number; readonly step: number },
  each: (value: number) => unknown,
): void | Promise<void> {
  const { stop, step } = range;
  for (let value = range.start; step > 0 ? value < stop : value > stop; value += step) {
    if (run.yieldDue()) return finishRange(run, value, stop, step, each, undefined);
    const result = each(value);
    if (result === STOP) return;
    if (result instanceof Promise) return finishRange(run, value + step, stop, step, each, result);
  }
}

async function finishRange(
  run: YieldPoint,
  from: number,
  stop: number,
  step: number,
  each: (value: number) => unknown,
  pending: Promise<unknown> | undefined,
): Promise<void> {
  if (pending !== undefined && (await pending) === STOP) return;
  for (let value = from; step > 0 ? value < stop : value > stop; value += step) {
    if (run.yieldDue()) await run.yieldToHost();
    let result = each(value);
    if (result instanceof Promise) result = await result;
    if (result === STOP) return;
  }
}

/**
 * Calls `next()` until it returns STOP: the driver for loops whose state lives in `next` (a
 * range, a merge sort). Same synchronous-first contract as `forEachIndex`.
 */
export function repeat(run: YieldPoint, next: () => unknown): void | Promise<void> {
  for (;;) {
    if (run.yieldDue()) return finishRepeat(run, next, undefined);
    const result = next();
    if (result === STOP) return;
    if (result instanceof Promise) return finishRepeat(run, next, result);
  }
}

async function finishRepeat(
  run: YieldPoint,
  next: () => unknown,
  pending: Promise<unknown> | undefined,
): Promise<void> {
  if (pending !== undefined && (await pending) === STOP) return;
  for (;;) {
    if (run.yieldDue()) await run.yieldToHost();
    let result = next();
    if (result instanceof Promise) result = await result;
    if (result === STOP) return;
  }
}

/**
 * Runs statement codes in order until one completes with BREAK, CONTINUE or a return, which is
 * returned; anything else is a normal completion. Synchronous until a statement returns a promise.
 */
export function runSequence<C, E>(
  codes: readonly ((context: C, env: E) => unknown)[],
  context: C,
  env: E,
): unknown {
  for (let index = 0; index < codes.length; index++) {
    const completion = codes[index](context, env);
    if (completion instanceof Promise)
      return finishSequence(codes, context, env, index + 1, completion);
    if (isAbrupt(completion)) return completion;
  }
  return undefined;
}

async function finishSequence<C, E>(
  codes: readonly ((context: C, env: E) => unknown)[],
  context: C,
  env: E,
  from: number,
  pending: Promise<unknown>,
): Promise<unknown> {
  let completion = await pending;
  if (isAbrupt(completion)) return completion;
  for (let index = from; index < codes.length; index++) {
    completion = codes[index](context, env);
    if (completion instanceof Promise) completion = await completion;
    if (isAbrupt(completion)) return completion;
  }
  return undefined;
}
