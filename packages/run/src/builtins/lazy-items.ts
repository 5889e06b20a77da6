/**
 * Items of program values for helpers that only read them once (`sum`, `min`, `count`, …): a
 * range is walked lazily under the work budget instead of being made into a list first, so
 * `sum(range(1e9))` is stopped by the clock, never by an allocation the host cannot survive.
 */
import type { Node } from "@lackpy/lang";
import type { RunContext } from "../run-context.js";
import { iterate } from "./iterate.js";
import { RangeValue } from "../values/values.js";

/** Work units per range item: the generator step and the helper's own work on the item. */
const RANGE_ITEM_UNIT = 4;

function* rangeItems(interpreter: RunContext, range: RangeValue, node: Node): Generator<number> {
  for (const item of range) {
    interpreter.chargeWork(RANGE_ITEM_UNIT, node);
    yield item;
  }
}

/** The items of an iterable program value, lazily for ranges. */
export function lazyItems(interpreter: RunContext, value: unknown, node: Node): Iterable<unknown> {
  if (value instanceof RangeValue) return rangeItems(interpreter, value, node);
  return iterate(interpreter, value, node);
}

/** The last item of a range, when its items are exact (whole numbers), else undefined. */
export function rangeLast(range: RangeValue): number | undefined {
  const { start, stop, step } = range;
  if (![start, stop, step].every(Number.isSafeInteger) || range.length === 0) return undefined;
  const last = start + (range.length - 1) * step;
  return Number.isSafeInteger(last) ? last : undefined;
}
