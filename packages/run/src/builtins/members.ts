import { forbiddenPropertyMessage, isForbiddenProperty, type Node } from "@lackpy/lang";
import type { RunContext } from "../run-context.js";
import { SecretValue, refuseSecret, secretFault } from "../secrets/secret-value.js";
import {
  Namespace,
  RangeValue,
  isCallable,
  isPlainObject,
  newObject,
  typeName,
} from "../values/values.js";

/** A computed property key as the program may use it: a number, or anything else as a string; objects are refused. */
export function toPropertyKey(interpreter: RunContext, key: unknown, node: Node): string | number {
  if (typeof key === "number") return key;
  if (typeof key === "string") return key;
  if (typeof key === "boolean" || key === null || key === undefined) return String(key);
  refuseSecret(key, "used as a key", node);
  throw interpreter.fault(
    "runtime_error",
    `A property key must be a string or a number, not ${typeName(key)}.`,
    node,
  );
}

/** Refuses forbidden property names at run time, with the validator's message. */
export function checkKey(interpreter: RunContext, key: string | number, node: Node): void {
  if (typeof key === "string" && isForbiddenProperty(key)) {
    const { message, hint } = forbiddenPropertyMessage(key);
    throw interpreter.fault("forbidden_property", message, node, hint);
  }
}

function isIndex(key: string | number): number | null {
  const index = typeof key === "number" ? key : /^(0|[1-9]\d*)$/.test(key) ? Number(key) : NaN;
  return Number.isInteger(index) && index >= 0 ? index : null;
}

/** Reads `object[key]` through own properties of program values only; a missing property reads as undefined. A secret's field is a secret too. */
export function readMember(
  interpreter: RunContext,
  object: unknown,
  key: string | number,
  node: Node,
): unknown {
  checkKey(interpreter, key, node);
  if (object === null || object === undefined) {
    throw interpreter.fault(
      "runtime_error",
      `Cannot read '${key}' of ${object}.`,
      node,
      "check the value first, or use ?. (optional chaining)",
    );
  }
  if (object instanceof SecretValue) return object.field(key);
  if (typeof object === "string") {
    if (key === "length") return object.length;
    const index = isIndex(key);
    return index === null ? undefined : object[index];
  }
  if (Array.isArray(object)) {
    if (key === "length") return object.length;
    const index = isIndex(key);
    if (index !== null) return object[index];
    return Object.hasOwn(object, key)
      ? (object as unknown as Record<string, unknown>)[key]
      : undefined;
  }
  if (object instanceof Set || object instanceof Map)
    return key === "size" ? object.size : undefined;
  if (object instanceof RegExp) return readRegexMember(object, key);
  if (object instanceof RangeValue) return key === "length" ? object.length : undefined;
  if (object instanceof Namespace) {
    if (!object.members.has(String(key)))
      throw interpreter.fault(
        "runtime_error",
        `${object.name}.${key} does not exist in lackpy.`,
        node,
      );
    return object.members.get(String(key));
  }
  if (isCallable(object))
    throw interpreter.fault("runtime_error", "Functions have no properties in lackpy.", node);
  if (isPlainObject(object)) return Object.hasOwn(object, key) ? object[key] : undefined;
  return undefined;
}

/** Writes `object[key] = value` on program arrays and objects only, within the size limit; `length` is read-only. */
export function writeMember(
  interpreter: RunContext,
  object: unknown,
  key: string | number,
  value: unknown,
  node: Node,
): void {
  checkKey(interpreter, key, node);
  if (object instanceof SecretValue) throw secretFault(object, "changed", node);
  refuseSecret(value, "stored in an array or object", node);
  if (Array.isArray(object)) {
    if (key === "length")
      throw interpreter.fault(
        "forbidden_property",
        "The 'length' property is read-only.",
        node,
        "use xs.slice(0, n) to shorten an array",
      );
    const index = isIndex(key);
    if (index === null)
      throw interpreter.fault(
        "runtime_error",
        `Arrays only take whole-number indexes, not '${key}'.`,
        node,
      );
    interpreter.checkSize(index + 1, "an array", node);
    object[index] = value;
    return;
  }
  if (object instanceof RegExp && key === "lastIndex") {
    if (typeof value !== "number")
      throw interpreter.fault("runtime_error", "A regex's lastIndex must be a number.", node);
    object.lastIndex = value;
    return;
  }
  if (isPlainObject(object)) {
    // Program objects have no prototype, so a plain assignment meets no inherited setter and is
    // many times cheaper than defineProperty; objects with Object.prototype keep defineProperty.
    if (Object.getPrototypeOf(object) === null) {
      object[key] = value;
      return;
    }
    Object.defineProperty(object, String(key), {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    return;
  }
  throw interpreter.fault(
    "runtime_error",
    `Cannot set '${key}' on ${typeName(object)}.`,
    node,
    "only arrays and objects the program created can be changed",
  );
}

/** The data members of a regex a program may read (its host methods and prototype are never reached). */
const REGEX_MEMBERS: ReadonlySet<string> = new Set([
  "lastIndex",
  "source",
  "flags",
  "global",
  "ignoreCase",
  "multiline",
  "dotAll",
  "unicode",
  "sticky",
  "hasIndices",
]);

function readRegexMember(regex: RegExp, key: string | number): unknown {
  return typeof key === "string" && REGEX_MEMBERS.has(key)
    ? (regex as unknown as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The object an object rest pattern (`const { a, ...rest } = value`) binds: the own keys of a
 * plain object that were not named, each key checked like every key a program creates.
 */
export function restObject(
  interpreter: RunContext,
  value: unknown,
  used: ReadonlySet<string>,
  node: Node,
): Record<string, unknown> {
  const rest = newObject();
  refuseSecret(value, "destructured", node);
  if (!isPlainObject(value)) return rest;
  interpreter.checkEntries(value, node);
  for (const key of Object.keys(value))
    if (!used.has(key)) writeMember(interpreter, rest, key, value[key], node);
  return rest;
}
