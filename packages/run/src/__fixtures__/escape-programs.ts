import type { RunErrorCode } from "../run-error.js";

/**
 * Escape attempts that get past (or are never shown to) static validation and must fail at run
 * time, or run harmlessly. `code` is the error the run must end with; `output` is the harmless
 * value it must produce instead. `validate: false` runs the AST without the validator (defence
 * in depth: the interpreter must hold on its own).
 */
export interface EscapeCase {
  source: string;
  code?: RunErrorCode;
  output?: unknown;
  validate?: false;
}

export const ESCAPE_PROGRAMS: EscapeCase[] = [
  // computed keys built at run time
  { source: `const k = "constr" + "uctor"\nconst o = {}\no[k]`, code: "forbidden_property" },
  { source: `const k = "__pro" + "to__"\nconst o = {}\no[k] = { polluted: true }`, code: "forbidden_property" },
  { source: `const k = ["proto", "type"].join("")\nconst xs = []\nxs[k]`, code: "forbidden_property" },
  { source: "const k = `${'__'}proto__`\nconst o = {}\no[k]", code: "forbidden_property" },
  { source: `const names = ["constructor"]\nconst s = ""\ns[names[0]]`, code: "forbidden_property" },
  { source: `const k = "constructor"\nconst f = find_files("*")\nf[k]`, code: "forbidden_property" },
  { source: `const k = "__defineGetter__"\nconst o = {}\no[k]`, code: "forbidden_property" },
  { source: `const k = "caller"\nconst o = {}\no[k]`, code: "forbidden_property" },
  { source: `const k = "constructor"\nconst o = { [k]: 1 }`, code: "forbidden_property" },
  { source: `const k = "__proto__"\nconst { [k]: p } = {}`, code: "forbidden_property" },
  { source: `const k = "constructor"\nconst xs = [1]\nxs[k]?.[k]`, code: "forbidden_property" },
  { source: `const k = "constructor"\nconst xs = [1]\nxs[k]("return 1")`, code: "forbidden_property" },
  // JSON.parse, Object.fromEntries, Object.assign, dict with forbidden keys
  { source: `JSON.parse('{"__proto__": {"polluted": true}}')`, code: "forbidden_property" },
  { source: `JSON.parse('{"a": {"constructor": {"prototype": 1}}}')`, code: "forbidden_property" },
  { source: `JSON.parse('[{"__proto__": 1}]')`, code: "forbidden_property" },
  { source: `Object.fromEntries([["__proto__", { polluted: true }]])`, code: "forbidden_property" },
  { source: `Object.fromEntries([["constructor", 1]])`, code: "forbidden_property" },
  { source: `Object.assign({}, JSON.parse('{"a": 1}'), Object.fromEntries([["prototype", 1]]))`, code: "forbidden_property" },
  { source: `dict([["__proto__", 1]])`, code: "forbidden_property" },
  { source: `const pairs = [["__proto__", 1]]\nObject.fromEntries(pairs)`, code: "forbidden_property" },
  // inherited members never read through the prototype chain
  { source: `const o = {}\no.toString`, output: null },
  { source: `const o = {}\no["hasOwnProperty"]`, output: null },
  { source: `const o = {}\no.valueOf`, output: null },
  { source: `const s = "abc"\ns.big`, output: null },
  { source: `const xs = []\nxs.map`, output: null },
  { source: `const o = {}\no.toString()`, code: "method_not_allowed" },
  { source: `const xs = [1]\nxs.toString()`, code: "method_not_allowed" },
  { source: `"abc".constructor`, code: "forbidden_property", validate: false },
  { source: `const xs = [1]\nxs.at.call`, code: "runtime_error" },
  // methods outside the allowlists
  { source: `[].at.call([1], 0)`, code: "method_not_allowed" },
  { source: `[1].map.apply(null, [])`, code: "method_not_allowed" },
  { source: `JSON.parse.call(null, "1")`, code: "method_not_allowed" },
  { source: `Math.max.apply(null, [1, 2])`, code: "method_not_allowed" },
  { source: `"abc".valueOf()`, code: "method_not_allowed" },
  { source: `const xs = [1]\nxs.fill(0)`, code: "method_not_allowed" },
  { source: `const xs = [1]\nxs.copyWithin(0, 0)`, code: "method_not_allowed" },
  { source: `(5).valueOf()`, code: "method_not_allowed" },
  { source: `/x/.compile("y")`, code: "method_not_allowed" },
  { source: `set([1]).clear()`, code: "method_not_allowed" },
  { source: `range(3).push(1)`, code: "method_not_allowed" },
  // values that cross the boundary are plain data
  { source: `give("instance").method`, output: null },
  { source: `give("instance").method()`, code: "method_not_allowed" },
  { source: `give("instance")`, output: { key: 1 } },
  { source: `give("function")`, output: null },
  { source: `give("nested-function")`, output: { ok: 1 } },
  { source: `give("nested-function").run()`, code: "method_not_allowed" },
  { source: `give("getter")`, output: {} },
  { source: `give("proto")`, code: "tool_error" },
  { source: `give("date")`, output: "2026-01-02T03:04:05.000Z" },
  { source: `give("map").get("a")`, output: 1 },
  { source: `echo(x => x)`, code: "invalid_program" },
  { source: `const xs = [1].map(x => x)\necho(xs)`, output: [1] },
  { source: `[1].map(echo)`, output: [1] },
  { source: `echo([1, 2].map(x => echo))`, code: "invalid_program" },
  { source: `const fns = [1].map(x => len)\necho(fns)`, code: "invalid_program" },
  { source: `echo(print)`, code: "invalid_program" },
  { source: `const o = { a: [1].map(x => x) }\necho(o)`, output: { a: [1] } },
  // length and arrays
  { source: `const xs = [1, 2]\nxs.length = 0`, code: "invalid_program" },
  { source: `const xs = [1, 2]\nconst k = "length"\nxs[k] = 1e9`, code: "forbidden_property" },
  { source: `const xs = []\nxs[1e9] = 1`, code: "limit_size" },
  { source: `const xs = []\nxs["x"] = 1`, code: "runtime_error" },
  { source: `const s = "abc"\ns[0] = "x"`, code: "runtime_error" },
  { source: `Math.PI2 = 3`, code: "invalid_program" },
  // functions and facades are opaque
  { source: `const xs = [1].map(x => x.constructor)`, code: "invalid_program" },
  { source: `[Math].map(m => m.max(1, 2))`, code: "invalid_program" },
  { source: `[1].map(x => typeof x)`, output: ["number"] },
  { source: `JSON.stringify([1].map(x => x))`, output: "[1]" },
  { source: `JSON.stringify({ a: 1 }, (k, v) => v)`, code: "runtime_error" },
  { source: `JSON.parse("1", (k, v) => v)`, code: "runtime_error" },
  { source: `"a-b".replace("-", x => x + x)`, output: "a--b" },
  { source: `"a-b".split(x => x)`, code: "not_a_function" },
  { source: `Array.from({ length: 2 }, 5)`, code: "runtime_error" },
  { source: `[3, 1].sort(5)`, code: "not_a_function" },
  // getters and prototype pollution through Object.assign sources
  { source: `Object.assign({}, give("getter"))`, output: {} },
  { source: `const o = {}\nObject.assign(o, { a: 1 })\no`, output: { a: 1 } },
  { source: `Object.assign(Math, { a: 1 })`, code: "invalid_program" },
  { source: `Object.assign(Math, { a: 1 })`, code: "runtime_error", validate: false },
  { source: `Object.assign([], { a: 1 })`, code: "runtime_error" },
  // the object model through every newer form, with keys built at run time
  { source: `let r = 0\nfor (let i = 0; i < 2; i++) { r = {}[["__", "proto__"].join("")] }\nr`, code: "forbidden_property" },
  { source: `[1].map((x) => { const k = "construct" + "or"; return x[k] })`, code: "forbidden_property" },
  { source: `const s = new Set([1])\nconst k = "constructor"\ns[k]`, code: "forbidden_property" },
  { source: `const m = new Map([["a", 1]])\nconst k = "constructor"\nm[k]`, code: "forbidden_property" },
  { source: `const m = new Map([["__proto__", 1]])\nm.get("__proto__")`, output: 1 },
  { source: `const e = [...new Map([["a", 1]]).entries()]\ne["__pro" + "to__"]`, code: "forbidden_property" },
  { source: `const r = range(3)\nconst k = "constructor"\nr[k]`, code: "forbidden_property" },
  { source: `range(3).map((x) => { return x["constr" + "uctor"] })`, code: "forbidden_property" },
  { source: `const o = { ...JSON.parse('{"__proto__": {"x": 1}}') }\no`, code: "forbidden_property" },
  { source: `const k = "__proto__"\nconst o = { [k]: { polluted: 1 } }\no`, code: "forbidden_property" },
  { source: `const [a, ...rest] = [1, 2]\nrest["constructor"]`, code: "invalid_program" },
  { source: `const { ...o } = { a: 1 }\nconst k = "__proto__"\no[k] = { polluted: 1 }`, code: "forbidden_property" },
];
