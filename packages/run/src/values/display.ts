/**
 * JavaScript's `String(x)` and `Number(x)` for program values, without ever calling a method of
 * the value. Displaying an array joins its items, recursively, so a shared substructure is
 * written each time it is reached: a doubling tree of 30 levels displays as 2^30 items. The
 * walk charges work for every item it reaches, makes a shared array's text once, and stops
 * with `limit_size` as soon as the expanded length passes the size limit. A secret has no
 * display, number or truth value the program may see: each is `secret_access`.
 */
import { SecretValue, secretFault } from "../secrets/secret-value.js";
import { Closure, Namespace, NativeCallable, RangeValue, isPlainObject } from "./values.js";
import { CapReached, WALK_UNIT, cappedMeter, type WorkMeter } from "./work-meter.js";

/** Display of a value that is not an array (no walk needed). */
function displayAtom(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "undefined":
    case "bigint":
    case "symbol":
      return String(value);
  }
  if (value === null) return "null";
  if (value instanceof SecretValue) throw secretFault(value, "converted to text");
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (value instanceof Set) return "[object Set]";
  if (value instanceof Map) return "[object Map]";
  if (value instanceof RangeValue) return `range(${value.start}, ${value.stop}, ${value.step})`;
  if (value instanceof Closure || value instanceof NativeCallable) return "[function]";
  if (value instanceof Namespace) return `[object ${value.name}]`;
  if (isPlainObject(value)) return "[object Object]";
  return "[object]";
}

/** One display walk: the meter, what is being made, arrays on the current path, and texts already made. */
interface DisplayWalk {
  readonly meter: WorkMeter;
  readonly what: string;
  readonly path: Set<unknown>;
  readonly made: Map<unknown, string>;
  /** How many times the walk met an array inside itself (its text then depends on the path). */
  cycles: number;
}

/** Arrays with more items than this are joined in one copy; shorter ones are concatenated. */
const JOIN_FROM_ITEMS = 16;

function displayItem(value: unknown, walk: DisplayWalk): string {
  if (value === null || value === undefined) return "";
  if (!Array.isArray(value)) return displayAtom(value);
  const made = walk.made.get(value);
  if (made !== undefined) return made;
  // As Array.prototype.join: an array inside itself displays as "".
  if (walk.path.has(value)) {
    walk.cycles++;
    return "";
  }
  walk.path.add(value);
  const cycles = walk.cycles;
  const text = joinItems(value, ",", walk);
  walk.path.delete(value);
  // A shared array displays the same each time it is reached: its text is made once.
  if (walk.cycles === cycles) walk.made.set(value, text);
  return text;
}

function joinItems(items: readonly unknown[], separator: string, walk: DisplayWalk): string {
  const { meter } = walk;
  const parts: string[] | null = items.length > JOIN_FROM_ITEMS ? [] : null;
  let text = "";
  let length = 0;
  for (let index = 0; index < items.length; index++) {
    meter.chargeWork(WALK_UNIT);
    const piece = displayItem(items[index], walk);
    length += piece.length + (index > 0 ? separator.length : 0);
    if (length > meter.limits.maxSize) meter.checkSize(length, walk.what);
    if (parts) parts.push(piece);
    else text = index > 0 ? text + separator + piece : piece;
  }
  if (!parts) return text;
  // One copy of the whole text: charged by its length, so repeated copies are stopped by the clock.
  meter.chargeWork(length >> 4);
  return parts.join(separator);
}

/**
 * `String(x)` for program values, bounded by the meter: every item reached is charged, a shared
 * array's text is made once, and the length (the expanded one) is checked against the size
 * limit before any text past it is made.
 */
export function toDisplayString(value: unknown, meter: WorkMeter, what = "a string"): string {
  if (!Array.isArray(value)) return displayAtom(value);
  return displayItem(value, { meter, what, path: new Set(), made: new Map(), cycles: 0 });
}

/** `xs.join(separator)` for program arrays, bounded like `toDisplayString`. */
export function joinDisplay(
  items: readonly unknown[],
  separator: string,
  meter: WorkMeter,
  what = "a string",
): string {
  const walk: DisplayWalk = { meter, what, path: new Set([items]), made: new Map(), cycles: 0 };
  return joinItems(items, separator, walk);
}

/** A short display for keys and messages: never throws, cut to `maxLength` characters. */
export function displayShort(value: unknown, maxLength = 200): string {
  try {
    return toDisplayString(value, cappedMeter(maxLength));
  } catch (error) {
    if (error instanceof CapReached || error instanceof RangeError) return "[long value]";
    throw error;
  }
}

/**
 * `Number(x)` for program values, computed without building the display text: an array of two
 * or more items displays with a comma and is NaN, an empty one is 0, and a one-item array is the
 * number of its item's display.
 */
export function toNumber(value: unknown): number {
  const path = new Set<unknown>();
  let current = value;
  let nested = false;
  for (;;) {
    if (typeof current === "number") return nested ? Number(String(current)) : current;
    if (typeof current === "string") return Number(current);
    if (current === null || current === undefined)
      return nested ? 0 : current === null ? 0 : Number.NaN;
    if (typeof current === "boolean") return nested ? Number.NaN : Number(current);
    if (current instanceof SecretValue) throw secretFault(current, "converted to a number");
    if (!Array.isArray(current)) return Number(displayAtom(current));
    if (current.length === 0 || path.has(current)) return 0;
    if (current.length > 1) return Number.NaN;
    path.add(current);
    current = current[0];
    nested = true;
  }
}

/** JavaScript truthiness; a secret has none the program may test. */
export function truthy(value: unknown): boolean {
  if (value instanceof SecretValue) throw secretFault(value, "tested for truth");
  return Boolean(value);
}
