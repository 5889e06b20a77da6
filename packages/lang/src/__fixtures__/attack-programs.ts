import type { ValidationErrorCode } from "../types.js";

/** An escape attempt and the code validation must answer with (at least one error of it). */
export interface AttackCase {
  source: string;
  code: ValidationErrorCode;
}

/**
 * Attack-style programs validation must reject statically. Non-literal computed keys (`o[k]`)
 * cannot be judged here; the interpreter checks them at run time (see RUNTIME_ONLY_ATTACKS).
 */
export const ATTACK_PROGRAMS: AttackCase[] = [
  // constructor chains
  { source: `"".constructor.constructor("return process")()`, code: "forbidden_property" },
  { source: `[].map.constructor("return this")()`, code: "forbidden_property" },
  { source: `[1].map(x => x.constructor)`, code: "forbidden_property" },
  { source: `const f = find_files("*")\nf.constructor`, code: "forbidden_property" },
  { source: `(1).constructor`, code: "forbidden_property" },
  { source: `Math.constructor`, code: "forbidden_property" },
  { source: `JSON.constructor`, code: "forbidden_property" },
  { source: `read_file("a").constructor`, code: "forbidden_property" },
  { source: `const o = {}\no?.constructor`, code: "forbidden_property" },
  { source: `const o = {}\no?.["constructor"]`, code: "forbidden_property" },
  { source: "const o = {}\no[`constructor`]", code: "forbidden_property" },
  // __proto__ and friends
  { source: `const o = {}\no.__proto__.polluted = 1`, code: "forbidden_property" },
  { source: `const o = {}\no["__proto__"]["x"] = 1`, code: "forbidden_property" },
  { source: `const o = { "__proto__": { admin: true } }`, code: "forbidden_property" },
  { source: `const o = { ["__proto__"]: 1 }`, code: "forbidden_property" },
  { source: `const { __proto__: p } = {}`, code: "forbidden_property" },
  { source: `const o = {}\no.__defineGetter__("x", len)`, code: "forbidden_property" },
  { source: `const o = {}\no.__lookupSetter__("x")`, code: "forbidden_property" },
  { source: `const o = {}\no.__defineSetter__`, code: "forbidden_property" },
  { source: `const o = {}\no.__anything`, code: "forbidden_property" },
  { source: `const xs = []\nxs.prototype`, code: "forbidden_property" },
  { source: `const o = {}\no.caller`, code: "forbidden_property" },
  { source: `const o = {}\no.callee`, code: "forbidden_property" },
  { source: `const o = {}\no.arguments`, code: "forbidden_property" },
  { source: `const o = {}\no["prototype"] = 1`, code: "forbidden_property" },
  { source: `for (const { constructor } of [{}]) {}`, code: "forbidden_name" },
  { source: `for (const { constructor: c } of [{}]) {}`, code: "forbidden_property" },
  { source: `const [{ __proto__: x }] = [{}]`, code: "forbidden_property" },
  // unicode escapes in identifiers decode to the forbidden name
  { source: `const s = ""\ns.\\u0063onstructor`, code: "forbidden_property" },
  { source: `glob\\u0061lThis`, code: "forbidden_name" },
  { source: `proc\\u0065ss.exit()`, code: "forbidden_name" },
  { source: `\\u0065val("1")`, code: "forbidden_name" },
  { source: `const o = {}\no["\\u005f\\u005fproto__"]`, code: "forbidden_property" },
  // host globals
  { source: `globalThis.process`, code: "forbidden_name" },
  { source: `global.process`, code: "forbidden_name" },
  { source: `window.location`, code: "forbidden_name" },
  { source: `self.postMessage(1)`, code: "forbidden_name" },
  { source: `process.mainModule`, code: "forbidden_name" },
  { source: `require("child_process")`, code: "forbidden_name" },
  { source: `module.constructor`, code: "forbidden_name" },
  { source: `exports.x = 1`, code: "forbidden_name" },
  { source: `Function("return process")()`, code: "forbidden_name" },
  { source: `eval("process")`, code: "forbidden_name" },
  { source: `Reflect.ownKeys({})`, code: "forbidden_name" },
  { source: `const p = Proxy`, code: "forbidden_name" },
  { source: `Symbol.iterator`, code: "forbidden_name" },
  { source: `Buffer.from("x")`, code: "forbidden_name" },
  { source: `fetch("http://example.com")`, code: "forbidden_name" },
  { source: `WebAssembly.compile`, code: "forbidden_name" },
  { source: `setTimeout(len, 0)`, code: "forbidden_name" },
  { source: `setImmediate(len)`, code: "forbidden_name" },
  { source: `queueMicrotask(len)`, code: "forbidden_name" },
  { source: `SharedArrayBuffer`, code: "forbidden_name" },
  { source: `Atomics.wait`, code: "forbidden_name" },
  { source: `WeakRef`, code: "forbidden_name" },
  { source: `Deno.readFile`, code: "forbidden_name" },
  { source: `Bun.file`, code: "forbidden_name" },
  { source: `const x = { y: constructor }`, code: "forbidden_name" },
  // facades are closed
  { source: `Object.getPrototypeOf([])`, code: "unknown_name" },
  { source: `Object.defineProperty({}, "x", {})`, code: "unknown_name" },
  { source: `Object.setPrototypeOf({}, null)`, code: "unknown_name" },
  { source: `Array.prototype`, code: "forbidden_property" },
  { source: `Promise.resolve(1)`, code: "unknown_name" },
  // import and module forms
  { source: `import("fs")`, code: "forbidden_syntax" },
  { source: `import * as fs from "fs"`, code: "forbidden_syntax" },
  { source: `new Function("return 1")`, code: "forbidden_syntax" },
  { source: `new (read_file("a"))()`, code: "forbidden_syntax" },
  { source: "String.raw`\\u0063`", code: "forbidden_syntax" },
  { source: `const o = { get x() { return process } }`, code: "forbidden_syntax" },
  { source: `const o = { toString() { return 1 } }`, code: "forbidden_syntax" },
  { source: `[].map(function () { return this })`, code: "forbidden_syntax" },
  { source: `with (Math) { max(1) }`, code: "forbidden_syntax" },
  // functions escaping into values
  { source: `const r = read_file\nr("/etc/passwd")`, code: "callable_as_value" },
  { source: `const xs = [len]`, code: "callable_as_value" },
  { source: `write_file("a", read_file)`, code: "callable_as_value" },
  { source: `write_file("a", x => x)`, code: "arrow_position" },
  { source: `const f = x => x\n[1].map(f)`, code: "arrow_position" },
  { source: `const o = { fn: x => x }`, code: "arrow_position" },
];

/** Escape attempts only the interpreter can stop: validation accepts them by design. */
export const RUNTIME_ONLY_ATTACKS: string[] = [
  `const k = "constr" + "uctor"\nconst o = {}\no[k]`,
  `const k = "__proto__"\nconst o = {}\no[k] = { polluted: true }`,
  `JSON.parse('{"__proto__": {"polluted": true}}')`,
  `Object.fromEntries([["__proto__", 1]])`,
  `const names = ["constructor"]\nconst o = {}\no[names[0]]`,
  `const o = {}\no["constr" + "uctor"]`,
  `JSON.parse.call(null, "1")`,
  `Math.max.apply(null, [1])`,
];
