import type { GlobalMemberSpec, SafeGlobalSpec } from "./language-spec-types.js";

const fn = (name: string, signature: string, description?: string): GlobalMemberSpec => ({
  name,
  kind: "function",
  signature,
  description,
});
const value = (name: string): GlobalMemberSpec => ({ name, kind: "value" });

/** Safe global facades: only the listed members exist; those with a `signature` can be called. */
export const SAFE_GLOBALS: readonly SafeGlobalSpec[] = Object.freeze([
  {
    name: "Math",
    kind: "namespace",
    description: "Math functions and constants.",
    members: [
      ...[
        "abs",
        "ceil",
        "floor",
        "round",
        "trunc",
        "sign",
        "sqrt",
        "cbrt",
        "exp",
        "log",
        "log2",
        "log10",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "atan2",
        "hypot",
        "pow",
      ].map((name) => fn(name, `Math.${name}(...)`)),
      fn("max", "Math.max(...numbers)"),
      fn("min", "Math.min(...numbers)"),
      ...["PI", "E", "LN2", "LN10", "LOG2E", "LOG10E", "SQRT2", "SQRT1_2"].map(value),
    ],
  },
  {
    name: "JSON",
    kind: "namespace",
    description: "JSON parsing and printing; parse refuses forbidden keys.",
    members: [
      fn("parse", "JSON.parse(text)"),
      fn("stringify", "JSON.stringify(value, null?, indent?)"),
    ],
  },
  {
    name: "Object",
    kind: "namespace",
    description: "Object helpers for plain objects.",
    members: [
      fn("keys", "Object.keys(obj)"),
      fn("values", "Object.values(obj)"),
      fn("entries", "Object.entries(obj)"),
      fn("fromEntries", "Object.fromEntries(pairs)"),
      fn(
        "assign",
        "Object.assign(target, ...sources)",
        "Copies keys onto a program-created object.",
      ),
    ],
  },
  {
    name: "Array",
    kind: "namespace",
    description: "Array helpers.",
    members: [
      fn("isArray", "Array.isArray(x)"),
      fn("from", "Array.from(iterable | {length}, fn?)"),
    ],
  },
  {
    name: "Number",
    kind: "namespace",
    signature: "Number(x)",
    description:
      "Converts x to a number (NaN when it is not numeric); the members are number helpers.",
    members: [
      fn("isInteger", "Number.isInteger(x)"),
      fn("isFinite", "Number.isFinite(x)"),
      fn("isNaN", "Number.isNaN(x)"),
      fn("parseInt", "Number.parseInt(text, radix?)"),
      fn("parseFloat", "Number.parseFloat(text)"),
      value("MAX_SAFE_INTEGER"),
      value("MIN_SAFE_INTEGER"),
      value("EPSILON"),
    ],
  },
  {
    name: "String",
    kind: "function",
    signature: "String(x)",
    description: "x as a string.",
  },
  {
    name: "Boolean",
    kind: "function",
    signature: "Boolean(x)",
    description: "JavaScript truthiness of x.",
  },
  {
    name: "parseInt",
    kind: "function",
    signature: "parseInt(text, radix?)",
    description: "The integer at the start of text, or NaN.",
  },
  {
    name: "parseFloat",
    kind: "function",
    signature: "parseFloat(text)",
    description: "The number at the start of text, or NaN.",
  },
  {
    name: "isNaN",
    kind: "function",
    signature: "isNaN(x)",
    description: "true when Number(x) is NaN.",
  },
  {
    name: "Promise",
    kind: "namespace",
    description:
      "Promise.all / allSettled over already-awaited values (tool calls are awaited for you).",
    members: [fn("all", "Promise.all(values)"), fn("allSettled", "Promise.allSettled(values)")],
  },
  { name: "undefined", kind: "value", description: "undefined." },
  { name: "NaN", kind: "value", description: "Not a number." },
  { name: "Infinity", kind: "value", description: "Infinity." },
]);
