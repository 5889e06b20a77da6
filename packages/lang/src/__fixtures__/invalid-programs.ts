import type { ValidationErrorCode } from "../types.js";

/** A program that validation must reject, with the codes it must report (in any order, duplicates counted once). */
export interface InvalidCase {
  name: string;
  source: string;
  codes: ValidationErrorCode[];
  params?: string[];
  rules?: string[];
}

/** Rejected constructs of language.md §2, §3 and §5: one or more per error code. */
export const INVALID_PROGRAMS: InvalidCase[] = [
  // forbidden_syntax: every rejected construct
  { name: "function declaration", source: "function f(x) { return x }\nf(1)", codes: ["forbidden_syntax", "unknown_function"] },
  { name: "function expression", source: "const f = function (x) { return x }", codes: ["forbidden_syntax"] },
  { name: "class declaration", source: "class A {}", codes: ["forbidden_syntax"] },
  { name: "class expression", source: "const A = class {}", codes: ["forbidden_syntax"] },
  { name: "while", source: "while (true) {}", codes: ["forbidden_syntax"] },
  { name: "do while", source: "do {} while (false)", codes: ["forbidden_syntax"] },
  { name: "c-style for", source: "for (let i = 0; i < 3; i++) {}", codes: ["forbidden_syntax"] },
  { name: "for in", source: "const o = {}\nfor (const k in o) {}", codes: ["forbidden_syntax"] },
  { name: "switch", source: "const x = 1\nswitch (x) { case 1: break }", codes: ["forbidden_syntax"] },
  { name: "try", source: "try { read_file('a') } catch (e) {}", codes: ["forbidden_syntax"] },
  { name: "throw", source: "throw 'x'", codes: ["forbidden_syntax"] },
  { name: "top-level return", source: "return 5", codes: ["forbidden_syntax"] },
  { name: "import declaration", source: "import fs from 'fs'", codes: ["forbidden_syntax"] },
  { name: "export declaration", source: "export const x = 1", codes: ["forbidden_syntax"] },
  { name: "export default", source: "export default 1", codes: ["forbidden_syntax"] },
  { name: "dynamic import", source: "const m = import('fs')", codes: ["forbidden_syntax"] },
  { name: "new", source: "const s = new Set()", codes: ["forbidden_syntax"] },
  { name: "this", source: "this", codes: ["forbidden_syntax"] },
  { name: "delete", source: "const o = { a: 1 }\ndelete o.a", codes: ["forbidden_syntax"] },
  { name: "void", source: "void 0", codes: ["forbidden_syntax"] },
  { name: "in", source: "const o = {}\n'a' in o", codes: ["forbidden_syntax"] },
  { name: "instanceof", source: "const o = []\no instanceof Array", codes: ["forbidden_syntax"] },
  { name: "exponent", source: "2 ** 10", codes: ["forbidden_syntax"] },
  { name: "exponent assignment", source: "let x = 2\nx **= 2", codes: ["forbidden_syntax"] },
  { name: "bitwise and", source: "5 & 3", codes: ["forbidden_syntax"] },
  { name: "bitwise or", source: "5 | 3", codes: ["forbidden_syntax"] },
  { name: "bitwise xor", source: "5 ^ 3", codes: ["forbidden_syntax"] },
  { name: "shift", source: "1 << 3", codes: ["forbidden_syntax"] },
  { name: "unsigned shift", source: "-1 >>> 0", codes: ["forbidden_syntax"] },
  { name: "bitwise not", source: "~5", codes: ["forbidden_syntax"] },
  { name: "with", source: "with ({}) {}", codes: ["forbidden_syntax"] },
  { name: "label", source: "outer: for (const x of [1]) { break outer }", codes: ["forbidden_syntax"] },
  { name: "debugger", source: "debugger", codes: ["forbidden_syntax"] },
  { name: "sequence", source: "let a = 1\na = (1, 2)", codes: ["forbidden_syntax"] },
  { name: "tagged template", source: "String.raw`x`", codes: ["forbidden_syntax"] },
  { name: "generator", source: "function* g() {}", codes: ["forbidden_syntax"] },
  { name: "async arrow", source: "[1].map(async x => x)", codes: ["forbidden_syntax"] },
  { name: "getter", source: "const o = { get x() { return 1 } }", codes: ["forbidden_syntax"] },
  { name: "setter", source: "const o = { set x(v) {} }", codes: ["forbidden_syntax"] },
  { name: "method", source: "const o = { m() { return 1 } }", codes: ["forbidden_syntax"] },
  { name: "var", source: "var x = 1", codes: ["forbidden_syntax"] },
  { name: "bigint", source: "10n", codes: ["forbidden_syntax"] },
  // regex features that need backtracking (regular expressions run on a linear-time engine)
  { name: "regex backreference", source: String.raw`/(a)\1/.test("aa")`, codes: ["forbidden_syntax"] },
  { name: "regex backreference 9", source: String.raw`"x".match(/(a)(b)(c)(d)(e)(f)(g)(h)(i)\9/)`, codes: ["forbidden_syntax"] },
  { name: "regex named backreference", source: String.raw`/(?<q>['"]).*\k<q>/.test("'a'")`, codes: ["forbidden_syntax"] },
  { name: "regex named backreference with u", source: String.raw`/(?<x>a)\k<x>/u`, codes: ["forbidden_syntax"] },
  { name: "regex lookahead", source: `/a(?=b)/.test("ab")`, codes: ["forbidden_syntax"] },
  { name: "regex negative lookahead", source: `"ab".replace(/a(?!c)/g, "x")`, codes: ["forbidden_syntax"] },
  { name: "regex lookbehind", source: `/(?<=a)b/.test("ab")`, codes: ["forbidden_syntax"] },
  { name: "regex negative lookbehind", source: `"ab".split(/(?<!a)b/)`, codes: ["forbidden_syntax"] },
  { name: "regex lookahead in a group", source: `/x(y|(?=z))/`, codes: ["forbidden_syntax"] },
  { name: "standalone block", source: "{ let x = 1 }", codes: ["forbidden_syntax"] },
  { name: "array hole", source: "[1, , 2]", codes: ["forbidden_syntax"] },
  { name: "arrow with statements", source: "[1].map(x => { const y = x; return y })", codes: ["forbidden_syntax"] },
  { name: "arrow with empty block", source: "[1].map(x => {})", codes: ["forbidden_syntax"] },
  { name: "for await", source: "for await (const x of [1]) {}", codes: ["forbidden_syntax"] },
  { name: "labelled continue", source: "a: for (const x of [1]) { continue a }", codes: ["forbidden_syntax"] },
  // forbidden_name
  { name: "eval", source: "eval('1')", codes: ["forbidden_name"] },
  { name: "Function", source: "Function('return 1')()", codes: ["forbidden_name"] },
  { name: "globalThis", source: "globalThis", codes: ["forbidden_name"] },
  { name: "process", source: "process.env", codes: ["forbidden_name"] },
  { name: "require", source: "const fs = require('fs')", codes: ["forbidden_name"] },
  { name: "shorthand reference", source: "const o = { process }", codes: ["forbidden_name"] },
  { name: "declaring a forbidden name", source: "const self = 1", codes: ["forbidden_name"] },
  { name: "assigning a forbidden name", source: "window = 1", codes: ["forbidden_name"] },
  { name: "arguments", source: "arguments", codes: ["forbidden_name"] },
  { name: "forbidden name as arrow param", source: "[1].map(process => process)", codes: ["forbidden_name"] },
  // forbidden_property
  { name: "constructor member", source: "const s = ''\ns.constructor", codes: ["forbidden_property"] },
  { name: "proto member", source: "const o = {}\no.__proto__", codes: ["forbidden_property"] },
  { name: "prototype member", source: "const o = {}\no.prototype", codes: ["forbidden_property"] },
  { name: "computed literal key", source: "const o = {}\no['constructor']", codes: ["forbidden_property"] },
  { name: "object literal proto key", source: "const o = { __proto__: null }", codes: ["forbidden_property"] },
  { name: "length write", source: "const xs = [1, 2]\nxs.length = 0", codes: ["forbidden_property"] },
  { name: "destructured constructor", source: "const { constructor: c } = ''", codes: ["forbidden_property"] },
  // unknown_function
  { name: "open", source: "open('a.txt')", codes: ["unknown_function"] },
  { name: "calling a variable", source: "const f = 1\nf()", codes: ["unknown_function"] },
  { name: "calling a namespace", source: "Math(1)", codes: ["unknown_function"] },
  { name: "undefined tool", source: "read_fil('a')", codes: ["unknown_function"] },
  // arrow_position
  { name: "stored arrow", source: "const f = x => x", codes: ["arrow_position"] },
  { name: "arrow as object value", source: "const o = { f: x => x }", codes: ["arrow_position"] },
  { name: "arrow passed to a tool", source: "read_file(x => x)", codes: ["arrow_position"] },
  { name: "immediately called arrow", source: "(x => x)(1)", codes: ["arrow_position"] },
  { name: "arrow in array", source: "const a = [x => x]", codes: ["arrow_position"] },
  // await_position
  { name: "await on a value", source: "const x = 1\nawait x", codes: ["await_position"] },
  { name: "await on a literal", source: "await 5", codes: ["await_position"] },
  // bad_arity
  { name: "too few arguments", source: "read_file()", codes: ["bad_arity"] },
  { name: "too many arguments", source: "read_file('a', 'b')", codes: ["bad_arity"] },
  // assign_to_constant
  { name: "reassigning const", source: "const x = 1\nx = 2", codes: ["assign_to_constant"] },
  { name: "incrementing const", source: "const x = 1\nx++", codes: ["assign_to_constant"] },
  { name: "assigning a param", source: "path = 'b'", codes: ["assign_to_constant"], params: ["path"] },
  { name: "declaring a helper name", source: "const print = 1", codes: ["assign_to_constant"] },
  { name: "assigning a tool", source: "read_file = 1", codes: ["assign_to_constant"] },
  { name: "assigning a safe global member", source: "Math.PI = 3", codes: ["assign_to_constant"] },
  { name: "const loop variable", source: "for (const x of [1]) { x = 2 }", codes: ["assign_to_constant"] },
  // unknown_name
  { name: "console", source: "console.log(1)", codes: ["unknown_name"] },
  { name: "Date", source: "Date.now()", codes: ["unknown_name"] },
  { name: "undefined variable", source: "total + 1", codes: ["unknown_name"] },
  { name: "missing safe-global member", source: "Object.getPrototypeOf({})", codes: ["unknown_name"] },
  { name: "block-scoped variable read outside", source: "if (true) { const y = 1 }\ny", codes: ["unknown_name"] },
  // callable_as_value
  { name: "tool stored", source: "const f = read_file", codes: ["callable_as_value"] },
  { name: "helper in object", source: "const o = { f: len }", codes: ["callable_as_value"] },
  { name: "print passed to a tool", source: "read_file(print)", codes: ["callable_as_value"] },
  { name: "namespace stored", source: "const m = Math", codes: ["callable_as_value"] },
  // asi_hazard
  { name: "paren continues previous line", source: "const a = read_file('x')\n(a)", codes: ["asi_hazard"] },
  { name: "template continues previous line", source: "const name = 'x'\n`hello ${name}`", codes: ["asi_hazard"] },
  { name: "bracket continues previous line", source: "const a = [1]\nlet b = a\n[0]", codes: ["asi_hazard"] },
  // rule_violation
  { name: "no_loops", source: "for (const x of [1]) {}", codes: ["rule_violation"], rules: ["no_loops"] },
  { name: "max_calls", source: "len('a')\nlen('b')\nlen('c')", codes: ["rule_violation"], rules: ["max_calls:2"] },
  { name: "max_depth", source: "for (const x of [1]) { if (x) { if (x) {} } }", codes: ["rule_violation"], rules: ["max_depth:2"] },
  { name: "no_nested_calls", source: "len(read_file('a'))", codes: ["rule_violation"], rules: ["no_nested_calls"] },
  // parse_error
  { name: "syntax error", source: "const = 1", codes: ["parse_error"] },
  { name: "await inside an arrow", source: "[1].map(x => await read_file(x))", codes: ["parse_error"] },
];
