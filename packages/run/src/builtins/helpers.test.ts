import { describe, expect, it } from "vitest";
import { run } from "../index.js";
import { roundHalfEven } from "./helpers.js";

async function value(source: string) {
  const result = await run(source, {});
  if (!result.success) throw new Error(`${result.error?.code}: ${result.error?.message}`);
  return result.output;
}

async function errorOf(source: string) {
  const result = await run(source, {});
  return result.error;
}

describe("helpers", () => {
  it.each([
    [
      "len of string, array, set, object",
      `[len("héllo"), len([1, 2]), len(set([1, 1, 2])), len({ a: 1, b: 2 }), len(range(5))]`,
      [5, 2, 2, 2, 5],
    ],
    [
      "range forms",
      `[list(range(3)), list(range(2, 5)), list(range(5, 0, -2)), list(range(0))]`,
      [[0, 1, 2], [2, 3, 4], [5, 3, 1], []],
    ],
    [
      "sorted numbers and strings",
      `[sorted([3, 1, 2]), sorted(["b", "a", "C"]), sorted([3, 1, 2], null, true)]`,
      [
        [1, 2, 3],
        ["C", "a", "b"],
        [3, 2, 1],
      ],
    ],
    [
      "sorted by key function and field",
      `[sorted(["ccc", "a", "bb"], s => s.length), sorted([{ n: 2 }, { n: 1 }], "n")]`,
      [
        ["a", "bb", "ccc"],
        [{ n: 1 }, { n: 2 }],
      ],
    ],
    [
      "sorted is stable and reverse keeps equal order",
      `const xs = [{ k: 1, id: "a" }, { k: 0, id: "b" }, { k: 1, id: "c" }]\nconst r = [sorted(xs, "k").map(x => x.id), sorted(xs, "k", true).map(x => x.id)]\nr`,
      [
        ["b", "a", "c"],
        ["a", "c", "b"],
      ],
    ],
    [
      "strings compare by code point",
      `sorted(["\\uFFFF", "\\u{1F600}", "z"])`,
      ["z", "\uFFFF", "\u{1F600}"],
    ],
    ["sort_by", `sort_by([{ s: 3 }, { s: 9 }, { s: 1 }], "s", true).map(x => x.s)`, [9, 3, 1]],
    ["reversed", `[reversed([1, 2, 3]), reversed("abc")]`, [[3, 2, 1], "cba"]],
    [
      "enumerate and zip",
      `[enumerate(["a", "b"]), enumerate(["a"], 1), zip([1, 2, 3], ["a", "b"])]`,
      [
        [
          [0, "a"],
          [1, "b"],
        ],
        [[1, "a"]],
        [
          [1, "a"],
          [2, "b"],
        ],
      ],
    ],
    ["min and max", `[min([3, 1, 2]), max(3, 1, 2), min("b", "a"), max(range(4))]`, [1, 3, "a", 3]],
    [
      "sum, any, all",
      `[sum([1, 2, 3]), sum([1], 10), any([0, "", 1]), all([1, "a"]), all([]), any([])]`,
      [6, 11, true, true, true, false],
    ],
    ["abs", `abs(-2.5)`, 2.5],
    [
      "round half to even",
      `[round(0.5), round(1.5), round(2.5), round(-0.5), round(-1.5), round(2.675, 2), round(1.25, 1)]`,
      [0, 2, 2, -0, -2, 2.67, 1.2],
    ],
    [
      "str",
      `[str(1), str(null), str([1, "a"]), str({ a: 1 }), str("x"), str(true)]`,
      ["1", "null", '[1,"a"]', '{"a":1}', "x", "true"],
    ],
    [
      "int and float",
      `[int("42"), int(" -7 "), int(3.9), int(-3.9), int(true), float("2.5"), float(3)]`,
      [42, -7, 3, -3, 1, 2.5, 3],
    ],
    [
      "bool",
      `[bool(0), bool(""), bool([]), bool("a"), bool(null)]`,
      [false, false, true, true, false],
    ],
    [
      "list",
      `[list("ab"), list(set([1, 2])), list({ a: 1, b: 2 }), list()]`,
      [["a", "b"], [1, 2], ["a", "b"], []],
    ],
    [
      "dict",
      `[dict([["a", 1], ["b", 2]]), dict({ x: 1 }), dict()]`,
      [{ a: 1, b: 2 }, { x: 1 }, {}],
    ],
    ["set", `len(set([1, 2, 2, "2"]))`, 3],
    [
      "keys, values, items",
      `const o = { a: 1, b: 2 }\nconst r = [keys(o), values(o), items(o)]\nr`,
      [
        ["a", "b"],
        [1, 2],
        [
          ["a", 1],
          ["b", 2],
        ],
      ],
    ],
    [
      "has",
      `[has({ a: 1 }, "a"), has({ a: 1 }, "toString"), has([1, 2], 2), has("abc", "bc"), has(set([1]), 1)]`,
      [true, false, true, true, true],
    ],
    ["unique keeps first occurrences in order", `unique([3, 1, 3, 2, 1])`, [3, 1, 2]],
    ["count", `[count([1, 2, 1, "1"], 1), count("banana", "a")]`, [2, 3]],
    [
      "line_count: a final newline ends the last line, an empty text has none",
      `["", "a", "a\\n", "a\\nb", "\\n\\n", "a\\r\\nb\\r\\n"].map(text => line_count(text))`,
      [0, 1, 1, 2, 2, 2],
    ],
  ])("%s", async (_name, source, expected) => {
    expect(await value(source)).toEqual(expected);
  });

  it("print joins with spaces, ends lines and never writes to the process", async () => {
    const result = await run(`print("a", 1, null, [1, 2], { k: "v" })\nprint()`, {});
    expect(result.stdout).toBe('a 1 null [1,2] {"k":"v"}\n\n');
  });

  it("range is lazy: a huge range is iterated, never allocated", async () => {
    const result = await run(`for (const i of range(1e12)) { if (i > 100) break }\n"done"`, {});
    expect(result.output).toBe("done");
  });

  it.each([
    [`len(5)`, "len() takes a string, array, set, map or object, not number."],
    [`range(1, 2, 0)`, "range() step must not be zero."],
    [`min([])`, "min() of an empty sequence has no value."],
    [`int("3.5")`, "int() cannot read '3.5' as a whole number."],
    [`float("abc")`, "float() cannot convert 'abc' to a number."],
    [`sum(["a"])`, "sum() adds numbers, but found string."],
    [`keys([1])`, "keys() takes an object or a map, not array."],
    [`sort_by([], 1)`, "sort_by(items, field, reverse?) takes the field name as a string."],
    [`line_count(["a"])`, "line_count(text) counts the lines of a string, not array."],
  ])("%s fails with a clear runtime_error", async (source, message) => {
    expect(await errorOf(source)).toMatchObject({ code: "runtime_error", message });
  });
});

describe("roundHalfEven", () => {
  it("rounds ties to the even neighbour", () => {
    expect([0.5, 1.5, 2.5, 3.5, -2.5, 2.4, 2.6].map((x) => roundHalfEven(x))).toEqual([
      0, 2, 2, 4, -2, 2, 3,
    ]);
  });
});

describe("safe globals", () => {
  it.each([
    [
      "Math",
      `[Math.max(1, 5, 3), Math.floor(2.7), Math.PI > 3, Math.pow(2, 10)]`,
      [5, 2, true, 1024],
    ],
    [
      "JSON",
      `const o = JSON.parse('{"a": [1, 2]}')\nconst r = [o.a, JSON.stringify(o), JSON.stringify([1], null, 2)]\nr`,
      [[1, 2], '{"a":[1,2]}', "[\n  1\n]"],
    ],
    [
      "Object",
      `const o = { a: 1 }\nconst r = [Object.keys(o), Object.values(o), Object.entries(o), Object.fromEntries([["b", 2]]), Object.assign({}, o, { c: 3 })]\nr`,
      [["a"], [1], [["a", 1]], { b: 2 }, { a: 1, c: 3 }],
    ],
    [
      "Array",
      `[Array.isArray([]), Array.from("ab"), Array.from({ length: 3 }, (_, i) => i * 2)]`,
      [true, ["a", "b"], [0, 2, 4]],
    ],
    [
      "Number",
      `[Number.isInteger(2), Number.parseFloat("1.5"), Number.isNaN(NaN), Number.MAX_SAFE_INTEGER > 0]`,
      [true, 1.5, true, true],
    ],
    [
      "String, Boolean, parseInt, parseFloat, isNaN",
      `[String([1, 2]), Boolean(""), parseInt("12px"), parseFloat("3.5"), isNaN("x")]`,
      ["1,2", false, 12, 3.5, true],
    ],
    [
      "Promise.all and allSettled over values",
      `const r = [Promise.all([1, 2]), Promise.allSettled([1])]\nr`,
      [[1, 2], [{ status: "fulfilled", value: 1 }]],
    ],
    [
      "undefined, NaN, Infinity",
      `[undefined === undefined, NaN !== NaN, Infinity > 1e308]`,
      [true, true, true],
    ],
  ])("%s", async (_name, source, expected) => {
    expect(await value(source)).toEqual(expected);
  });
});

describe("methods", () => {
  it.each([
    [
      "string methods",
      `const s = "  Hello World  "\nconst r = [s.trim(), s.trim().toLowerCase(), s.includes("World"), s.split(" ").filter(x => x).length, s.trim().replaceAll("o", "0"), "a-b".replace("-", "+"), "ab".padStart(4, "."), "x".repeat(3), "abc".at(-1), "abc".slice(1)]\nr`,
      ["Hello World", "hello world", true, 2, "Hell0 W0rld", "a+b", "..ab", "xxx", "c", "bc"],
    ],
    [
      "regex methods",
      `const r = [/(\\d+)/.exec("ab12")[1], /x/.test("y"), "a1b2".match(/\\d/g), "a1b2".matchAll(/\\d/g).map(m => m[0])]\nr`,
      ["12", false, ["1", "2"], ["1", "2"]],
    ],
    [
      "array methods with callbacks",
      `const xs = [1, 2, 3, 4]\nconst r = [xs.map(x => x * 2), xs.filter(x => x % 2), xs.find(x => x > 2), xs.findIndex(x => x > 2), xs.some(x => x > 3), xs.every(x => x > 0), xs.reduce((a, b) => a + b), xs.flatMap(x => [x, x]).length, xs.findLast(x => x < 3)]\nr`,
      [[2, 4, 6, 8], [1, 3], 3, 2, true, true, 10, 8, 2],
    ],
    [
      "array methods without callbacks",
      `const xs = [3, 1, 2]\nxs.push(4)\nconst r = [xs.includes(4), xs.indexOf(1), xs.join("-"), xs.slice(1, 3), xs.concat([5]), xs.at(-1), [[1], [2, [3]]].flat(), xs.toSorted(), xs.toReversed(), xs.entries()]\nr`,
      [
        true,
        1,
        "3-1-2-4",
        [1, 2],
        [3, 1, 2, 4, 5],
        4,
        [1, 2, [3]],
        [1, 2, 3, 4],
        [4, 2, 1, 3],
        [
          [0, 3],
          [1, 1],
          [2, 2],
          [3, 4],
        ],
      ],
    ],
    [
      "sort with a comparator, in place",
      `const xs = [3, 1, 2]\nxs.sort((a, b) => b - a)\nxs`,
      [3, 2, 1],
    ],
    ["default sort compares as strings", `[10, 9, 1].sort()`, [1, 10, 9]],
    [
      "number methods",
      `const r = [(3.14159).toFixed(2), (255).toString(16), (1234.5).toPrecision(2)]\nr`,
      ["3.14", "ff", "1.2e+3"],
    ],
    [
      "set and map methods",
      `const s = set([1])\ns.add(2)\ns.delete(1)\nconst r = [s.has(2), s.size, len(s)]\nr`,
      [true, 1, 1],
    ],
    ["tools inside callbacks are awaited", `["README.md"].map(f => read_file(f).length)`, [7]],
  ])("%s", async (_name, source, expected) => {
    const result = await run(source, { tools: { read_file: async () => "# demo\n" } });
    expect(result.error).toBeNull();
    expect(result.output).toEqual(expected);
  });

  it("names the receiver type and the nearest method when refusing", async () => {
    expect(await errorOf(`"abc".toUppercase()`)).toMatchObject({
      code: "method_not_allowed",
      message: "Method 'toUppercase' is not allowed on string values.",
      hint: expect.stringContaining("did you mean toUpperCase?"),
    });
    expect(await errorOf(`const o = { a: 1 }\no.hasOwnProperty("a")`)).toMatchObject({
      code: "method_not_allowed",
      hint: expect.stringContaining("objects have no methods"),
    });
  });
});
