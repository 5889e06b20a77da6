/**
 * Method calls on program values, checked on the receiver's actual type against the allowlist
 * of language.md §4. Methods that take callbacks are implemented here (tools inside callbacks
 * may be async, and every callback call counts steps); the rest call the host method only after
 * their arguments are checked and the size of what they would produce is known to be in bounds.
 */
import { METHOD_ALLOWLIST, type MethodReceiverType, type Node } from "@lackpy/lang";
import { joinDisplay, toDisplayString, toNumber, truthy } from "./display.js";
import type { Interpreter } from "./interpreter.js";
import { iterate } from "./iterate.js";
import { regexExec, regexTest } from "./regex-methods.js";
import { sortValues } from "./sort-values.js";
import { stringMethod } from "./string-methods.js";
import { SecretValue, refuseSecrets, secretFault } from "./secret-value.js";
import { isCallable, typeName } from "./values.js";
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

function receiverType(value: unknown): MethodReceiverType | null {
  const type = typeName(value);
  return type in ALLOWED ? (type as MethodReceiverType) : null;
}

/** True when the receiver's type allows calling `name` on it. */
export function methodAllowed(receiver: unknown, name: string): boolean {
  const type = receiverType(receiver);
  return type !== null && ALLOWED[type].has(name) && name !== "size";
}

/** Calls `receiver.name(...args)` if the receiver's type allows that method. */
export async function callMethod(
  interpreter: Interpreter,
  receiver: unknown,
  name: string,
  args: unknown[],
  node: Node,
): Promise<unknown> {
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
    if (NON_ALLOCATING.has(name)) interpreter.chargeWork(receiver.length, node);
    else interpreter.checkBulk(receiver.length, 8, `the result of ${name}`, node);
  }
  if (!type || !ALLOWED[type].has(name) || name === "size") {
    const allowed = type ? [...ALLOWED[type]].filter((method) => method !== "size") : [];
    const suggestion = nearest(name, allowed);
    const hint =
      type === null
        ? receiverHint(receiver)
        : suggestion
          ? `did you mean ${suggestion}? ${type} methods: ${allowed.join(", ")}`
          : `${type} methods: ${allowed.join(", ")}`;
    throw interpreter.fault(
      "method_not_allowed",
      `Method '${name}' is not allowed on ${type ?? typeName(receiver)} values.`,
      node,
      hint,
    );
  }
  for (let index = 0; index < args.length; index++) {
    const replacer = type === "string" && index === 1 && name.startsWith("replace");
    if (isCallable(args[index]) && type !== "array" && !replacer)
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
        return await arrayMethod(interpreter, receiver as unknown[], name, args, node);
      case "string":
        return await stringMethod(interpreter, receiver as string, name, args, node);
      case "number":
        return (Number.prototype as any)[name].apply(receiver, args.map(toNumber));
      case "regex":
        return name === "test"
          ? regexTest(interpreter, receiver as RegExp, args[0], node)
          : regexExec(interpreter, receiver as RegExp, args[0], node);
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
    if (error instanceof RangeError || error instanceof TypeError || error instanceof SyntaxError) {
      throw interpreter.fault("runtime_error", `${type}.${name}: ${error.message}.`, node);
    }
    throw error;
  }
}

function receiverHint(receiver: unknown): string {
  const type = typeName(receiver);
  if (type === "object")
    return "objects have no methods: use keys(obj), values(obj), items(obj) or has(obj, key)";
  if (type === "range") return "convert it first: list(range(n))";
  if (type === "null" || type === "undefined")
    return "check the value first, or use ?. (optional chaining)";
  return "call methods on strings, arrays, numbers, regexes, sets and maps";
}

function collectionMethod(
  interpreter: Interpreter,
  collection: Set<unknown> | Map<unknown, unknown>,
  name: string,
  args: unknown[],
  node: Node,
): unknown {
  if (name === "add" || name === "set")
    interpreter.checkSize(collection.size + 1, `a ${typeName(collection)}`, node);
  const result = (collection as any)[name](...args);
  return result === collection ? collection : result;
}

async function arrayMethod(
  interpreter: Interpreter,
  array: unknown[],
  name: string,
  args: unknown[],
  node: Node,
): Promise<unknown> {
  const callback = args[0];
  const call = (item: unknown, index: number) => {
    interpreter.requireCallable(callback, `${name}'s argument`, node);
    return interpreter.callFunction(callback, [item, index, array], node);
  };
  switch (name) {
    case "map": {
      const result: unknown[] = [];
      for (let index = 0; index < array.length; index++)
        result.push(await call(array[index], index));
      return result;
    }
    case "forEach":
      for (let index = 0; index < array.length; index++) await call(array[index], index);
      return undefined;
    case "filter": {
      const result: unknown[] = [];
      for (let index = 0; index < array.length; index++)
        if (truthy(await call(array[index], index))) result.push(array[index]);
      return result;
    }
    case "find":
    case "findIndex":
      for (let index = 0; index < array.length; index++)
        if (truthy(await call(array[index], index))) return name === "find" ? array[index] : index;
      return name === "find" ? undefined : -1;
    case "findLast":
    case "findLastIndex":
      for (let index = array.length - 1; index >= 0; index--)
        if (truthy(await call(array[index], index)))
          return name === "findLast" ? array[index] : index;
      return name === "findLast" ? undefined : -1;
    case "some":
      for (let index = 0; index < array.length; index++)
        if (truthy(await call(array[index], index))) return true;
      return false;
    case "every":
      for (let index = 0; index < array.length; index++)
        if (!truthy(await call(array[index], index))) return false;
      return true;
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
      for (let index = args.length >= 2 ? 0 : 1; index < array.length; index++)
        accumulator = await interpreter.callFunction(
          callback,
          [accumulator, array[index], index, array],
          node,
        );
      return accumulator;
    }
    case "flatMap": {
      const result: unknown[] = [];
      for (let index = 0; index < array.length; index++) {
        const value = await call(array[index], index);
        if (Array.isArray(value)) result.push(...value);
        else result.push(value);
        interpreter.checkSize(result.length, "an array", node);
      }
      return result;
    }
    case "sort":
    case "toSorted": {
      const sorted = await sortArray(interpreter, array, callback, node);
      if (name === "toSorted") return sorted;
      sorted.forEach((item, index) => (array[index] = item));
      return array;
    }
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
      interpreter.checkSize(flatLength(array, depth, interpreter.limits.maxSize), "an array", node);
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

async function sortArray(
  interpreter: Interpreter,
  array: unknown[],
  comparator: unknown,
  node: Node,
): Promise<unknown[]> {
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
  // Merge sort: stable, O(n log n) comparator calls, each awaited (a comparator may call tools).
  const merge = async (items: unknown[]): Promise<unknown[]> => {
    if (items.length <= 1) return items;
    const middle = items.length >> 1;
    const left = await merge(items.slice(0, middle));
    const right = await merge(items.slice(middle));
    const result: unknown[] = [];
    let i = 0;
    let j = 0;
    while (i < left.length && j < right.length) {
      const order = toNumber(await interpreter.callFunction(comparator, [left[i], right[j]], node));
      result.push(order > 0 ? right[j++] : left[i++]);
    }
    while (i < left.length) result.push(left[i++]);
    while (j < right.length) result.push(right[j++]);
    return result;
  };
  return merge([...array]);
}

export { iterate };
