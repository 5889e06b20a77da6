import { toDisplayString } from "./display.js";
import { refuseSecret } from "../secrets/secret-value.js";
import { WALK_UNIT, type WorkMeter } from "./work-meter.js";

const RANK: Record<string, number> = { boolean: 0, number: 1, string: 2, object: 3, undefined: 4 };

function compareStrings(a: string, b: string): number {
  // By code point, as Python compares strings (plain < compares UTF-16 code units).
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a.codePointAt(index)!;
    const right = b.codePointAt(index)!;
    if (left !== right) return left < right ? -1 : 1;
    if (left > 0xffff) index++;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * Orders two values: numbers numerically, strings by code point, arrays element-wise; other
 * types by a fixed rank (null and undefined last). Charges one unit of work per pair of values
 * it reaches, so comparing two large shared structures is stopped by the run's clock.
 */
export function compareValues(a: unknown, b: unknown, meter: WorkMeter): number {
  meter.chargeWork(WALK_UNIT);
  refuseSecret(a, "compared");
  refuseSecret(b, "compared");
  if (typeof a === "number" && typeof b === "number") {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") {
    meter.chargeWork(Math.min(a.length, b.length) >> 4);
    return compareStrings(a, b);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a === b) return 0;
    for (let index = 0; index < Math.min(a.length, b.length); index++) {
      const order = compareValues(a[index], b[index], meter);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  }
  const rankA = a === null ? 4 : (RANK[typeof a] ?? 3);
  const rankB = b === null ? 4 : (RANK[typeof b] ?? 3);
  if (rankA !== rankB) return rankA - rankB;
  if (typeof a === "boolean") return Number(a) - Number(b as boolean);
  return compareStrings(
    toDisplayString(a, meter, "a string to compare"),
    toDisplayString(b, meter, "a string to compare"),
  );
}

/** A new array of `items` sorted by `keys` (parallel array), stable; `reverse` keeps equal items in their original order. */
export function sortValues(
  items: readonly unknown[],
  keys: readonly unknown[],
  reverse: boolean,
  meter: WorkMeter,
): unknown[] {
  // Each native pass over the items (the order made, then read back) is one uninterruptible
  // operation: charged first (a small whole number is a quarter of a list item's unit), so one
  // that would not fit the time left is refused before it starts. The sort itself is stopped
  // by its comparisons' charges.
  meter.chargeWork(items.length / 4);
  const order = items.map((_, index) => index);
  order.sort((left, right) => {
    const result = compareValues(keys[left], keys[right], meter);
    return reverse ? -result : result;
  });
  meter.chargeWork(items.length / 4);
  return order.map((index) => items[index]);
}
