import type { Node } from "@lackpy/lang";
import { SecretValue } from "../secrets/secret-value.js";

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
    /** The arrow's body for one item without a frame, when its shape allows (`compile/direct-arrow.ts`). */
    readonly direct?: DirectCode,
  ) {}
}

/**
 * An arrow called for one item without a frame or an argument list: the same steps, work and
 * host calls as its compiled code, or `NOT_DIRECT` (before counting anything) for an item the
 * compiled code must take. `node` is the call that invoked it.
 */
export type DirectCode = (context: any, item: unknown, node: Node) => unknown;

/** What a `DirectCode` gives for an item it leaves to the arrow's compiled code. */
export const NOT_DIRECT: unique symbol = Symbol("not direct");

/** A tool, helper or safe-global function used as a callback (`files.map(read_file)`): opaque to the program. */
export class NativeCallable {
  constructor(
    readonly name: string,
    readonly call: NativeCode,
  ) {}
}

/** A safe global facade such as `Math` or `JSON`: only its listed members exist. `Number` can also be called. */
export class Namespace {
  constructor(
    readonly name: string,
    readonly members: ReadonlyMap<string, unknown>,
    /** The conversion a callable facade performs when called, such as `Number(x)`. */
    readonly callable?: NativeCallable,
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

  /** The items as a new array, in one plain loop (callers check the length against the size limit first). */
  toArray(): number[] {
    const items: number[] = new Array(this.length);
    let index = 0;
    for (
      let value = this.start;
      this.step > 0 ? value < this.stop : value > this.stop;
      value += this.step
    )
      items[index++] = value;
    items.length = index;
    return items;
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

/** True for anything the program may call (a callable facade such as `Number` included). */
export function isCallable(value: unknown): value is Closure | NativeCallable | Namespace {
  return (
    value instanceof Closure ||
    value instanceof NativeCallable ||
    (value instanceof Namespace && value.callable !== undefined)
  );
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
  if (value instanceof SecretValue) return "secret";
  if (typeof value === "object") return "object";
  return typeof value;
}
