/** The helper builtins of language.md §3, with Python's semantics where the spec says so. */
import { countLines, type Node } from "@lackpy/lang";
import { toDisplayString, toNumber, truthy } from "../values/display.js";
import { after, mapIndexes } from "../maybe-async.js";
import type { RunContext } from "../run-context.js";
import { makeSet, setOf } from "./collections.js";
import { iterate } from "./iterate.js";
import { lazyItems, rangeLast } from "./lazy-items.js";
import { checkKey, readMember, writeMember } from "./members.js";
import { jsonText } from "./serialize.js";
import { compareValues, sortValues } from "../values/sort-values.js";
import { refusingSecrets } from "../secrets/secret-value.js";
import { RangeValue, isCallable, isPlainObject, newObject, typeName } from "../values/values.js";
import { OBJECT_KEY_UNIT, inChunks } from "../values/work-meter.js";

/** A helper: arguments already evaluated; returns a promise only when a callback it calls had to wait. */
export type Helper = (interpreter: RunContext, args: unknown[], node: Node) => unknown;

/** Helpers that may call a function they are given (and so may have to wait for it): all others are synchronous. */
export const CALLBACK_HELPERS: ReadonlySet<string> = new Set(["sorted"]);

function fail(interpreter: RunContext, node: Node, message: string, hint?: string): never {
  throw interpreter.fault("runtime_error", message, node, hint);
}

/**
 * `round(x, digits)` with half-to-even on the exact binary value, like Python: a tie is only a
 * tie when the stored double is exactly halfway (`round(2.5) === 2`, `round(1.25, 1) === 1.2`),
 * and `round(2.675, 2) === 2.67` because 2.675 is stored just below the tie.
 */
export function roundHalfEven(value: number, digits = 0): number {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return value;
  if (digits < 0) {
    const factor = 10 ** -digits;
    return roundHalfEven(value / factor) * factor;
  }
  const places = Math.min(100, Math.trunc(digits));
  const magnitude = Math.abs(value);
  // toFixed(n) writes the exact decimal expansion of the double up to n places.
  const [whole, fraction = ""] = magnitude.toFixed(Math.min(100, places + 60)).split(".");
  let rounded: number;
  if (/^50*$/.test(fraction.slice(places))) {
    const kept = Number(`${whole}.${fraction.slice(0, places) || "0"}`);
    const lastDigit = Number(places === 0 ? whole.at(-1) : fraction[places - 1]);
    rounded = lastDigit % 2 === 0 ? kept : Number((kept + 10 ** -places).toFixed(places));
  } else {
    rounded = Number(magnitude.toFixed(places));
  }
  return value < 0 ? -rounded : rounded;
}

function keyed(
  interpreter: RunContext,
  items: unknown[],
  key: unknown,
  node: Node,
): unknown[] | Promise<unknown[]> {
  if (key === null || key === undefined) return items;
  if (typeof key === "string")
    return items.map((item) =>
      item === null || item === undefined ? undefined : readMember(interpreter, item, key, node),
    );
  interpreter.requireCallable(key, "The key", node);
  return mapIndexes(interpreter, items, (index) =>
    interpreter.callFunction(key, [items[index]], node),
  );
}

function sortedBy(
  interpreter: RunContext,
  iterable: unknown,
  key: unknown,
  reverse: unknown,
  node: Node,
): unknown {
  const items = [...iterate(interpreter, iterable, node)];
  return after(keyed(interpreter, items, key, node), (keys) =>
    sortValues(items, keys as unknown[], truthy(reverse), interpreter),
  );
}

function extreme(
  interpreter: RunContext,
  args: unknown[],
  node: Node,
  sign: 1 | -1,
  name: string,
): unknown {
  const source = args.length === 1 ? args[0] : undefined;
  if (source instanceof RangeValue && source.length > 0) {
    // A whole-number range has its extremes at its ends: no walk at all.
    const last = rangeLast(source);
    if (last !== undefined) return sign > 0 === source.step > 0 ? last : source.start;
  }
  const items: Iterable<unknown> =
    Array.isArray(source) || source instanceof Set || source instanceof RangeValue
      ? lazyItems(interpreter, source, node)
      : args;
  let best: unknown;
  let empty = true;
  for (const item of items) {
    if (empty || compareValues(item, best, interpreter) * sign > 0) best = item;
    empty = false;
  }
  if (empty)
    fail(
      interpreter,
      node,
      `${name}() of an empty sequence has no value.`,
      `check len(xs) > 0 before calling ${name}`,
    );
  return best;
}

/** Rough heap cost of one [index, item] pair, or one list of items from `zip`. */
const BYTES_PER_PAIR = 96;

/** `reversed(text)` by code point (a surrogate pair stays in order), without a list of characters. */
function reverseText(interpreter: RunContext, text: string, node: Node): string {
  interpreter.checkBulk(text.length, 2, "a reversed string", node);
  const units = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      units[text.length - index - 2] = unit;
      units[text.length - index - 1] = next;
      index++;
    } else units[text.length - index - 1] = unit;
  }
  const chunks: string[] = [];
  for (let start = 0; start < units.length; start += 8192)
    chunks.push(String.fromCharCode(...units.subarray(start, start + 8192)));
  return chunks.join("");
}

/** Work units of one small list made per item (`enumerate`, `zip`). */
const PAIR_UNITS = 4;

function entriesOf(
  interpreter: RunContext,
  value: unknown,
  node: Node,
  name: string,
): [unknown, unknown][] {
  if (value instanceof Map || isPlainObject(value)) interpreter.checkEntries(value, node);
  if (value instanceof Map) return [...value.entries()];
  if (isPlainObject(value)) return Object.entries(value);
  return fail(
    interpreter,
    node,
    `${name}() takes an object or a map, not ${typeName(value)}.`,
    name === "keys" ? "for arrays use range(len(xs))" : undefined,
  );
}

/** Every helper builtin, by name. */
const UNGUARDED_HELPERS: Readonly<Record<string, Helper>> = Object.freeze({
  len: (interpreter, [value], node) => {
    if (typeof value === "string" || Array.isArray(value)) return value.length;
    if (value instanceof Set || value instanceof Map) return value.size;
    if (value instanceof RangeValue) return value.length;
    if (isPlainObject(value)) return Object.keys(value).length;
    return fail(
      interpreter,
      node,
      `len() takes a string, array, set, map or object, not ${typeName(value)}.`,
    );
  },
  range: (interpreter, args, node) => {
    const numbers = args.map(toNumber);
    if (
      numbers.length === 0 ||
      numbers.length > 3 ||
      numbers.some((number) => !Number.isFinite(number))
    )
      fail(
        interpreter,
        node,
        "range() takes 1 to 3 finite numbers: range(stop) or range(start, stop, step).",
      );
    const [start, stop, step] =
      numbers.length === 1 ? [0, numbers[0], 1] : [numbers[0], numbers[1], numbers[2] ?? 1];
    if (step === 0) fail(interpreter, node, "range() step must not be zero.");
    return new RangeValue(start, stop, step);
  },
  sorted: (interpreter, [items, key, reverse], node) =>
    sortedBy(interpreter, items, key, reverse, node),
  sort_by: (interpreter, [items, field, reverse], node) => {
    if (typeof field !== "string")
      fail(
        interpreter,
        node,
        "sort_by(items, field, reverse?) takes the field name as a string.",
        'e.g. sort_by(files, "size", true)',
      );
    return sortedBy(interpreter, items, field, reverse, node);
  },
  reversed: (interpreter, [value], node) =>
    typeof value === "string"
      ? reverseText(interpreter, value, node)
      : [...iterate(interpreter, value, node)].reverse(),
  enumerate: (interpreter, [value, start], node) => {
    const items = iterate(interpreter, value, node);
    interpreter.checkMemory(items.length, BYTES_PER_PAIR, "a list of [index, item] pairs", node);
    const first = start === undefined ? 0 : toNumber(start);
    const pairs: unknown[][] = [];
    inChunks(interpreter, items.length, PAIR_UNITS, (from, end) => {
      for (let index = from; index < end; index++) pairs.push([index + first, items[index]]);
    });
    return pairs;
  },
  zip: (interpreter, args, node) => {
    const lists: unknown[][] = [];
    for (const arg of args) lists.push(iterate(interpreter, arg, node));
    let length = lists.length === 0 ? 0 : lists[0].length;
    for (const list of lists) length = Math.min(length, list.length);
    const bytesPerItem = BYTES_PER_PAIR + 8 * lists.length;
    interpreter.checkMemory(length, bytesPerItem, "a list of zipped items", node);
    const zipped: unknown[][] = [];
    inChunks(interpreter, length, PAIR_UNITS + lists.length, (from, end) => {
      for (let index = from; index < end; index++) zipped.push(lists.map((list) => list[index]));
    });
    return zipped;
  },
  min: (interpreter, args, node) => extreme(interpreter, args, node, -1, "min"),
  max: (interpreter, args, node) => extreme(interpreter, args, node, 1, "max"),
  sum: (interpreter, [value, start], node) => {
    let total = start === undefined ? 0 : toNumber(start);
    for (const item of lazyItems(interpreter, value, node)) {
      if (typeof item !== "number")
        fail(
          interpreter,
          node,
          `sum() adds numbers, but found ${typeName(item)}.`,
          "convert with float(x) or int(x) first",
        );
      total += item;
    }
    return total;
  },
  any: (interpreter, [value], node) => {
    for (const item of lazyItems(interpreter, value, node)) if (truthy(item)) return true;
    return false;
  },
  all: (interpreter, [value], node) => {
    for (const item of lazyItems(interpreter, value, node)) if (!truthy(item)) return false;
    return true;
  },
  abs: (_interpreter, [value]) => Math.abs(toNumber(value)),
  round: (_interpreter, [value, digits]) =>
    roundHalfEven(toNumber(value), digits === undefined ? 0 : Math.trunc(toNumber(digits))),
  str: (interpreter, [value], node) =>
    typeof value === "string"
      ? value
      : value === null || typeof value !== "object"
        ? String(value)
        : jsonText(interpreter, value, node),
  int: (interpreter, [value], node) => {
    if (typeof value === "number" && Number.isFinite(value)) return Math.trunc(value);
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "string" && /^\s*[+-]?\d+\s*$/.test(value))
      return Number.parseInt(value, 10);
    if (typeof value === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value))
      return fail(
        interpreter,
        node,
        `int() cannot read '${value}' as a whole number.`,
        "use float(x) for decimals, then int(...) to truncate",
      );
    return fail(
      interpreter,
      node,
      `int() cannot convert ${typeof value === "string" ? `'${value}'` : typeName(value)} to a whole number.`,
    );
  },
  float: (interpreter, [value], node) => {
    if (typeof value === "number") return value;
    if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)))
      return Number(value);
    return fail(
      interpreter,
      node,
      `float() cannot convert ${typeof value === "string" ? `'${value}'` : typeName(value)} to a number.`,
    );
  },
  bool: (_interpreter, [value]) => truthy(value),
  list: (interpreter, [value], node) => {
    if (value === undefined) return [];
    if (value instanceof Map) return [...value.keys()];
    if (isPlainObject(value)) return Object.keys(value);
    return [...iterate(interpreter, value, node)];
  },
  dict: (interpreter, [value], node) => {
    const result = newObject();
    if (value === undefined) return result;
    const pairs =
      value instanceof Map || isPlainObject(value)
        ? entriesOf(interpreter, value, node, "dict")
        : iterate(interpreter, value, node);
    interpreter.chargeWork(pairs.length * OBJECT_KEY_UNIT, node);
    for (const pair of pairs) {
      if (!Array.isArray(pair) || pair.length < 2)
        fail(
          interpreter,
          node,
          "dict() takes [key, value] pairs.",
          'e.g. dict([["a", 1], ["b", 2]])',
        );
      const key = toDisplayString(pair[0], interpreter);
      checkKey(interpreter, key, node);
      writeMember(interpreter, result, key, pair[1], node);
    }
    return result;
  },
  set: (interpreter, [value], node) => makeSet(interpreter, value, node),
  keys: (interpreter, [value], node) =>
    entriesOf(interpreter, value, node, "keys").map(([key]) => key),
  values: (interpreter, [value], node) =>
    entriesOf(interpreter, value, node, "values").map(([, item]) => item),
  items: (interpreter, [value], node) =>
    entriesOf(interpreter, value, node, "items").map(([key, item]) => [key, item]),
  has: (interpreter, [container, key], node) => {
    if (Array.isArray(container)) {
      interpreter.chargeWork(container.length, node);
      return container.includes(key);
    }
    if (typeof container === "string") {
      interpreter.chargeWork(container.length, node);
      return container.includes(toDisplayString(key, interpreter));
    }
    if (container instanceof Set || container instanceof Map) return container.has(key);
    if (isPlainObject(container))
      return Object.hasOwn(container, toDisplayString(key, interpreter));
    return fail(
      interpreter,
      node,
      `has() takes an object, array, string, set or map, not ${typeName(container)}.`,
    );
  },
  unique: (interpreter, [value], node) => {
    const items = iterate(interpreter, value, node);
    return [...setOf(interpreter, items, "a set of unique items", node)];
  },
  count: (interpreter, [value, target], node) => {
    let total = 0;
    for (const item of lazyItems(interpreter, value, node)) if (item === target) total++;
    return total;
  },
  line_count: (interpreter, [text], node) => {
    if (typeof text !== "string")
      fail(
        interpreter,
        node,
        `line_count(text) counts the lines of a string, not ${typeName(text)}.`,
        "pass a file's text: line_count(read_file(path))",
      );
    interpreter.chargeWork(text.length, node);
    return countLines(text);
  },
  print: (interpreter, args, node) => {
    let length = Math.max(0, args.length - 1);
    const parts = args.map((arg) => {
      // Each argument is written as text: about four array items of work (print(...xs)).
      interpreter.chargeWork(4, node);
      const part =
        typeof arg === "string"
          ? arg
          : arg === null || typeof arg !== "object" || isCallable(arg)
            ? toDisplayString(arg, interpreter)
            : jsonText(interpreter, arg, node);
      length += part.length;
      if (length > interpreter.limits.maxSize)
        interpreter.checkSize(length, "a printed line", node);
      return part;
    });
    interpreter.print(parts.join(" "));
    return undefined;
  },
});

/** Every helper by name; a secret is never a helper's argument (`secret_access`). */
export const HELPER_IMPLEMENTATIONS: Readonly<Record<string, Helper>> = refusingSecrets<Helper>(
  UNGUARDED_HELPERS,
  (name) => `passed to ${name}, which is not a kit tool`,
);
