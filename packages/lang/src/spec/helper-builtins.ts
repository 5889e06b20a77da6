import type { HelperSpec } from "./language-spec-types.js";

/** Helper builtins, in the order the docs and prompts list them. */
export const HELPERS: readonly HelperSpec[] = Object.freeze([
  {
    name: "len",
    signature: "len(x)",
    description: "Length of a string, array, set or map, or the key count of a plain object.",
  },
  {
    name: "range",
    signature: "range(stop) | range(start, stop, step?)",
    description: "Lazy sequence of numbers from start (default 0) up to, not including, stop.",
  },
  {
    name: "sorted",
    signature: "sorted(xs, key?, reverse?)",
    description:
      "New sorted array; key is a field name or a function (null sorts by the values); stable.",
    note: 'key: "field" or x => value',
  },
  {
    name: "reversed",
    signature: "reversed(xs)",
    description: "New array (or string) in reverse order.",
  },
  {
    name: "enumerate",
    signature: "enumerate(xs, start?)",
    description: "Array of [index, item] pairs.",
  },
  {
    name: "zip",
    signature: "zip(...arrays)",
    description: "Array of tuples, as long as the shortest input.",
  },
  {
    name: "min",
    signature: "min(xs) | min(a, b, ...)",
    description: "Smallest of an array or of the arguments.",
  },
  {
    name: "max",
    signature: "max(xs) | max(a, b, ...)",
    description: "Largest of an array or of the arguments.",
  },
  { name: "sum", signature: "sum(xs, start?)", description: "Sum of the numbers in xs." },
  { name: "any", signature: "any(xs)", description: "true when at least one item is truthy." },
  { name: "all", signature: "all(xs)", description: "true when every item is truthy." },
  { name: "abs", signature: "abs(x)", description: "Absolute value." },
  {
    name: "round",
    signature: "round(x, digits?)",
    description: "Round half to even, like Python: round(2.5) === 2.",
  },
  {
    name: "str",
    signature: "str(x)",
    description: "String(x) for primitives, JSON for arrays and objects.",
  },
  {
    name: "int",
    signature: "int(x)",
    description:
      "Integer from a number (truncated) or a decimal string; an error for anything else.",
  },
  {
    name: "float",
    signature: "float(x)",
    description: "Number from a number or a numeric string; an error for anything else.",
  },
  { name: "bool", signature: "bool(x)", description: "JavaScript truthiness of x." },
  {
    name: "list",
    signature: "list(x)",
    description: "Array from a string, array, set, map, range or an object's keys.",
  },
  {
    name: "dict",
    signature: "dict(pairs?)",
    description: "Plain object from [key, value] pairs, a map or an object.",
  },
  { name: "set", signature: "set(xs?)", description: "A new Set of the items." },
  { name: "keys", signature: "keys(obj)", description: "Keys of a plain object or map." },
  { name: "values", signature: "values(obj)", description: "Values of a plain object or map." },
  {
    name: "items",
    signature: "items(obj)",
    description: "[key, value] pairs of a plain object or map.",
  },
  {
    name: "has",
    signature: "has(container, key)",
    description: "Own key for objects and maps, membership for arrays, strings and sets.",
  },
  {
    name: "unique",
    signature: "unique(xs)",
    description: "Items without duplicates, first occurrences kept in order.",
  },
  { name: "count", signature: "count(xs, value)", description: "How many items are === value." },
  {
    name: "line_count",
    signature: "line_count(text)",
    description:
      'Number of lines: each run of characters ended by "\\n", plus the run after the last "\\n" when it is not empty; "" has 0 lines, "a\\n" 1, "a\\nb" 2.',
    note: 'a final "\\n" ends the last line; "" has 0',
  },
  {
    name: "print",
    signature: "print(...args)",
    description: "Appends the arguments, joined by one space, as a line to stdout.",
  },
  {
    name: "sort_by",
    signature: "sort_by(items, field, reverse?)",
    description: "New array of objects sorted by a field; stable.",
  },
]);
