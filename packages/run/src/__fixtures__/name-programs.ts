/**
 * Conformance cases for names the runtime must resolve as the validator does (language.md §3
 * and §5): a variable that shadows a helper or safe global is the variable, and the conversion
 * globals (`Number(x)`, `String(x)`, ...) are callable. Each program runs with the test tools.
 */
export interface NameCase {
  name: string;
  source: string;
  /** The output of a successful run. */
  output?: unknown;
  /** The error code of a failed run (the program is valid; the failure happens at run time). */
  error?: string;
}

/** Helpers and safe globals shadowed by declarations, arrow parameters and cells. */
export const SHADOWING_PROGRAMS: NameCase[] = [
  { name: "const shadows a helper", source: `const items = find_files("src/")\nitems.length`, output: 2 },
  { name: "let accumulator named like a helper", source: `let sum = 0\nfor (const x of [1, 2, 3]) sum += x\nsum`, output: 6 },
  { name: "const named count, read and added", source: `const count = 3\ncount + 1`, output: 4 },
  { name: "keys holding Object.keys", source: `const keys = Object.keys({ a: 1, b: 2 })\nkeys.join(",")`, output: "a,b" },
  { name: "cell named all", source: `all = [1, 2]\nall.length`, output: 2 },
  { name: "cell updated in a loop", source: `count = 0\nfor (const f of find_files("src/")) count += 1\ncount`, output: 2 },
  { name: "arrow parameter named like a helper", source: `[1, 2].map(count => count * 10)`, output: [10, 20] },
  { name: "for-of variable named like a helper", source: `const out = []\nfor (const len of [3, 4]) out.push(len)\nout`, output: [3, 4] },
  { name: "destructured names like helpers", source: `const { max, min } = { max: 9, min: 1 }\nmax - min`, output: 8 },
  { name: "block-scoped shadow ends with its block", source: `let n = 0\nif (true) { const len = 5; n = len }\nn + len("abc")`, output: 8 },
  { name: "assigning a block's shadow makes no cell", source: `if (true) { let len = 1; len = 2 }\nlen("abc")`, output: 3 },
  { name: "assigning an arrow's parameter makes no cell", source: `const out = [1, 2].map(count => count += 10)\n;[out, count([1, 1], 1)]`, output: [[11, 12], 2] },
  { name: "compound assignment of a cell before it is set", source: `if (false) { sum = 0 }\nsum += 1`, error: "runtime_error" },
  { name: "helper still callable in another branch", source: `const out = []\nfor (const x of ["ab"]) { out.push(len(x)) }\nif (true) { const len = 7; out.push(len) }\nout`, output: [2, 7] },
  { name: "shadowed name passed as a callback is the variable", source: `const str = 5\n;[1].map(x => x + str)`, output: [6] },
  { name: "variable passed as a callback is not the helper", source: `const count = 2\n;[1].map(count)`, error: "not_a_function" },
  { name: "shadowed safe global namespace", source: `const Math = { max: 1 }\nMath.max + 1`, output: 2 },
  { name: "shadowed safe global function", source: `const String = "s"\nString + "t"`, output: "st" },
  { name: "cell read before its first assignment", source: `const out = []\nfor (const x of [1, 2]) { if (x > 1) out.push(total)\n total = x }\nout`, output: [1] },
  { name: "cell read before any assignment is not the helper", source: `const f = len\nlen = 1\nf`, error: "runtime_error" },
  { name: "cell assigned in a branch that did not run", source: `if (false) { items = [1] }\nitems`, error: "runtime_error" },
  { name: "typeof an unassigned cell", source: `if (false) { items = [1] }\ntypeof items`, output: "undefined" },
  { name: "declaration read before it in the same block", source: `const out = [len]\nconst len = 1\nout`, error: "runtime_error" },
];

/** The conversion globals as calls and as callbacks. */
export const CONVERSION_PROGRAMS: NameCase[] = [
  { name: "Number of a numeric string", source: `Number("42") + 1`, output: 43 },
  { name: "Number of a non-numeric string", source: `Number.isNaN(Number("x"))`, output: true },
  { name: "Number of a boolean and null", source: `[Number(true), Number(null), Number("")]`, output: [1, 0, 0] },
  { name: "Number of a param", source: `Number(p) * 2`, output: 14 },
  { name: "Number members still work", source: `[Number.isInteger(3), Number.parseInt("12px"), Number.MAX_SAFE_INTEGER > 0]`, output: [true, 12, true] },
  { name: "String of values", source: `[String(1), String(null), String([1, 2]), String(true)]`, output: ["1", "null", "1,2", "true"] },
  { name: "Boolean of values", source: `[Boolean(0), Boolean("a"), Boolean([]), Boolean(null)]`, output: [false, true, true, false] },
  { name: "parseInt with and without radix", source: `[parseInt("ff", 16), parseInt("12.7"), parseInt("x")]`, output: [255, 12, null] },
  { name: "parseFloat", source: `[parseFloat("1.5kg"), parseFloat(".5")]`, output: [1.5, 0.5] },
  { name: "map(Number)", source: `["1", "2", "x"].map(Number).slice(0, 2)`, output: [1, 2] },
  { name: "filter(Boolean)", source: `[0, 1, "", "a", null].filter(Boolean)`, output: [1, "a"] },
  { name: "map(String)", source: `[1, 2].map(String)`, output: ["1", "2"] },
  { name: "sorted with Number as key", source: `sorted(["10", "9", "100"], Number)`, output: ["9", "10", "100"] },
  { name: "typeof Number", source: `typeof Number`, output: "function" },
];
