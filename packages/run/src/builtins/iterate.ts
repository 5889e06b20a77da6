import type { Node } from "@lackpy/lang";
import type { RunContext } from "../run-context.js";
import { refuseSecret } from "../secrets/secret-value.js";
import { RangeValue, isPlainObject, typeName } from "../values/values.js";
import { WORK_CHUNK_ITEMS } from "../values/work-meter.js";

/** Rough heap cost of one character as its own string (characters outside Latin-1 are not shared). */
const BYTES_PER_CHARACTER_STRING = 32;

/** The items of an iterable program value as an array (strings by code point, maps as [key, value] pairs). */
export function iterate(interpreter: RunContext, value: unknown, node: Node): unknown[] {
  if (Array.isArray(value)) {
    interpreter.chargeWork(value.length, node);
    return value;
  }
  if (typeof value === "string") {
    interpreter.checkBulk(value.length, BYTES_PER_CHARACTER_STRING, "a list of characters", node);
    return Array.from(value);
  }
  if (value instanceof Set) {
    // A set's items are reached through its hash table: about three array items each.
    interpreter.chargeWork(3 * value.size, node);
    return [...value];
  }
  if (value instanceof Map) {
    interpreter.checkEntries(value, node);
    return [...value].map(([key, item]) => [key, item]);
  }
  if (value instanceof RangeValue) {
    interpreter.checkLength(value.length, "a list from a range", node);
    // The items as `RangeValue` iterates them (a sum per step), charged as they are made.
    const items: number[] = [];
    const { stop, step } = value;
    const more = (next: number) => (step > 0 ? next < stop : next > stop);
    let next = value.start;
    while (more(next)) {
      interpreter.chargeWork(WORK_CHUNK_ITEMS, node);
      for (let count = 0; count < WORK_CHUNK_ITEMS && more(next); count++) {
        items.push(next);
        next += step;
      }
    }
    return items;
  }
  refuseSecret(value, "iterated", node);
  throw notIterable(interpreter, value, node);
}

/** The error for iterating something that is not iterable, with the fix. */
export function notIterable(interpreter: RunContext, value: unknown, node: Node) {
  const hint = isPlainObject(value)
    ? "iterate Object.entries(obj), keys(obj) or values(obj)"
    : "iterate an array, string, set, map or range(n)";
  return interpreter.fault(
    "runtime_error",
    `A ${typeName(value)} value is not iterable.`,
    node,
    hint,
  );
}
