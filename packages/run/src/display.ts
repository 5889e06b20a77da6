import { Closure, Namespace, NativeCallable, RangeValue, isPlainObject } from "./values.js";

/** JavaScript's String(x) for program values, without ever calling a method of the value (objects have no prototype). */
export function toDisplayString(value: unknown, seen = new Set<unknown>()): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "undefined":
    case "bigint":
      return String(value);
  }
  if (value === null) return "null";
  if (Array.isArray(value)) {
    if (seen.has(value)) return "";
    seen.add(value);
    const text = value
      .map((item) => (item === null || item === undefined ? "" : toDisplayString(item, seen)))
      .join(",");
    seen.delete(value);
    return text;
  }
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (value instanceof Set) return "[object Set]";
  if (value instanceof Map) return "[object Map]";
  if (value instanceof RangeValue) return `range(${value.start}, ${value.stop}, ${value.step})`;
  if (value instanceof Closure || value instanceof NativeCallable) return "[function]";
  if (value instanceof Namespace) return `[object ${value.name}]`;
  if (isPlainObject(value)) return "[object Object]";
  return "[object]";
}

/** Number(x) for program values. */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (
    typeof value === "string" ||
    typeof value === "boolean" ||
    value === null ||
    value === undefined
  )
    return Number(value);
  return Number(toDisplayString(value));
}

/** JavaScript truthiness. */
export function truthy(value: unknown): boolean {
  return Boolean(value);
}

/** Upper bound of the length of `toDisplayString(value)`, stopping once it passes `limit`. */
export function displayLength(value: unknown, limit: number, seen = new Set<unknown>()): number {
  if (typeof value === "string") return value.length;
  if (!Array.isArray(value)) return toDisplayString(value).length;
  if (seen.has(value)) return 0;
  seen.add(value);
  let total = Math.max(0, value.length - 1);
  for (const item of value) {
    if (total > limit) break;
    total += item === null || item === undefined ? 0 : displayLength(item, limit - total, seen);
  }
  seen.delete(value);
  return total;
}
