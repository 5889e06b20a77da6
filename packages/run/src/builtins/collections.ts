/**
 * Sets and maps (language.md §2 and §4): `new Set(iterable?)`, `new Map(entries?)` and their
 * methods. A set or map grows within the size limit like an array; `keys`, `values` and
 * `entries` return arrays, and `forEach` walks a snapshot of the entries taken when it starts
 * (as `for…of` does), so a callback that adds to the collection cannot make the walk endless.
 */
import type { Node } from "@lackpy/lang";
import { forEachIndex } from "../maybe-async.js";
import type { RunContext } from "../run-context.js";
import { iterate } from "./iterate.js";
import { refusingSecrets } from "../secrets/secret-value.js";
import { typeName, type NativeCode } from "../values/values.js";
import { inChunks } from "../values/work-meter.js";

/** Rough heap cost of one Set entry, with the hash table's spare room while it grows. */
export const BYTES_PER_SET_ENTRY = 48;
/** Rough heap cost of one Map entry: key, value and the hash table's spare room. */
const BYTES_PER_MAP_ENTRY = 64;

/** Work units of one item added to a set (hashing, and the table growing): about three array items. */
const SET_ENTRY_UNITS = 3;

/** A set of `items`, built in charged chunks after its size and memory are checked. */
export function setOf(
  context: RunContext,
  items: unknown[],
  what: string,
  node: Node,
): Set<unknown> {
  context.checkSize(items.length, what, node);
  context.checkMemory(items.length, BYTES_PER_SET_ENTRY, what, node);
  const result = new Set<unknown>();
  inChunks(context, items.length, SET_ENTRY_UNITS, (start, end) => {
    for (let index = start; index < end; index++) result.add(items[index]);
  });
  return result;
}

/** A new Set of the items of an iterable program value (none for `undefined`). */
export function makeSet(context: RunContext, source: unknown, node: Node): Set<unknown> {
  if (source === undefined) return new Set();
  return setOf(context, iterate(context, source, node), "a set", node);
}

/** A new Map of the [key, value] pairs of an iterable program value (none for `undefined`). */
export function makeMap(context: RunContext, source: unknown, node: Node): Map<unknown, unknown> {
  const map = new Map<unknown, unknown>();
  if (source === undefined) return map;
  const entries = iterate(context, source, node);
  context.checkSize(entries.length, "a map", node);
  context.checkBulk(entries.length, BYTES_PER_MAP_ENTRY, "a map", node);
  for (const entry of entries) {
    if (!Array.isArray(entry))
      throw context.fault(
        "runtime_error",
        `new Map takes [key, value] pairs, not ${typeName(entry)} items.`,
        node,
        'e.g. new Map([["a", 1], ["b", 2]]), or new Map(Object.entries(obj))',
      );
    map.set(entry[0], entry[1]);
  }
  return map;
}

/** `new Set(…)` and `new Map(…)` by name; a secret is never put in one (`secret_access`). */
export const CONSTRUCTOR_IMPLEMENTATIONS: Readonly<Record<string, NativeCode>> = refusingSecrets<
  (context: RunContext, args: unknown[], node: Node) => unknown
>(
  {
    // As in JavaScript, `new Set(null)` is empty (the helper `set(null)` is an error, as in Python).
    Set: (context, [source], node) => makeSet(context, source ?? undefined, node),
    Map: (context, [source], node) => makeMap(context, source ?? undefined, node),
  },
  (name) => `put in a new ${name}`,
);

/** Calls an allowed method on a set or map (the method allowlist was checked by the caller). */
export function collectionMethod(
  context: RunContext,
  collection: Set<unknown> | Map<unknown, unknown>,
  name: string,
  args: unknown[],
  node: Node,
): unknown {
  switch (name) {
    case "add":
    case "set":
      // Only a new key grows it; the growth counts against the size limit like an array's.
      if (!collection.has(args[0]))
        context.checkSize(collection.size + 1, `a ${typeName(collection)}`, node);
      break;
    case "keys":
    case "values":
      context.checkBulk(collection.size, 8, `the ${name} of a ${typeName(collection)}`, node);
      return Array.from(name === "keys" ? collection.keys() : collection.values());
    case "entries":
      context.checkEntries(collection, node);
      return Array.from(collection.entries(), ([key, value]) => [key, value]);
    case "forEach": {
      const callback = args[0];
      context.requireCallable(callback, "forEach's argument", node);
      context.checkEntries(collection, node);
      const entries = Array.from(collection.entries());
      // As in JavaScript: (value, key, map), and (value, value, set) for a set.
      return forEachIndex(context, entries, (index) =>
        context.callFunction(callback, [entries[index][1], entries[index][0], collection], node),
      );
    }
  }
  const result = (collection as unknown as Record<string, (...items: unknown[]) => unknown>)[name](
    ...args,
  );
  return result === collection ? collection : result;
}
