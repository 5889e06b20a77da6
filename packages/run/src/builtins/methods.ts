/**
 * Method calls on program values, checked on the receiver's actual type against the allowlist
 * of language.md §4 (sets and maps in `collections.ts`; a range's methods run on its items as an
 * array). Methods that take callbacks are implemented here (a callback that reaches a tool may
 * have to wait, so they return a promise only then, and every callback call counts steps); the
 * rest call the host method only after their arguments are checked and the size of what they
 * would produce is known to be in bounds.
 */
import { METHOD_ALLOWLIST, type MethodReceiverType, type Node } from "@lackpy/lang";
import { joinDisplay, toDisplayString, toNumber, truthy } from "../values/display.js";
import { STOP, after, forEachIndex, mapIndexes, repeat } from "../maybe-async.js";
import type { RunContext } from "../run-context.js";
import { iterate } from "./iterate.js";
import { regexExec, regexTest } from "../regex/regex-methods.js";
import { sortValues } from "../values/sort-values.js";
import { stringMethod } from "./string-methods.js";
import { SecretValue, refuseSecrets, secretFault } from "../secrets/secret-value.js";
import { Closure, NOT_DIRECT, RangeValue, isCallable, typeName } from "../values/values.js";
import { collectionMethod } from "./collections.js";
import { nearest } from "./nearest.js";

const ALLOWED: Record<MethodReceiverType, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(METHOD_ALLOWLIST).map(([type, methods]) => [type, new Set(methods)]),
) as unknown as Record<MethodReceiverType, ReadonlySet<string>>;

/** Methods whose result does not grow with the receiver (all others are memory-checked first). */
const NON_ALLOCATING: ReadonlySet<string> = new Set([
  "includes",
  "indexOf",
  "lastIndexOf",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "some",
  "every",
  "at",
  "charAt",
  "startsWith",
  "endsWith",
  "search",
  "localeCompare",
  "pop",
  "shift",
  "forEach",
  "reduce",
]);

/**
 * String methods that only read their receiver and give a number, boolean or one character,
 * called directly when every argument is a string, a number or undefined: what the general path
 * does for them comes to the same charge and the same host call (a regex or secret argument, or a
 * callback, takes the general path and its errors).
 */
const READING_STRING_METHODS: ReadonlyMap<string, (...args: unknown[]) => unknown> = new Map(
  ["includes", "startsWith", "endsWith", "indexOf", "lastIndexOf", "at", "charAt"]
    .filter((name) => ALLOWED.string.has(name) && NON_ALLOCATING.has(name))
    .map((name) => [name, (String.prototype as any)[name] as (...args: unknown[]) => unknown]),
);

/** True when every argument is a string, a number or undefined (and there are at most two). */
function plainArguments(args: readonly unknown[]): boolean {
  if (args.length > 2) return false;
  for (let index = 0; index < args.length; index++) {
    const type = typeof args[index];
    if (type !== "string" && type !== "number" && type !== "undefined") return false;
  }
  return true;
}

/** Methods that call a function they are given (array callbacks, string replacers), and so may have to wait for it; all other methods are synchronous. */
export const CALLBACK_METHODS: ReadonlySet<string> = new Set([
  "map",
  "forEach",
  "filter",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "some",
  "every",
  "reduce",
  "flatMap",
  "sort",
  "toSorted",
  "replace",
  "replaceAll",
]);

function receiverType(value: unknown): MethodReceiverType | null {
  const type = typeName(value);
  return type in ALLOWED ? (type as MethodReceiverType) : null;
}

/** True when the receiver's type allows calling `name` on it. */
export function methodAllowed(receiver: unknown, name: string): boolean {
  const type = receiverType(receiver);
  return type !== null && ALLOWED[type].has(name) && name !== "size";
}

/** The host method of a string method that only reads its receiver (`includes`, `startsWith`, …), or undefined. */
export function readingStringMethod(name: string): ((...args: unknown[]) => unknown) | undefined {
  return READING_STRING_METHODS.get(name);
}

/**
 * `callMethod` for a call site whose method is a reading string method (`reading`, from
 * `readingStringMethod`): a string receiver with plain arguments calls it at once, as
 * `callMethod` would after the same charge; anything else goes through `callMethod`.
 */
export function callReadingMethod(
  interpreter: RunContext,
  receiver: unknown,
  reading: (...args: unknown[]) => unknown,
  name: string,
  args: unknown[],
  node: Node,
): unknown {
  // The commonest calls of all (`line.includes("TODO")` once a line) skip the general path.
  if (typeof receiver !== "string" || !plainArguments(args))
    return callMethod(interpreter, receiver, name, args, node);
  interpreter.chargeWork(receiver.length / 16, node);
  return args.length === 1 ? reading.call(receiver, args[0]) : reading.apply(receiver, args);
}

/**
 * `callReadingMethod` with one argument, which makes no argument list for the commonest calls (a
 * string receiver and a plain argument: `line.includes("TODO")` once a line); anything else goes
 * through `callReadingMethod` with the argument in a list, so both are one behaviour.
 */
export function callReadingMethodOf1(
  interpreter: RunContext,
  receiver: unknown,
  reading: (...args: unknown[]) => unknown,
  name: string,
  arg: unknown,
  node: Node,
): unknown {
  const type = typeof arg;
  if (
    typeof receiver !== "string" ||
    (type !== "string" && type !== "number" && type !== "undefined")
  )
    return callReadingMethod(interpreter, receiver, reading, name, [arg], node);
  interpreter.chargeWork(receiver.length / 16, node);
  return reading.call(receiver, arg);
}

/** Calls `receiver.name(...args)` if the receiver's type allows that method; a promise only when a callback had to wait. */
export function callMethod(
  interpreter: RunContext,
  receiver: unknown,
  name: string,
  args: unknown[],
  node: Node,
): unknown {
  if (typeof receiver === "string") {
    const reading = READING_STRING_METHODS.get(name);
    if (reading !== undefined && plainArguments(args)) {
      interpreter.chargeWork(receiver.length / 16, node);
      return reading.apply(receiver, args);
    }
  }
  if (receiver instanceof SecretValue)
    throw secretFault(
      receiver,
      "read (its characters, length, fields or methods) outside a kit-tool argument",
      node,
    );
  refuseSecrets(args, "passed to a method", node);
  const type = receiverType(receiver);
  // Native methods run in one step however long the receiver: count the items for the clock.
  if (typeof receiver === "string" || Array.isArray(receiver)) {
    // A method that builds a new array or string from a long receiver allocates it in one go.
    if (NON_ALLOCATING.has(name))
      interpreter.chargeWork(
        typeof receiver === "string" ? receiver.length / 16 : receiver.length,
        node,
      );
    else
      interpreter.checkBulk(
        receiver.length,
        // A new string costs its bytes; a list (an array's copy, a string split) a pointer an item.
        typeof receiver === "string" && name !== "split" ? 2 : 8,
        `the result of ${name}`,
        node,
      );
  }
  if (!type || !ALLOWED[type].has(name) || name === "size") {
    const allowed = type ? [...ALLOWED[type]].filter((method) => method !== "size") : [];
    const suggestion = nearest(name, allowed);
    const listed = `${type} methods: ${allowed.join(", ")}${type === "range" ? "; for others, convert it first: list(range(n))" : ""}`;
    const hint =
      type === null
        ? receiverHint(receiver)
        : suggestion
          ? `did you mean ${suggestion}? ${listed}`
          : listed;
    throw interpreter.fault(
      "method_not_allowed",
      `Method '${name}' is not allowed on ${type ?? typeName(receiver)} values.`,
      node,
      hint,
    );
  }
  // Array and range methods take callbacks, and so do forEach of sets and maps and a replacer.
  const takesCallbacks = type === "array" || type === "range" || name === "forEach";
  for (let index = 0; index < args.length; index++) {
    const replacer = type === "string" && index === 1 && name.startsWith("replace");
    if (isCallable(args[index]) && !takesCallbacks && !replacer)
      throw interpreter.fault(
        "not_a_function",
        `${type}.${name} does not take a function here.`,
        node,
        "pass a string or regex",
      );
  }
  try {
    switch (type) {
      case "array":
      case "string": {
        const result =
          type === "array"
            ? arrayMethod(interpreter, receiver as unknown[], name, args, node)
            : stringMethod(interpreter, receiver as string, name, args, node);
        return result instanceof Promise
          ? result.catch((error) => {
              throw hostFault(interpreter, error, `${type}.${name}`, node);
            })
          : result;
      }
      case "number":
        return (Number.prototype as any)[name].apply(receiver, args.map(toNumber));
      case "regex":
        return name === "test"
          ? regexTest(interpreter, receiver as RegExp, args[0], node)
          : regexExec(interpreter, receiver as RegExp, args[0], node);
      case "range": {
        // A range's methods read it as the array of its items, within the size limit.
        const range = receiver as RangeValue;
        interpreter.checkSize(range.length, "a list from a range", node);
        return callMethod(interpreter, range.toArray(), name, args, node);
      }
      case "set":
      case "map":
        return collectionMethod(
          interpreter,
          receiver as Set<unknown> | Map<unknown, unknown>,
          name,
          args,
          node,
        );
    }
  } catch (error) {
    throw hostFault(interpreter, error, `${type}.${name}`, node);
  }
}

/** A RangeError, TypeError or SyntaxError of a host method as a runtime_error naming the method; anything else as it is. */
function hostFault(interpreter: RunContext, error: unknown, method: string, node: Node): unknown {
  if (error instanceof RangeError || error instanceof TypeError || error instanceof SyntaxError)
    return interpreter.fault("runtime_error", `${method}: ${error.message}.`, node);
  return error;
}

function receiverHint(receiver: unknown): string {
  const type = typeName(receiver);
  if (type === "object")
    return "objects have no methods: use keys(obj), values(obj), items(obj) or has(obj, key)";
  if (type === "null" || type === "undefined")
    return "check the value first, or use ?. (optional chaining)";
  return "call methods on strings, arrays, numbers, regexes, sets, maps and ranges";
}

function arrayMethod(
  interpreter: RunContext,
  array: unknown[],
  name: string,
  args: unknown[],
  node: Node,
): unknown {
  const callback = args[0];
  let checked = false;
  // An arrow of a direct shape (`line => line.includes("TODO")`) runs without a frame an item.
  const direct = callback instanceof Closure ? callback.direct : undefined;
  const call = (index: number) => {
    if (!checked) {
      interpreter.requireCallable(callback, `${name}'s argument`, node);
      checked = true;
    }
    if (direct !== undefined) {
      const value = direct(interpreter, array[index], node);
      if (value !== NOT_DIRECT) return value;
    }
    return interpreter.callFunction(callback, [array[index], index, array], node);
  };
  switch (name) {
    case "map":
      return mapIndexes(interpreter, array, call);
    case "forEach":
      return forEachIndex(interpreter, array, call);
    case "filter": {
      const result: unknown[] = [];
      const done = forEachIndex(interpreter, array, (index) => {
        const keep = call(index);
        // No continuation is made for a callback that answered at once (the usual case).
        if (keep instanceof Promise)
          return keep.then((settled) => {
            if (truthy(settled)) result.push(array[index]);
          });
        if (truthy(keep)) result.push(array[index]);
      });
      return after(done, () => result);
    }
    case "find":
    case "findIndex":
    case "findLast":
    case "findLastIndex": {
      const last = name === "findLast" || name === "findLastIndex";
      const count = array.length;
      let found = -1;
      const done = forEachIndex(interpreter, last ? { length: count } : array, (position) => {
        const index = last ? count - 1 - position : position;
        return after(call(index), (hit) => {
          if (!truthy(hit)) return undefined;
          found = index;
          return STOP;
        });
      });
      const wantsItem = name === "find" || name === "findLast";
      return after(done, () => (wantsItem ? (found < 0 ? undefined : array[found]) : found));
    }
    case "some":
    case "every": {
      const some = name === "some";
      let answer = !some;
      const done = forEachIndex(interpreter, array, (index) =>
        after(call(index), (value) => {
          if (truthy(value) !== some) return undefined;
          answer = some;
          return STOP;
        }),
      );
      return after(done, () => answer);
    }
    case "reduce": {
      interpreter.requireCallable(callback, "reduce's argument", node);
      if (array.length === 0 && args.length < 2)
        throw interpreter.fault(
          "runtime_error",
          "reduce of an empty array needs a start value.",
          node,
          "xs.reduce((total, x) => total + x, 0)",
        );
      let accumulator = args.length >= 2 ? args[1] : array[0];
      let index = args.length >= 2 ? 0 : 1;
      const accept = (value: unknown) => {
        accumulator = value;
      };
      const done = repeat(interpreter, () => {
        if (index >= array.length) return STOP;
        const current = index++;
        return after(
          interpreter.callFunction(callback, [accumulator, array[current], current, array], node),
          accept,
        );
      });
      return after(done, () => accumulator);
    }
    case "flatMap": {
      const result: unknown[] = [];
      const done = forEachIndex(interpreter, array, (index) =>
        after(call(index), (value) => {
          if (Array.isArray(value)) result.push(...value);
          else result.push(value);
          interpreter.checkSize(result.length, "an array", node);
        }),
      );
      return after(done, () => result);
    }
    case "sort":
    case "toSorted":
      return after(sortArray(interpreter, array, callback, node), (sorted) => {
        if (name === "toSorted") return sorted;
        (sorted as unknown[]).forEach((item, index) => (array[index] = item));
        return array;
      });
    case "join": {
      const separator = args[0] === undefined ? "," : toDisplayString(args[0], interpreter);
      return joinDisplay(array, separator, interpreter);
    }
    case "push":
    case "unshift":
      interpreter.checkSize(array.length + args.length, "an array", node);
      return name === "push" ? array.push(...args) : array.unshift(...args);
    case "concat": {
      const total = args.reduce<number>(
        (sum, arg) => sum + (Array.isArray(arg) ? arg.length : 1),
        array.length,
      );
      interpreter.checkSize(total, "an array", node);
      return array.concat(...args);
    }
    case "flat": {
      const depth = args[0] === undefined ? 1 : Math.min(64, Math.max(0, toNumber(args[0])));
      const length = flatLength(array, depth, interpreter.limits.maxSize);
      interpreter.checkSize(length, "an array", node);
      // Flattening visits every nested list: about four array items of work per item.
      interpreter.chargeWork(3 * length, node);
      return array.flat(depth);
    }
    case "keys":
      return array.map((_, index) => index);
    case "values":
      return [...array];
    case "entries":
      interpreter.checkEntries(array, node);
      return array.map((item, index) => [index, item]);
    default:
      return (Array.prototype as any)[name].apply(array, args);
  }
}

function flatLength(array: unknown[], depth: number, limit: number): number {
  let total = 0;
  for (const item of array) {
    total += Array.isArray(item) && depth > 0 ? flatLength(item, depth - 1, limit) : 1;
    if (total > limit) return total;
  }
  return total;
}

/**
 * Sorts a copy of `array`. With a comparator: a bottom-up merge sort (stable, O(n log n)
 * comparator calls) written as a loop over explicit indexes, so a comparator that reaches a tool
 * can wait and a long sort still gives the host its turns.
 */
function sortArray(
  interpreter: RunContext,
  array: unknown[],
  comparator: unknown,
  node: Node,
): unknown[] | Promise<unknown[]> {
  if (comparator === undefined) {
    // Default order compares display strings; the ones made for non-strings count against the size limit together.
    let madeLength = 0;
    const keys = array.map((item) => {
      if (item === undefined || typeof item === "string") return item;
      const key = toDisplayString(item, interpreter);
      madeLength += key.length;
      if (madeLength > interpreter.limits.maxSize)
        interpreter.checkSize(madeLength, "the sort keys", node);
      return key;
    });
    return sortValues(array, keys, false, interpreter);
  }
  interpreter.requireCallable(comparator, "sort's comparator", node);
  const count = array.length;
  let source = [...array];
  if (count <= 1) return source;
  let target: unknown[] = new Array(count);
  let width = 1;
  let low = 0;
  let left = 0;
  let right = 0;
  let middle = 0;
  let high = 0;
  let out = 0;
  const startMerge = () => {
    middle = Math.min(low + width, count);
    high = Math.min(low + 2 * width, count);
    left = low;
    right = middle;
    out = low;
  };
  const accept = (order: unknown) => {
    target[out++] = toNumber(order) > 0 ? source[right++] : source[left++];
  };
  startMerge();
  const done = repeat(interpreter, () => {
    for (;;) {
      if (left < middle && right < high)
        return after(
          interpreter.callFunction(comparator, [source[left], source[right]], node),
          accept,
        );
      while (left < middle) target[out++] = source[left++];
      while (right < high) target[out++] = source[right++];
      low += 2 * width;
      if (low >= count) {
        [source, target] = [target, source];
        width *= 2;
        low = 0;
        if (width >= count) return STOP;
      }
      startMerge();
    }
  });
  return after(done, () => source);
}

export { iterate };
