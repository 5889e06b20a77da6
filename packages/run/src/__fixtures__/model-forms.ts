import type { RunErrorCode } from "../run-error.js";
import { FILES } from "./tools.js";

/**
 * What models write (language.md §2, 2026-11-26): C-style `for`, block-bodied arrows,
 * `new Set` / `new Map` and array methods on ranges. Each program runs with the test tools of
 * `tools.ts` in both modes and must give `output` (and `stdout` / `variables` when given).
 */
export interface ModelFormCase {
  name: string;
  source: string;
  output: unknown;
  stdout?: string;
  variables?: Record<string, unknown>;
}

const lineCounts = ["src/a.ts", "src/b.ts"].map((file) => FILES[file].split("\n").length);

export const MODEL_FORM_PROGRAMS: ModelFormCase[] = [
  // C-style for
  { name: "a counting loop", source: `const r = []\nfor (let i = 0; i < 3; i++) r.push(i)\nr`, output: [0, 1, 2] },
  { name: "break and continue", source: `let s = 0\nfor (let i = 0; i < 10; i++) { if (i % 2) continue\n if (i > 6) break\n s += i }\ns`, output: 12 },
  { name: "a step down", source: `const r = []\nfor (let i = 10; i > 0; i -= 3) r.push(i)\nr`, output: [10, 7, 4, 1] },
  { name: "two counters", source: `const r = []\nfor (let i = 0, j = 3; i < j; i++) r.push([i, j])\nr`, output: [[0, 3], [1, 3], [2, 3]] },
  { name: "an assigned cell counter", source: `for (k = 0; k < 3; k++) {}\nk`, output: 3, variables: { k: 3 } },
  { name: "an assigned let counter", source: `let i = 7\nfor (i = 0; i < 2; i++) {}\ni`, output: 2, variables: { i: 2 } },
  { name: "no parts, ended by break", source: `let n = 0\nfor (;;) { n++\n if (n === 4) break }\nn`, output: 4 },
  { name: "a counter named like a helper", source: `const r = []\nfor (let len = 0; len < 2; len++) r.push(len)\n;[r, len("abc")]`, output: [[0, 1], 3] },
  { name: "the counter is not a top-level variable", source: `for (let i = 0; i < 2; i++) {}\nconst done = true`, output: null, variables: { done: true } },
  { name: "indexes into a tool's result (an async tool)", source: `const files = find_files("src/")\nconst counts = []\nfor (let i = 0; i < files.length; i++) counts.push(len(read_file(files[i]).split("\\n")))\ncounts`, output: lineCounts },
  { name: "each iteration's own binding, changed by a callback", source: `const out = []\nfor (let i = 0; i < 5; i++) { [1].forEach(x => { i += x })\n out.push(i) }\nout`, output: [1, 3, 5] },
  { name: "callbacks see each iteration's value", source: `const out = []\nfor (let i = 0; i < 3; i++) out.push([1, 2].map(x => x * i))\nout`, output: [[0, 0], [1, 2], [2, 4]] },
  { name: "nested loops", source: `const r = []\nfor (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) r.push(i * 10 + j)\nr`, output: [0, 1, 10, 11] },
  { name: "a for...of inside a for", source: `let t = 0\nfor (let i = 1; i <= 3; i++) { for (const x of range(i)) t += x }\nt`, output: 4 },
  // block-bodied arrows
  { name: "statements and returns in a map", source: `[1, 2, 3].map(x => { const y = x * 2\n if (y > 4) return "big"\n return y })`, output: [2, 4, "big"] },
  { name: "forEach with a block", source: `const out = []\n;["a", "b"].forEach((s, i) => { out.push(s + i) })\nout`, output: ["a0", "b1"] },
  { name: "an empty block gives undefined", source: `[1, 2].map(x => {})`, output: [null, null] },
  { name: "a bare return", source: `const out = []\n;[0, 1, 2].forEach(x => { if (x === 1) return\n out.push(x) })\nout`, output: [0, 2] },
  { name: "a return inside a for...of ends the arrow", source: `[1, 2, 3].map(x => { for (const y of [1, 2, 3]) { if (y === x) return y * 10 }\n return -1 })`, output: [10, 20, 30] },
  { name: "a return inside a C-style for ends the arrow", source: `[1, 2, 3].map(x => { for (let y = 0; y < 5; y++) { if (y === x) return y * 10 }\n return -1 })`, output: [10, 20, 30] },
  { name: "a return inside a loop over a range", source: `["ab", "xyz"].map(w => { for (const i of range(len(w))) { if (w[i] === "y") return i }\n return -1 })`, output: [-1, 1] },
  { name: "a loop that ends without returning", source: `[5].map(x => { for (const y of [1, 2]) { if (y === x) return y }\n return "none" })`, output: ["none"] },
  { name: "nested block arrows", source: `[[1, 2], [3]].map(xs => { const doubled = xs.map(x => { return x * 2 })\n return sum(doubled) })`, output: [6, 6] },
  { name: "a block arrow calling an async tool", source: `find_files("src/").map(f => { const text = read_file(f)\n return text.split("\\n").length })`, output: lineCounts },
  { name: "a block arrow as a sort key", source: `sorted([3, 1, 2], x => { return -x })`, output: [3, 2, 1] },
  { name: "a block arrow in reduce", source: `[1, 2, 3].reduce((total, x) => { const next = total + x\n return next }, 0)`, output: 6 },
  { name: "a block arrow in filter", source: `[1, 2, 3, 4].filter(x => { const even = x % 2 === 0\n return even })`, output: [2, 4] },
  { name: "a block arrow shadowing a helper", source: `[1, 2].map(x => { const len = x * 10\n return len })`, output: [10, 20] },
  { name: "print in a block arrow", source: `[1, 2].forEach(x => { print(x) })`, output: null, stdout: "1\n2\n" },
  { name: "a replacer with a block", source: `"a1b22".replace(/\\d+/g, m => { return "<" + m + ">" })`, output: "a<1>b<22>" },
  { name: "Array.from with a block mapper", source: `Array.from(range(3), i => { return i * i })`, output: [0, 1, 4] },
  // new Set and new Map
  { name: "unique items in order", source: `[...new Set([3, 1, 3, 2, 1])]`, output: [3, 1, 2] },
  { name: "a set written as an array", source: `new Set(["b", "a", "b"])`, output: ["b", "a"] },
  { name: "an empty set", source: `new Set()`, output: [] },
  { name: "new Set(null) is empty, as in JavaScript", source: `new Set(null).size`, output: 0 },
  { name: "a set of characters", source: `[...new Set("banana")].join("")`, output: "ban" },
  { name: "set methods", source: `const s = new Set([1, 2])\ns.add(3)\ns.add(1)\nconst removed = s.delete(2)\n;[s.size, s.has(3), s.has(2), removed, len(s), has(s, 1), s.keys(), s.values(), s.entries()]`, output: [2, true, false, true, 2, true, [1, 3], [1, 3], [[1, 1], [3, 3]]] },
  { name: "map methods", source: `const m = new Map([["a", 1]])\nm.set("b", 2).set("c", 3)\n;[m.get("b"), m.get("zzz"), m.size, m.has("c"), m.delete("a"), m.keys(), m.values(), m.entries()]`, output: [2, null, 3, true, true, ["b", "c"], [2, 3], [["b", 2], ["c", 3]]] },
  { name: "a map written as an object", source: `new Map([["a", 1], [2, "two"], [true, [1]]])`, output: { a: 1, 2: "two", true: [1] } },
  { name: "a map's object keys written as their text", source: `new Map([[{ a: 1 }, "x"], [[1, 2], "y"]])`, output: { "[object Object]": "x", "1,2": "y" } },
  { name: "a map's forEach gets value and key", source: `const m = new Map([["a", 1], ["b", 2]])\nconst out = []\nm.forEach((v, k) => { out.push(k + "=" + v) })\nout`, output: ["a=1", "b=2"] },
  { name: "a set's forEach gets the value twice and the set", source: `const out = []\nnew Set(["x"]).forEach((v, k, s) => { out.push([v, k, len(s)]) })\nout`, output: [["x", "x", 1]] },
  { name: "forEach walks a snapshot", source: `const s = new Set([1, 2])\ns.forEach(x => { s.add(x + 10) })\n;[...s]`, output: [1, 2, 11, 12] },
  { name: "for...of over a set and a map", source: `let total = 0\nfor (const x of new Set([1, 2, 2])) total += x\nfor (const [k, v] of new Map([["a", 10]])) total += v\ntotal`, output: 13 },
  { name: "helpers over a set", source: `const s = new Set([3, 1, 2])\n;[sorted(s), list(s), len(s), max(s), sum(s), Array.from(s), [...s].length]`, output: [[1, 2, 3], [3, 1, 2], 3, 3, 6, [3, 1, 2], 3] },
  { name: "a map from Object.entries", source: `const m = new Map(Object.entries({ a: 1, b: 2 }))\nm.get("b")`, output: 2 },
  { name: "a map back to an object", source: `const m = new Map([["a", 1]])\n;[Object.fromEntries(m), dict(m), keys(m), items(m)]`, output: [{ a: 1 }, { a: 1 }, ["a"], [["a", 1]]] },
  { name: "a map a tool returned", source: `const m = give("map")\nm.set("b", 2)\nm`, output: { a: 1, b: 2 } },
  { name: "a set of a tool's result", source: `len(new Set(find_files("*")))`, output: Object.keys(FILES).length },
  { name: "sets and maps in variables", source: `const s = new Set([1])\nconst m = new Map([["k", s]])`, output: null, variables: { s: [1], m: { k: "[repeated]" } } },
  { name: "a set through a tool", source: `echo(new Set([1, 2]))`, output: [1, 2] },
  { name: "a set in JSON text", source: `JSON.stringify({ s: new Set([1]), m: new Map([["a", 2]]) })`, output: '{"s":[1],"m":{"a":2}}' },
  { name: "a set printed", source: `print(new Set(["a"]), new Map([["k", 1]]))`, output: null, stdout: '["a"] {"k":1}\n' },
  { name: "typeof and display", source: `const s = new Set()\n;[typeof s, String(s), \`\${new Map()}\`]`, output: ["object", "[object Set]", "[object Map]"] },
  { name: "the key 'constructor' in a map is data", source: `const m = new Map([["constructor", 1]])\n;[m.get("constructor"), m.has("__proto__"), new Map().get("constructor")]`, output: [1, false, null] },
  // array methods on ranges
  { name: "filter and map on a range", source: `range(10).filter(i => i % 3 === 0).map(i => i * i)`, output: [0, 9, 36, 81] },
  { name: "reduce and join on ranges", source: `[range(5).reduce((a, b) => a + b, 0), range(1, 4).join("-")]`, output: [10, "1-2-3"] },
  { name: "the reading methods of a range", source: `[range(5).includes(3), range(5).indexOf(4), range(5).some(i => i > 3), range(5).every(i => i < 5), range(5).find(i => i > 2), range(5).findIndex(i => i > 2), range(2, 10, 3).slice(1)]`, output: [true, 4, true, true, 3, 3, [5, 8]] },
  { name: "forEach on a range with a block", source: `const out = []\nrange(3).forEach(i => { out.push(i * 2) })\nout`, output: [0, 2, 4] },
];

/** A hostile or mistaken program and the code it must end with, at validation (`invalid_program` listing it) or at run time. */
export interface ModelFormAttack {
  source: string;
  code?: RunErrorCode | string;
  /** Where it is stopped: by `validate` (so no step runs) or by the interpreter. */
  stage?: "validate" | "run";
  /** For controls that must keep working: the output. */
  output?: unknown;
}

export const MODEL_FORM_ATTACKS: ModelFormAttack[] = [
  // constructor and prototype reach through Set and Map
  { source: `new Set().constructor`, code: "forbidden_property", stage: "validate" },
  { source: `new Map().constructor.constructor("return process")()`, code: "forbidden_property", stage: "validate" },
  { source: `const s = new Set()\ns["__proto__"]`, code: "forbidden_property", stage: "validate" },
  { source: `const m = new Map()\nm.__proto__.polluted = 1`, code: "forbidden_property", stage: "validate" },
  { source: `Set.prototype.add.call([], 1)`, code: "forbidden_property", stage: "validate" },
  { source: `const S = Set\nnew S([1])`, code: "callable_as_value", stage: "validate" },
  { source: `Map([["a", 1]])`, code: "unknown_function", stage: "validate" },
  { source: `new Date()`, code: "forbidden_syntax", stage: "validate" },
  { source: `new Array(5)`, code: "forbidden_syntax", stage: "validate" },
  { source: `new (new Set().constructor)()`, code: "forbidden_syntax", stage: "validate" },
  { source: `const k = "__proto__"\nconst s = new Set()\ns[k]`, code: "forbidden_property", stage: "run" },
  { source: `const k = "constructor"\nconst m = new Map()\nm[k]`, code: "forbidden_property", stage: "run" },
  { source: `const k = "constructor"\nconst m = new Map()\nm[k]("return process")`, code: "forbidden_property", stage: "run" },
  { source: `const s = new Set([1])\ns.clear()`, code: "method_not_allowed", stage: "run" },
  { source: `const m = new Map()\nm.forEach.call(null, 1)`, code: "method_not_allowed", stage: "run" },
  { source: `const m = new Map()\nm.size = 5`, code: "runtime_error", stage: "run" },
  { source: `const s = new Set()\ns.add = 1`, code: "runtime_error", stage: "run" },
  { source: `const m = new Map()\nconst g = m.get\ng`, output: null },
  { source: `new Map([["a", 1]]).get("constructor")`, output: null },
  { source: `new Map({ a: 1 })`, code: "runtime_error", stage: "run" },
  { source: `new Map([1, 2])`, code: "runtime_error", stage: "run" },
  // __proto__ keys through maps
  { source: `const m = new Map([["__proto__", { polluted: 1 }]])\nObject.fromEntries(m)`, code: "forbidden_property", stage: "run" },
  { source: `const m = new Map([["constructor", 1]])\ndict(m)`, code: "forbidden_property", stage: "run" },
  { source: `const m = give("proto-map")\nObject.fromEntries(m)`, code: "forbidden_property", stage: "run" },
  { source: `const m = new Map([["__proto__", { polluted: 1 }]])\nconst o = { ...m }\no`, output: {} },
  { source: `new Map([["__proto__", { polluted: 1 }], ["constructor", 2], ["toString", 3]])`, output: { "[key __proto__]": { polluted: 1 }, "[key constructor]": 2, toString: 3 } },
  { source: `JSON.stringify(new Map([["__proto__", { polluted: 1 }]]))`, output: '{"[key __proto__]":{"polluted":1}}' },
  { source: `JSON.parse(JSON.stringify(new Map([["__proto__", 1]])))`, output: { "[key __proto__]": 1 } },
  // arrows returning functions, this and arguments, return at the top level
  { source: `[1].map(x => () => 1)`, code: "arrow_position", stage: "validate" },
  { source: `[1].map(x => y => y)`, code: "arrow_position", stage: "validate" },
  { source: `[1].map(x => { return () => x })`, code: "arrow_position", stage: "validate" },
  { source: `[1].map(x => { return this })`, code: "forbidden_syntax", stage: "validate" },
  { source: `[1].map(x => { return arguments })`, code: "forbidden_name", stage: "validate" },
  { source: `[1].forEach(x => { arguments[0] = 1 })`, code: "forbidden_name", stage: "validate" },
  { source: `return 1`, code: "forbidden_syntax", stage: "validate" },
  { source: `for (const x of [1]) { return x }`, code: "forbidden_syntax", stage: "validate" },
  { source: `for (let i = 0; i < 1; i++) { return process }`, code: "forbidden_syntax", stage: "validate" },
  // the temporal dead zone
  { source: `[1].map(x => { const y = z\n const z = 1\n return y })`, code: "runtime_error", stage: "run" },
  { source: `for (let i = i; i < 1; i++) {}`, code: "runtime_error", stage: "run" },
];

/** Unbounded loops and growth: each stopped by the limit named, in both modes. */
export const MODEL_FORM_BOUNDS: {
  name: string;
  source: string;
  limits: Record<string, number>;
  code: RunErrorCode;
}[] = [
  { name: "for (;;) {}", source: `for (;;) {}`, limits: { maxSteps: 20_000 }, code: "limit_steps" },
  { name: "a loop with no test", source: `for (let i = 0; ; i++) {}`, limits: { maxSteps: 20_000 }, code: "limit_steps" },
  { name: "a C-style for against the clock", source: `for (let i = 0; i < 1e12; i++) {}`, limits: { timeoutMs: 150, maxSteps: 1e12 }, code: "limit_time" },
  { name: "an endless loop in a block arrow", source: `[1].forEach(x => { for (;;) {} })`, limits: { maxSteps: 20_000 }, code: "limit_steps" },
  { name: "an endless loop in a block arrow against the clock", source: `[1, 2].map(x => { for (let i = 0; i < 1e12; i++) {} })`, limits: { timeoutMs: 150, maxSteps: 1e12 }, code: "limit_time" },
  { name: "callback statements count steps", source: `range(1e6).forEach(i => { const y = i })`, limits: { maxSteps: 20_000 }, code: "limit_steps" },
  { name: "a set that grows in a loop", source: `const s = new Set()\nfor (let i = 0; ; i++) s.add(i)`, limits: { maxSize: 1000, maxSteps: 1e6 }, code: "limit_size" },
  { name: "a map that grows in a loop", source: `const m = new Map()\nfor (let i = 0; ; i++) m.set(i, i)`, limits: { maxSize: 1000, maxSteps: 1e6 }, code: "limit_size" },
  { name: "a set that doubles in forEach", source: `const s = new Set([0])\nfor (let i = 0; i < 100; i++) s.forEach(x => { s.add(x + len(s)) })`, limits: { maxSize: 1000, maxSteps: 1e6 }, code: "limit_size" },
  { name: "nested spreads of sets", source: `let s = new Set([1])\nfor (let i = 0; i < 40; i++) s = new Set([...s, ...[...s].map(x => x + len(s))])`, limits: { maxSize: 1000, maxSteps: 1e6 }, code: "limit_size" },
  { name: "a set of a huge range", source: `new Set(range(1e12))`, limits: {}, code: "limit_size" },
  { name: "a huge range's filter", source: `range(1e12).filter(i => i)`, limits: {}, code: "limit_size" },
  { name: "a map of a huge range's pairs", source: `new Map(range(1e12).map(i => [i, i]))`, limits: {}, code: "limit_size" },
];
