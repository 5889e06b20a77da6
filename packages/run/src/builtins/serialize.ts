/**
 * Bounded serialisation of program values: output, variables, trace entries and JSON text.
 * Every walk is cycle-safe (a repeated object is written once, then marked), depth-limited
 * (64 levels) and size-capped, so a result can never grow past its budget. A secret is written
 * as its marker, `[secret:NAME]`, in output, variables and trace; JSON text of it is refused.
 */
import { isForbiddenProperty, type Node } from "@lackpy/lang";
import { displayShort } from "../values/display.js";
import type { RunContext } from "../run-context.js";
import { checkKey } from "./members.js";
import { SecretValue, secretFault } from "../secrets/secret-value.js";
import {
  Closure,
  Namespace,
  NativeCallable,
  RangeValue,
  isPlainObject,
  newObject,
} from "../values/values.js";
import { UNMETERED, WALK_UNIT, type WorkMeter } from "../values/work-meter.js";

/** Deepest nesting written before a marker replaces the rest. */
export const MAX_SERIALIZE_DEPTH = 64;

const OBJECT_PROTOTYPE_NAMES: ReadonlySet<string> = new Set(
  Object.getOwnPropertyNames(Object.prototype),
);

interface Budget {
  bytes: number;
  truncated: boolean;
  /** Charged one unit per value written (JSON text in a run); output after a run needs none. */
  meter: WorkMeter;
  /** Copy every string written (`detachedText`), so the result shares no memory with the value. */
  detach?: boolean;
}

/**
 * A copy of a string that keeps nothing else alive. The engine makes a piece of a long string
 * (a slice, a split, a line) as a view of the whole: a trace that kept such a piece would keep
 * the whole text it came from. A copy of a concatenation is made flat, and its slice is a view of
 * that copy only.
 */
export function detachedText(text: string): string {
  return text.length < 13 ? text : (" " + text).slice(1);
}

/** An output key for a map key: its display, cut short; a key no program object may have is marked. */
function outputKey(key: unknown): string {
  if (key instanceof SecretValue) return key.display;
  const text = typeof key === "string" ? key : displayShort(key);
  return isForbiddenProperty(text) ? `[key ${text}]` : text;
}

/** `written` is null for JSON text, where shared objects are written in full and a cycle is an error. */
function plain(
  value: unknown,
  budget: Budget,
  depth: number,
  path: Set<object>,
  written: Set<object> | null,
): unknown {
  if (budget.bytes <= 0) {
    budget.truncated = true;
    return "…[truncated]";
  }
  if (typeof value === "string") {
    if (value.length > budget.bytes) {
      budget.truncated = true;
      const kept = value.slice(0, Math.max(0, budget.bytes));
      budget.bytes = 0;
      return budget.detach ? detachedText(`${kept}…[truncated]`) : `${kept}…[truncated]`;
    }
    budget.bytes -= value.length + 3;
    return budget.detach ? detachedText(value) : value;
  }
  budget.bytes -= 8;
  budget.meter.chargeWork(WALK_UNIT);
  if (value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  // Only JSON data leaves a run: a host function, symbol or BigInt (never made by a valid program) becomes null or text.
  if (typeof value === "function" || typeof value === "symbol") return null;
  if (typeof value === "bigint") return String(value);
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof SecretValue) {
    if (written === null) throw secretFault(value, "written as JSON");
    return value.display;
  }
  if (value instanceof Closure || value instanceof NativeCallable)
    return written === null ? undefined : "[function]";
  if (value instanceof Namespace) return `[${value.name}]`;
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (path.has(value)) {
    if (written === null) throw new CycleError();
    return "[circular]";
  }
  if (written?.has(value)) return "[repeated]";
  if (depth >= MAX_SERIALIZE_DEPTH) {
    budget.truncated = true;
    return "…[depth limit]";
  }
  path.add(value);
  written?.add(value);
  let result: unknown;
  if (Array.isArray(value) || value instanceof Set || value instanceof RangeValue) {
    const items: unknown[] = [];
    for (const item of value as Iterable<unknown>) {
      if (budget.bytes <= 0) {
        budget.truncated = true;
        items.push("…[truncated]");
        break;
      }
      items.push(plain(item, budget, depth + 1, path, written));
    }
    result = items;
  } else {
    const object: Record<string, unknown> = {};
    for (const [key, item] of entriesOf(value)) {
      if (budget.bytes <= 0) {
        budget.truncated = true;
        object["…"] = "[truncated]";
        break;
      }
      const name = value instanceof Map ? outputKey(key) : (key as string);
      budget.bytes -= name.length + 4;
      const copy = plain(item, budget, depth + 1, path, written);
      // Only names Object.prototype has (`__proto__`, `toString`, …) need defineProperty; it is slow.
      if (!OBJECT_PROTOTYPE_NAMES.has(name)) object[name] = copy;
      else
        Object.defineProperty(object, name, {
          value: copy,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    result = object;
  }
  path.delete(value);
  return result;
}

/** The entries of a map or object, one at a time (a large one is never copied into a list of pairs). */
function* entriesOf(value: object): Generator<[unknown, unknown]> {
  if (value instanceof Map) {
    yield* value.entries();
    return;
  }
  for (const key of Object.keys(value)) yield [key, (value as Record<string, unknown>)[key]];
}

class CycleError extends Error {}

/** A JSON-safe copy of a value within `maxBytes`, with a flag when anything was cut. */
export function toOutput(value: unknown, maxBytes: number): { value: unknown; truncated: boolean } {
  const budget: Budget = { bytes: maxBytes, truncated: false, meter: UNMETERED };
  const result = plain(value, budget, 0, new Set(), new Set());
  return { value: result, truncated: budget.truncated };
}

/** A JSON-safe summary of a value for the trace. */
export function summarise(value: unknown, maxBytes: number): unknown {
  return toOutput(value, maxBytes).value;
}

/**
 * `summarise` into strings that keep nothing else alive (`detachedText`), with how much of
 * `maxBytes` the summary took (about its size as JSON): what the trace keeps of a call.
 */
export function summariseCounted(
  value: unknown,
  maxBytes: number,
): { value: unknown; usedBytes: number } {
  const budget: Budget = { bytes: maxBytes, truncated: false, meter: UNMETERED, detach: true };
  const result = plain(value, budget, 0, new Set(), new Set());
  return { value: result, usedBytes: maxBytes - Math.max(0, budget.bytes) };
}

/** `JSON.stringify` of a program value, refusing (limit_size) before the text could pass the size limit. */
export function jsonText(
  interpreter: RunContext,
  value: unknown,
  node: Node,
  indent?: number | string,
): string {
  const budget: Budget = {
    bytes: interpreter.limits.maxSize,
    truncated: false,
    meter: interpreter,
  };
  let copy: unknown;
  try {
    copy = plain(value, budget, 0, new Set(), null);
  } catch (error) {
    if (error instanceof CycleError)
      throw interpreter.fault(
        "runtime_error",
        "Cannot convert a structure that contains itself to JSON.",
        node,
      );
    throw error;
  }
  if (budget.truncated)
    interpreter.checkSize(interpreter.limits.maxSize + 1, "a JSON string", node);
  const text = JSON.stringify(copy, null, indent) ?? "null";
  interpreter.checkSize(text.length, "a JSON string", node);
  return text;
}

/** Converts parsed JSON into program values (objects without prototypes), refusing forbidden keys such as `__proto__`. */
export function fromJson(interpreter: RunContext, value: unknown, node: Node): unknown {
  if (Array.isArray(value)) return value.map((item) => fromJson(interpreter, item, node));
  if (value === null || typeof value !== "object") return value;
  const result = newObject();
  for (const key of Object.keys(value)) {
    checkKey(interpreter, key, node);
    result[key] = fromJson(interpreter, (value as Record<string, unknown>)[key], node);
  }
  return result;
}

export { isPlainObject };
