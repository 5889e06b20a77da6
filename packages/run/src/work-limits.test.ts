import { afterAll, describe, expect, it } from "vitest";
import { TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import { run } from "./index.js";
import { closeChildPool, run as runInEitherMode } from "./node.js";

afterAll(() => closeChildPool());

/** Two equal but separate doubling trees: 31 arrays each, 2^30 leaves when expanded. */
const TREES = `let x = [1]\nlet y = [1]\nfor (const i of range(30)) { x = [x, x]; y = [y, y] }\n`;

const LIMITS = ["limit_time", "limit_size", "limit_memory"];

/**
 * Operations whose cost grows with the expanded size of their input. Before work accounting,
 * each ran for tens of seconds in-process on these trees (or never returned); each must now
 * stop with a limit, in-process, where nothing can interrupt a native call.
 */
const TREE_WALKS: [string, string][] = [
  ["sorted", `sorted([x, y])`],
  ["sorted with reverse", `sorted([x, y], null, true)`],
  ["min", `min(x, y)`],
  ["max of a list", `max([x, y])`],
  ["sort_by", `sort_by([{ a: x }, { a: y }], "a")`],
  ["sorted by a key", `sorted([x, y], t => t)`],
  ["array sort", `[x, y].sort()`],
  ["toSorted", `[y, x].toSorted()`],
  ["<", `x < y`],
  ["<= against a string", `x <= "2"`],
  ["== against a string", `x == "1"`],
  ["String", `String(x)`],
  ["string +", `"" + x`],
  ["+ of two trees", `x + y`],
  ["+=", `let s = "a"\ns += x`],
  ["template literal", "`${x}`"],
  ["join", `x.join("-")`],
  ["JSON.stringify", `JSON.stringify(x)`],
  ["JSON.stringify indented", `JSON.stringify(x, null, 2)`],
  ["str", `str(x)`],
  ["print", `print(x)`],
  ["print of a string and a tree", `print("x", x)`],
  ["has on a string", `has("abc", x)`],
  ["has on an object", `has({ a: 1 }, x)`],
  ["dict key", `dict([[x, 1]])`],
  ["Object.fromEntries key", `Object.fromEntries([[x, 1]])`],
  ["parseInt", `parseInt(x)`],
  ["Number.parseFloat", `Number.parseFloat(x)`],
  ["string includes", `"abc".includes(x)`],
  ["string concat", `"abc".concat(x)`],
  ["string split", `"abc".split(x)`],
  ["string replace", `"abc".replace(x, "y")`],
  ["string replace with a tree", `"abc".replace("a", x)`],
  ["regex test", `/a/.test(x)`],
  ["pass to a tool", `echo(x)`],
  ["pass to a tool inside an object", `echo({ tree: x, more: [y] })`],
  ["comparison in a sort comparator's result", `[x, y].sort((a, b) => a < b ? -1 : 1)`],
];

/** Operations that never walk the trees: they finish at once, with a value. */
const NO_WALK: [string, string, unknown][] = [
  ["unique", `len(unique([x, y, x]))`, 2],
  ["count", `count([x, y, x], x)`, 2],
  ["has on a list", `has([x, y], y)`, true],
  ["includes", `[x, y].includes(y)`, true],
  ["=== of two trees", `x === y`, false],
  ["unary minus", `Number.isNaN(-x)`, true],
  ["len", `len(x)`, 2],
  ["a tree as the output", `const r = [x, y]\nlen(r)`, 2],
];

/** Huge inputs to native operations: each gives a limit error (or its value), never a crash. */
const HUGE_INPUTS: [string, string][] = [
  ["max of a non-integer range", `max(range(0, 1e9, 0.5))`],
  ["sum of a range", `sum(range(1e9))`],
  ["all of a range", `all(range(1, 1e9))`],
  ["count in a range", `count(range(1e9), -1)`],
  ["reversed of a range", `reversed(range(1e9))`],
  ["a range passed to a tool", `echo(range(1e9))`],
  ["a range inside a tool argument", `echo({ items: [range(2e7)] })`],
  ["enumerate of a long list", `len(enumerate(list(range(5e6))))`],
  ["enumerate of a range", `enumerate(range(1e9))`],
  ["zip of long lists", `const xs = list(range(5e6))\nlen(zip(xs, xs, xs))`],
  ["String of a long list", `String(list(range(5e6)))`],
  [
    "join of a shared list",
    `const xs = ["x".repeat(1e6)]\nconst ys = Array.from({ length: 20 }, () => xs)\nys.join()`,
  ],
  ["list of a range", `list(range(1e9))`],
  ["Array.from a range", `Array.from(range(1e9))`],
  ["spread of a range", `[...range(1e9)]`],
  ["set of a range", `set(range(1e9))`],
  ["sorted range", `sorted(range(1e9))`],
  ["JSON of a long list", `JSON.stringify(list(range(5e6)))`],
  ["many matches", `len("x".repeat(1e7).match(/x/g))`],
  ["many match objects", `len("x".repeat(5e6).matchAll(/x/g))`],
  ["a growing replacement", `"ab".repeat(4e6).replace(/(?:)/g, "--")`],
  ["upper case of a long text", `"ß".repeat(6e6).toUpperCase()`],
];

describe("work accounting (in-process)", () => {
  const attempt = (source: string, timeoutMs = 300) =>
    run(source, {
      tools: testTools().tools,
      toolSpecs: TOOL_SPECS,
      limits: { timeoutMs, maxSteps: 1e9 },
    });

  it.each(TREE_WALKS)("stops %s of shared trees with a limit", async (_name, source) => {
    const result = await attempt(TREES + source);
    expect(result.success).toBe(false);
    expect(LIMITS).toContain(result.error?.code);
  });

  it.each(NO_WALK)("finishes %s at once", async (_name, source, output) => {
    const result = await attempt(TREES + source);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });

  it("writes a shared tree once in the result", async () => {
    const result = await attempt(TREES + `const r = [x, y]\nr`);
    expect(result.success).toBe(true);
    expect(JSON.stringify(result.output)).toContain("[repeated]");
  });

  it.each(HUGE_INPUTS)("stops %s with a limit", async (_name, source) => {
    const result = await attempt(source);
    expect(result.success).toBe(false);
    expect(LIMITS).toContain(result.error?.code);
  });

  it.each([
    [`max(range(1e9))`, 999_999_999],
    [`min(range(1e9))`, 0],
    [`max(range(10, -1e9, -3))`, 10],
    [`min(range(10, -1e9, -3))`, -999_999_998],
    [`max(range(0, 1, 0.25))`, 0.75],
    [`any(range(1e9))`, true],
    [`reversed("ab😀c")`, "c😀ba"],
    [`len(reversed("xy".repeat(1e6)))`, 2e6],
    [
      `enumerate(["a", "b"], 1)`,
      [
        [1, "a"],
        [2, "b"],
      ],
    ],
  ])("answers %s without walking a range", async (source, output) => {
    const result = await attempt(source, 10_000);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });

  it("says how large the display would have been", async () => {
    const result = await attempt(`String(list(range(5e6)))`, 10_000);
    expect(result.error).toMatchObject({ code: "limit_size", line: 1 });
    expect(result.error?.message).toMatch(
      /^The program tried to make a string of \d+ items; the limit is 10000000\.$/,
    );
  });
});

/**
 * Spreads and helper arguments over many items. Before they were charged as work, each of
 * these completed (or ran on for seconds) past a 200 ms limit; now each ends with a limit, in
 * both modes. Every one is within the size limit, so only the clock can stop it.
 */
const SPREADS_AND_HELPERS: [string, string][] = [
  ["Math.max of a spread range", `Math.max(...range(1e7))`],
  ["Math.min of a spread list", `const xs = list(range(1e7))\nMath.min(...xs)`],
  ["a tool call with a spread range", `count_args(...range(1e7))`],
  ["an array spread of a range", `const xs = [...range(1e7)]\nlen(xs)`],
  ["two array spreads", `const xs = list(range(5e6))\nconst ys = [...xs, ...xs]\nlen(ys)`],
  [
    "an object spread",
    `const o = Object.fromEntries(list(range(1e6)).map(i => [i, i]))\nlen({ ...o })`,
  ],
  ["Object.assign", `const o = dict(list(range(1e6)).map(i => [i, i]))\nlen(Object.assign({}, o))`],
  ["print of a spread", `print(...range(2e6))`],
  ["sum of a range", `sum(range(1e8))`],
  ["min of a lazy range", `min(range(0, 1e8, 0.5))`],
  ["max of a lazy range", `max(range(0, 1e8, 0.5))`],
  ["sorted of a range", `len(sorted(range(1e7)))`],
  ["zip of ranges", `len(zip(range(1e7), range(1e7)))`],
  ["enumerate of a range", `len(enumerate(range(1e7)))`],
  ["set of a range", `len(set(range(1e7)))`],
  ["unique of a range", `len(unique(range(1e7)))`],
  ["Array.from a length", `len(Array.from({ length: 1e7 }))`],
  [
    "spreads repeated in a loop",
    `const xs = list(range(1e6))\nlet n = 0\nfor (const i of range(1000)) n += len([...xs])\nn`,
  ],
  [
    "Math.max repeated in a loop",
    `const xs = list(range(1e6))\nlet n = 0\nfor (const i of range(1000)) n += Math.max(...xs)\nn`,
  ],
];

/** The same forms over a few items: they answer at once. */
const SMALL_SPREADS: [string, string, unknown][] = [
  ["Math.max of a spread", `Math.max(...range(1000))`, 999],
  ["Math.max past one host call's arguments", `Math.max(...range(20000))`, 19_999],
  [
    "Math.min with NaN among many",
    `const xs = list(range(20000))\nNumber.isNaN(Math.min(...xs, NaN))`,
    true,
  ],
  ["Math.hypot", `Math.hypot(3, 4)`, 5],
  ["Math.pow with an extra argument", `Math.pow(2, 10, 99)`, 1024],
  ["a tool call with a spread", `count_args(...range(5))`, 5],
  ["an array spread", `const xs = [...range(3), ...[7]]\nxs`, [0, 1, 2, 7]],
  ["an object spread", `const o = { ...{ a: 1 }, b: 2 }\no`, { a: 1, b: 2 }],
  ["print of a spread", `print(...[1, 2])\n1`, 1],
  ["set and unique", `const s = [len(set([1, 1, 2])), len(unique([1, 1]))]\ns`, [2, 1]],
  [
    "zip and enumerate",
    `const z = [zip([1, 2], "ab"), enumerate("x")]\nz`,
    [
      [
        [1, "a"],
        [2, "b"],
      ],
      [[0, "x"]],
    ],
  ],
  ["Array.from a length", `Array.from({ length: 2 })`, [null, null]],
];

describe.each(["in-process", "isolated"] as const)(
  "work accounting of spreads and helper arguments (%s)",
  (mode) => {
    const attempt = (source: string, timeoutMs: number) =>
      runInEitherMode(source, {
        mode,
        tools: { count_args: (...args: unknown[]) => args.length },
        limits: { timeoutMs, maxSteps: 1e9 },
      });

    it.each(SPREADS_AND_HELPERS)("stops %s at a 200 ms limit", async (_name, source) => {
      const result = await attempt(source, 200);
      expect(result.success).toBe(false);
      expect([...LIMITS, "limit_steps"]).toContain(result.error?.code);
    });

    it.each(SMALL_SPREADS)("answers %s", async (_name, source, output) => {
      const result = await attempt(source, 10_000);
      expect(result.error).toBeNull();
      expect(result.output).toEqual(output);
    });
  },
);
