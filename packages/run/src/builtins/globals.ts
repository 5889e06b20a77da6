/**
 * The safe global facades of language.md §3: frozen stand-ins with only the listed members, never
 * the host objects. Built once per process; each member gets the run's context at call time.
 */
import type { Node } from "@lackpy/lang";
import { SAFE_GLOBALS } from "@lackpy/lang";
import { toDisplayString, toNumber, truthy } from "../values/display.js";
import { mapIndexes } from "../maybe-async.js";
import type { RunContext } from "../run-context.js";
import { iterate } from "./iterate.js";
import { checkKey, writeMember } from "./members.js";
import { refuseSecrets } from "../secrets/secret-value.js";
import { OBJECT_KEY_UNIT } from "../values/work-meter.js";
import { fromJson, jsonText } from "./serialize.js";
import {
  Namespace,
  NativeCallable,
  RangeValue,
  isCallable,
  isPlainObject,
  newObject,
  typeName,
} from "../values/values.js";

type Implementation = (interpreter: RunContext, args: unknown[], node: Node) => unknown;

/** Math's members as the language spec lists them: the spec is the one list of what exists. */
const MATH_MEMBERS = SAFE_GLOBALS.find((global) => global.name === "Math")?.members ?? [];

function entriesOf(
  interpreter: RunContext,
  value: unknown,
  node: Node,
  name: string,
): [string, unknown][] {
  if (typeof value === "string" || Array.isArray(value) || isPlainObject(value)) {
    interpreter.checkEntries(value, node);
    return Object.entries(value);
  }
  throw interpreter.fault(
    "runtime_error",
    `Object.${name}() takes an object, array or string, not ${typeName(value)}.`,
    node,
  );
}

/** Math functions that take any number of arguments (`Math.max(...xs)`); the others read two at most. */
const VARIADIC_MATH: ReadonlySet<string> = new Set(["max", "min", "hypot"]);

/** Arguments passed to a host function in one call: far below any engine's limit on arguments. */
const ARGUMENT_CHUNK = 8192;

/**
 * `Math.max(...xs)` and the like over any number of arguments: charged as work, and applied in
 * chunks (the maximum of the chunks' maxima is the maximum, NaN and -0 included), so a long
 * spread is neither a host stack overflow nor uncounted time.
 */
function variadicMath(
  interpreter: RunContext,
  fn: (...numbers: number[]) => number,
  args: unknown[],
  node: Node,
): number {
  if (args.length <= ARGUMENT_CHUNK) return fn(...args.map(toNumber));
  const partial: number[] = [];
  for (let start = 0; start < args.length; start += ARGUMENT_CHUNK) {
    interpreter.chargeWork(Math.min(ARGUMENT_CHUNK, args.length - start), node);
    partial.push(fn(...args.slice(start, start + ARGUMENT_CHUNK).map(toNumber)));
  }
  return fn(...partial);
}

function fail(interpreter: RunContext, node: Node, message: string, hint?: string): never {
  throw interpreter.fault("runtime_error", message, node, hint);
}

/** Builds the safe globals; their members check sizes and call callbacks through the context they are called with. */
function createSafeGlobals(): ReadonlyMap<string, unknown> {
  const math: Record<string, Implementation | number> = {};
  for (const member of MATH_MEMBERS) {
    const host = (Math as unknown as Record<string, unknown>)[member.name];
    if (member.kind === "value" && typeof host === "number") math[member.name] = host;
    else if (typeof host === "function") {
      const fn = host as (...numbers: number[]) => number;
      math[member.name] = VARIADIC_MATH.has(member.name)
        ? (interpreter, args, node) => variadicMath(interpreter, fn, args, node)
        : (_interpreter, args) => fn(...args.slice(0, 2).map(toNumber));
    }
  }

  const json: Record<string, Implementation> = {
    parse: (interpreter, [text, reviver], node) => {
      if (reviver !== undefined) fail(interpreter, node, "JSON.parse takes no reviver in lackpy.");
      if (typeof text !== "string")
        fail(interpreter, node, `JSON.parse takes a string, not ${typeName(text)}.`);
      // Parsed values and their program copies can take many bytes per character of text.
      interpreter.checkBulk((text as string).length, 16, "values from JSON text", node);
      try {
        return fromJson(interpreter, JSON.parse(text as string), node);
      } catch (error) {
        if (error instanceof SyntaxError)
          return fail(
            interpreter,
            node,
            `JSON.parse: ${error.message}.`,
            "check that the text is JSON (double-quoted keys, no trailing commas)",
          );
        throw error;
      }
    },
    stringify: (interpreter, [value, replacer, indent], node) => {
      if (replacer !== undefined && replacer !== null)
        fail(
          interpreter,
          node,
          "JSON.stringify takes no replacer in lackpy; pass null.",
          "JSON.stringify(value, null, 2)",
        );
      const spacing =
        typeof indent === "number"
          ? Math.min(10, Math.max(0, Math.trunc(indent)))
          : typeof indent === "string"
            ? indent.slice(0, 10)
            : undefined;
      return jsonText(interpreter, value, node, spacing);
    },
  };

  const object: Record<string, Implementation> = {
    keys: (interpreter, [value], node) =>
      entriesOf(interpreter, value, node, "keys").map(([key]) => key),
    values: (interpreter, [value], node) =>
      entriesOf(interpreter, value, node, "values").map(([, item]) => item),
    entries: (interpreter, [value], node) =>
      entriesOf(interpreter, value, node, "entries").map(([key, item]) => [key, item]),
    fromEntries: (interpreter, [pairs], node) => {
      const result = newObject();
      const items = iterate(interpreter, pairs, node);
      interpreter.chargeWork(items.length * OBJECT_KEY_UNIT, node);
      for (const pair of items) {
        if (!Array.isArray(pair))
          fail(interpreter, node, "Object.fromEntries takes [key, value] pairs.");
        const key = toDisplayString((pair as unknown[])[0], interpreter);
        checkKey(interpreter, key, node);
        writeMember(interpreter, result, key, (pair as unknown[])[1], node);
      }
      return result;
    },
    assign: (interpreter, [target, ...sources], node) => {
      if (!isPlainObject(target))
        fail(
          interpreter,
          node,
          `Object.assign needs an object as its target, not ${typeName(target)}.`,
          "Object.assign({}, a, b)",
        );
      for (const source of sources) {
        if (source === null || source === undefined) continue;
        const entries = entriesOf(interpreter, source, node, "assign");
        interpreter.chargeWork(entries.length * OBJECT_KEY_UNIT, node);
        for (const [key, item] of entries) {
          checkKey(interpreter, key, node);
          writeMember(interpreter, target, key, item, node);
        }
      }
      return target;
    },
  };

  const array: Record<string, Implementation> = {
    isArray: (_interpreter, [value]) => Array.isArray(value),
    from: (interpreter, [source, mapper], node) => {
      let items: unknown[];
      if (isPlainObject(source) && typeof source.length === "number") {
        const length = Math.max(0, Math.trunc(source.length));
        interpreter.checkSize(length, "an array", node);
        items = new Array<unknown>(length).fill(undefined);
      } else {
        items = [...iterate(interpreter, source, node)];
      }
      if (mapper === undefined) return items;
      if (!isCallable(mapper))
        return fail(
          interpreter,
          node,
          "Array.from's second argument must be a function such as (x, i) => x.",
        );
      return mapIndexes(interpreter, items, (index) =>
        interpreter.callFunction(mapper, [items[index], index], node),
      );
    },
  };

  const number: Record<string, Implementation | number> = {
    isInteger: (_interpreter, [value]) => Number.isInteger(value),
    isFinite: (_interpreter, [value]) => Number.isFinite(value),
    isNaN: (_interpreter, [value]) => Number.isNaN(value),
    parseInt: (interpreter, [text, radix]) =>
      Number.parseInt(
        toDisplayString(text, interpreter),
        radix === undefined ? undefined : toNumber(radix),
      ),
    parseFloat: (interpreter, [text]) => Number.parseFloat(toDisplayString(text, interpreter)),
    MAX_SAFE_INTEGER: Number.MAX_SAFE_INTEGER,
    MIN_SAFE_INTEGER: Number.MIN_SAFE_INTEGER,
    EPSILON: Number.EPSILON,
  };

  const promise: Record<string, Implementation> = {
    all: (interpreter, [values], node) => [...iterate(interpreter, values, node)],
    allSettled: (interpreter, [values], node) =>
      iterate(interpreter, values, node).map((value) => {
        const entry = newObject();
        entry.status = "fulfilled";
        entry.value = value;
        return entry;
      }),
  };

  const namespaces: Record<string, Record<string, Implementation | number>> = {
    Math: math,
    JSON: json,
    Object: object,
    Array: array,
    Number: number,
    Promise: promise,
  };
  const functions: Record<string, Implementation> = {
    Number: (_interpreter, [value]) => toNumber(value),
    String: (interpreter, [value]) => toDisplayString(value, interpreter),
    Boolean: (_interpreter, [value]) => truthy(value),
    parseInt: (interpreter, [text, radix]) =>
      Number.parseInt(
        toDisplayString(text, interpreter),
        radix === undefined ? undefined : toNumber(radix),
      ),
    parseFloat: (interpreter, [text]) => Number.parseFloat(toDisplayString(text, interpreter)),
    isNaN: (_interpreter, [value]) => Number.isNaN(toNumber(value)),
  };
  const values: Record<string, unknown> = {
    undefined: undefined,
    NaN: Number.NaN,
    Infinity: Number.POSITIVE_INFINITY,
  };

  // A secret is never a safe global's argument (Object.entries(creds), String(token)).
  const guarded =
    (name: string, implementation: Implementation): Implementation =>
    (context, args, node) => {
      refuseSecrets(args, `passed to ${name}, which is not a kit tool`, node);
      return implementation(context, args, node);
    };
  const globals = new Map<string, unknown>();
  for (const spec of SAFE_GLOBALS) {
    if (spec.kind === "namespace") {
      const members = new Map<string, unknown>();
      for (const member of spec.members ?? []) {
        const implementation = namespaces[spec.name]?.[member.name];
        if (implementation === undefined) continue;
        members.set(
          member.name,
          typeof implementation === "function"
            ? new NativeCallable(
                `${spec.name}.${member.name}`,
                guarded(`${spec.name}.${member.name}`, implementation),
              )
            : implementation,
        );
      }
      // A facade with a signature can also be called: `Number(x)` converts.
      const conversion = spec.signature ? functions[spec.name] : undefined;
      const callable = conversion
        ? Object.freeze(new NativeCallable(spec.name, guarded(spec.name, conversion)))
        : undefined;
      globals.set(spec.name, Object.freeze(new Namespace(spec.name, members, callable)));
    } else if (spec.kind === "function" && functions[spec.name]) {
      globals.set(
        spec.name,
        Object.freeze(new NativeCallable(spec.name, guarded(spec.name, functions[spec.name]))),
      );
    } else if (spec.kind === "value" && Object.hasOwn(values, spec.name)) {
      globals.set(spec.name, values[spec.name]);
    }
  }
  return globals;
}

/** The safe globals by name (facades, functions and values), built once per process and frozen. */
export const SAFE_GLOBAL_VALUES: ReadonlyMap<string, unknown> = createSafeGlobals();

/** Safe-global functions that may call a function they are given (and so may have to wait for it). */
export const CALLBACK_GLOBALS: ReadonlySet<string> = new Set(["Array.from"]);

/** Every safe-global member this module implements, as `Name.member` (for the spec-conformance test). */
export function implementedGlobalMembers(): string[] {
  const members: string[] = [];
  for (const [name, value] of SAFE_GLOBAL_VALUES) {
    if (value instanceof Namespace)
      for (const member of value.members.keys()) members.push(`${name}.${member}`);
    else members.push(name);
  }
  return members;
}

export { RangeValue };
