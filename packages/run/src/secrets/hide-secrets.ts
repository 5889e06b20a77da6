/**
 * Makes what a tool returned opaque wherever it contains a secret's text, before the program
 * sees it: a tool that echoes its input (or upper-cases it, or splits it around other text) must
 * not hand the program a secret as data it can transform. The walk goes over the plain data a
 * tool's result was copied into (its own copy, changed in place): a string or number that
 * contains a secret's text becomes a marker; an object with such a key, and a set or map with one
 * anywhere inside, become one marker as a whole (a key cannot be a marker). Each marker's value
 * is held by the vault, so passing the marker to a tool that takes secrets gives the tool exactly
 * what the first tool returned. Shared parts are handled once and replaced at every reference.
 */
import type { SecretOrigin } from "./secret-texts.js";
import { SecretValue } from "./secret-value.js";

/** What the walk needs from the vault. */
export interface SecretHolder {
  /** The secret whose text `text` contains, or null. */
  find(text: string): SecretOrigin | null;
  /** Keeps a value a tool returned, for revealing its marker later; returns its handle. */
  hold(value: unknown): number;
}

/** A place in a value: array indexes and object keys from the root. */
export type ValuePath = readonly (string | number)[];

/** Options of `hideSecrets`. */
export interface HideOptions {
  /** What goes in place of a value that holds a secret (default: its marker), told where it is. */
  place?: (marker: SecretValue, path: ValuePath) => unknown;
  /** Called with work units as the walk goes (a run charges them to its clock). */
  charge?: (units: number) => void;
}

/** `value` (plain data, changed in place) with every part that holds a secret replaced (see the file comment). */
export function hideSecrets(
  value: unknown,
  holder: SecretHolder,
  tool: string,
  options: HideOptions = {},
): unknown {
  const place = options.place ?? ((marker: SecretValue) => marker);
  const charge = options.charge ?? (() => undefined);
  /** Objects already walked: the marker that replaces each, or null when it is kept. */
  const walked = new Map<object, SecretValue | null>();
  const path: (string | number)[] = [];

  const mark = (found: SecretOrigin, original: unknown): SecretValue =>
    new SecretValue(found.name, [], {
      handle: holder.hold(original),
      origin: found.origin,
      tool,
    });

  const textOf = (item: unknown): string | null =>
    typeof item === "string"
      ? item
      : typeof item === "number" || typeof item === "bigint"
        ? String(item)
        : item instanceof RegExp
          ? item.source
          : null;

  /** The first secret anywhere inside `item` (sets and maps are judged whole). */
  const firstInside = (item: unknown, seen: Set<object>): SecretOrigin | null => {
    charge(1);
    const text = textOf(item);
    if (text !== null) return holder.find(text);
    if (typeof item !== "object" || item === null || seen.has(item)) return null;
    seen.add(item);
    const children: Iterable<unknown> =
      item instanceof Map
        ? [...item].flat()
        : item instanceof Set || Array.isArray(item)
          ? item
          : [...Object.keys(item), ...Object.values(item)];
    for (const child of children) {
      const found = firstInside(child, seen);
      if (found) return found;
    }
    return null;
  };

  const walk = (item: unknown): unknown => {
    charge(1);
    if (item instanceof SecretValue) return item;
    const text = typeof item === "object" && !(item instanceof RegExp) ? null : textOf(item);
    if (text !== null) {
      charge(text.length >> 4);
      const found = holder.find(text);
      return found ? place(mark(found, item), path) : item;
    }
    if (typeof item !== "object" || item === null) return item;
    if (walked.has(item)) {
      const marker = walked.get(item);
      return marker ? place(marker, path) : item;
    }
    let found: SecretOrigin | null = null;
    if (item instanceof Set || item instanceof Map) found = firstInside(item, new Set());
    else if (!Array.isArray(item))
      for (const key of Object.keys(item)) {
        found = holder.find(key);
        if (found) break;
      }
    if (found) {
      const marker = mark(found, item);
      walked.set(item, marker);
      return place(marker, path);
    }
    walked.set(item, null);
    if (item instanceof Set || item instanceof Map) return item;
    const container = item as Record<string | number, unknown>;
    const keys: (string | number)[] = Array.isArray(item)
      ? Array.from({ length: item.length }, (_, index) => index)
      : Object.keys(item);
    for (const key of keys) {
      path.push(key);
      const replaced = walk(container[key]);
      if (replaced !== container[key]) container[key] = replaced;
      path.pop();
    }
    return item;
  };

  return walk(value);
}
