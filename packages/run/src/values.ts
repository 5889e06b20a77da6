import { isForbiddenProperty } from "@lackpy/lang";
import type { Node } from "@lackpy/lang";
import { ProgramFault } from "./run-error.js";

/**
 * The compiled code of an arrow function: binds the arguments in a new frame under `env` (the
 * frame the arrow was created in) and evaluates the body; may return a promise when the body can
 * reach a tool. `context` is the run's context, `node` the call that invoked it (for steps and errors).
 */
export type ClosureCode = (context: any, env: unknown, args: unknown[], node: Node) => unknown;

/** A host function behind a callable name; gets the run's context at call time. */
export type NativeCode = (context: any, args: unknown[], node: Node) => unknown;

/** An arrow function of the program: opaque to the program, callable by helpers and methods. */
export class Closure {
  constructor(
    readonly code: ClosureCode,
    readonly env: unknown,
  ) {}
}

/** A tool, helper or safe-global function used as a callback (`files.map(read_file)`): opaque to the program. */
export class NativeCallable {
  constructor(
    readonly name: string,
    readonly call: NativeCode,
  ) {}
}

/** A safe global facade such as `Math` or `JSON`: only its listed members exist. */
export class Namespace {
  constructor(
    readonly name: string,
    readonly members: ReadonlyMap<string, unknown>,
  ) {}
}

/** The lazy sequence `range(start, stop, step)`: iterable without allocating. */
export class RangeValue {
  constructor(
    readonly start: number,
    readonly stop: number,
    readonly step: number,
  ) {}

  /** Number of items. */
  get length(): number {
    const count = Math.ceil((this.stop - this.start) / this.step);
    return Math.max(0, count);
  }

  *[Symbol.iterator](): Iterator<number> {
    for (
      let value = this.start;
      this.step > 0 ? value < this.stop : value > this.stop;
      value += this.step
    )
      yield value;
  }
}

/** A new program object: no prototype, so no inherited member can ever be reached. */
export function newObject(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** True for plain data objects (program-created or converted at the boundary). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}

/** True for anything the program may call. */
export function isCallable(value: unknown): value is Closure | NativeCallable {
  return value instanceof Closure || value instanceof NativeCallable;
}

/** The receiver type name used by the method allowlist and in messages. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "array";
  if (value instanceof RegExp) return "regex";
  if (value instanceof Set) return "set";
  if (value instanceof Map) return "map";
  if (value instanceof RangeValue) return "range";
  if (value instanceof Namespace) return value.name;
  if (isCallable(value)) return "function";
  if (typeof value === "object") return "object";
  return typeof value;
}

/** Converts a tool's result to plain data: primitives, arrays, plain objects, Set, Map; Date as ISO string; functions and symbols dropped. */
export function toPlainData(
  value: unknown,
  tool: string,
  seen = new Map<object, unknown>(),
): unknown {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      return value;
    case "bigint":
      return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
    case "function":
    case "symbol":
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (seen.has(object)) return seen.get(object);
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (object instanceof RegExp) return new RegExp(object.source, object.flags);
  if (Array.isArray(object)) {
    const copy: unknown[] = [];
    seen.set(object, copy);
    for (let index = 0; index < object.length; index++)
      copy.push(toPlainData(object[index], tool, seen));
    return copy;
  }
  if (object instanceof Set) {
    const copy = new Set<unknown>();
    seen.set(object, copy);
    for (const item of object) copy.add(toPlainData(item, tool, seen));
    return copy;
  }
  if (object instanceof Map) {
    const copy = new Map<unknown, unknown>();
    seen.set(object, copy);
    for (const [key, item] of object)
      copy.set(toPlainData(key, tool, seen), toPlainData(item, tool, seen));
    return copy;
  }
  if (ArrayBuffer.isView(object)) return Array.from(object as unknown as ArrayLike<number>);
  const copy = newObject();
  seen.set(object, copy);
  for (const key of Object.keys(object)) {
    const descriptor = Object.getOwnPropertyDescriptor(object, key);
    if (!descriptor || !("value" in descriptor) || typeof descriptor.value === "function") continue;
    if (isForbiddenProperty(key)) {
      throw new ProgramFault(
        "tool_error",
        `Tool ${tool} returned an object with the forbidden key '${key}'.`,
        { tool },
      );
    }
    copy[key] = toPlainData(descriptor.value, tool, seen);
  }
  return copy;
}

/** Converts a program value into an argument for a tool: a deep copy of plain data; functions are refused. */
export function toToolArgument(
  value: unknown,
  tool: string,
  seen = new Map<object, unknown>(),
): unknown {
  if (isCallable(value)) {
    throw new ProgramFault("runtime_error", `Tool ${tool} takes plain data, not a function.`, {
      tool,
      hint: "call the function first and pass its result",
    });
  }
  if (value instanceof RangeValue) return [...value];
  if (value instanceof Namespace)
    throw new ProgramFault("runtime_error", `Tool ${tool} takes plain data, not ${value.name}.`, {
      tool,
    });
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return seen.get(value);
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(toToolArgument(item, tool, seen));
    return copy;
  }
  if (value instanceof Set)
    return new Set([...value].map((item) => toToolArgument(item, tool, seen)));
  if (value instanceof Map)
    return new Map(
      [...value].map(([key, item]) => [
        toToolArgument(key, tool, seen),
        toToolArgument(item, tool, seen),
      ]),
    );
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const key of Object.keys(value))
    copy[key] = toToolArgument((value as Record<string, unknown>)[key], tool, seen);
  return copy;
}
