/**
 * The boundary from tools (and params) to programs: anything a tool returns becomes plain data
 * (primitives, arrays, prototype-free objects, Set, Map, a copied RegExp; a Date as its ISO
 * string; typed arrays and buffers as lists of numbers; BigInt as a number, or a string when it
 * is not a safe integer; functions and symbols dropped). Reading the value never runs tool
 * code that can be avoided (getters are skipped, built-in iterators are used), shared and
 * cyclic parts are copied once, and anything that still throws (a revoked Proxy, a trap) ends
 * as a `tool_error` value, never as an exception out of the run.
 */
import { isForbiddenProperty } from "@lackpy/lang";
import { describeError } from "./describe-error.js";
import { ProgramFault, RunError } from "../run-error.js";
import { newObject } from "../values/values.js";
import { SecretValue } from "../secrets/secret-value.js";

/** Options of a conversion. */
export interface PlainDataOptions {
  /** Most values (every object, item, entry and key counts one) the copy may hold. */
  maxItems?: number;
  /** Called for each regex the value holds (a run that gets one needs the regex engine). */
  onRegex?: () => void;
  /** Keeps secret markers as they are (an isolated child: its host put them in the result). */
  keepSecretMarkers?: boolean;
}

/** Deepest nesting a tool result may have. */
export const MAX_PLAIN_DEPTH = 1000;

interface State {
  readonly tool: string;
  readonly maxItems: number;
  readonly seen: Map<object, unknown>;
  readonly onRegex: (() => void) | undefined;
  readonly keepSecretMarkers: boolean;
  items: number;
}

/** Converts a tool's result to plain data (see the file comment); failures are `tool_error` faults. */
export function toPlainData(value: unknown, tool: string, options: PlainDataOptions = {}): unknown {
  const state: State = {
    tool,
    maxItems: options.maxItems ?? Number.POSITIVE_INFINITY,
    seen: new Map(),
    onRegex: options.onRegex,
    keepSecretMarkers: options.keepSecretMarkers === true,
    items: 0,
  };
  try {
    return copy(value, state, 0);
  } catch (error) {
    if (error instanceof ProgramFault) throw error;
    throw new ProgramFault(
      "tool_error",
      `Tool ${tool} returned a value that cannot be read as plain data: ${describeError(error).message}.`,
      { tool, hint: "tools must return JSON-like data: objects, arrays, strings, numbers" },
    );
  }
}

function count(state: State, units: number): void {
  state.items += units;
  if (state.items > state.maxItems)
    throw new ProgramFault(
      "limit_size",
      `Tool ${state.tool} returned more than ${state.maxItems} values; the limit is ${state.maxItems}.`,
      { tool: state.tool, hint: "ask the tool for less at a time" },
    );
}

function number(value: bigint): number | string {
  return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
}

function copy(value: unknown, state: State, depth: number): unknown {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      return value;
    case "bigint":
      return number(value);
    case "function":
    case "symbol":
      return undefined;
  }
  if (value === null) return null;
  if (state.keepSecretMarkers && value instanceof SecretValue) return value;
  const object = value as object;
  if (state.seen.has(object)) return state.seen.get(object);
  if (depth >= MAX_PLAIN_DEPTH)
    throw new ProgramFault(
      "tool_error",
      `Tool ${state.tool} returned data nested deeper than ${MAX_PLAIN_DEPTH} levels.`,
      { tool: state.tool, hint: "return flatter data" },
    );
  count(state, 1);
  if (object instanceof Date) {
    const time = Date.prototype.getTime.call(object);
    return Number.isNaN(time) ? null : Date.prototype.toISOString.call(object);
  }
  if (object instanceof RegExp) {
    state.onRegex?.();
    return new RegExp(object.source, object.flags);
  }
  if (ArrayBuffer.isView(object) || isBuffer(object)) return numbers(object, state);
  if (Array.isArray(object)) {
    const result: unknown[] = [];
    state.seen.set(object, result);
    const length = object.length;
    count(state, length);
    for (let index = 0; index < length; index++) {
      const descriptor = Object.getOwnPropertyDescriptor(object, index);
      result.push(
        descriptor && "value" in descriptor ? copy(descriptor.value, state, depth + 1) : undefined,
      );
    }
    return result;
  }
  if (object instanceof Set) {
    const result = new Set<unknown>();
    state.seen.set(object, result);
    for (const item of Set.prototype.values.call(object)) {
      count(state, 1);
      result.add(copy(item, state, depth + 1));
    }
    return result;
  }
  if (object instanceof Map) {
    const result = new Map<unknown, unknown>();
    state.seen.set(object, result);
    for (const [key, item] of Map.prototype.entries.call(object)) {
      count(state, 2);
      result.set(copy(key, state, depth + 1), copy(item, state, depth + 1));
    }
    return result;
  }
  const result = newObject();
  state.seen.set(object, result);
  for (const key of Object.keys(object)) {
    count(state, 1);
    const descriptor = Object.getOwnPropertyDescriptor(object, key);
    if (!descriptor || !("value" in descriptor)) continue;
    if (typeof descriptor.value === "function" || typeof descriptor.value === "symbol") continue;
    if (isForbiddenProperty(key))
      throw new ProgramFault(
        "tool_error",
        `Tool ${state.tool} returned an object with the forbidden key '${key}'.`,
        { tool: state.tool, hint: "rename the key in the tool's result" },
      );
    result[key] = copy(descriptor.value, state, depth + 1);
  }
  return result;
}

function isBuffer(object: object): object is ArrayBuffer {
  return (
    object instanceof ArrayBuffer ||
    (typeof SharedArrayBuffer !== "undefined" && object instanceof SharedArrayBuffer)
  );
}

/** A typed array's items, or a buffer's or DataView's bytes, as a list of numbers. */
function numbers(object: ArrayBufferView | ArrayBuffer, state: State): unknown[] {
  const view = isBuffer(object)
    ? new Uint8Array(object)
    : object instanceof DataView
      ? new Uint8Array(object.buffer, object.byteOffset, object.byteLength)
      : (object as unknown as ArrayLike<number | bigint>);
  count(state, view.length);
  const result: unknown[] = new Array(view.length);
  for (let index = 0; index < view.length; index++) {
    const item = view[index];
    result[index] = typeof item === "bigint" ? number(item) : item;
  }
  return result;
}

/** `toPlainData` for a run's parameters: a parameter that cannot be read as plain data is a caller mistake (`RunError`). */
export function toParamData(value: unknown, name: string, onRegex?: () => void): unknown {
  try {
    return toPlainData(value, "params", { onRegex });
  } catch (error) {
    throw new RunError(
      `Parameter '${name}' cannot be passed to a program: ${(error as Error).message}`,
      "pass plain data: strings, numbers, booleans, arrays and objects",
    );
  }
}
