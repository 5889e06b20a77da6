import { describe, expect, it } from "vitest";
import { FILES, TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import { run } from "./index.js";

async function output(source: string, params?: Record<string, unknown>) {
  const { tools } = testTools();
  const result = await run(source, { tools, toolSpecs: TOOL_SPECS, params });
  if (!result.success) throw new Error(`${result.error?.code}: ${result.error?.message}`);
  return result.output;
}

describe("run: node families", () => {
  it.each([
    ["literals", `[1, "a", true, null]`, [1, "a", true, null]],
    ["template literal", "const n = 2;\n`n=${n} ${[1, 2]}`", "n=2 1,2"],
    [
      "object literal, shorthand, computed, spread",
      `const a = 1\nconst k = "b"\nconst o = { ...{ z: 0 }, a, [k]: 2 }\no`,
      { z: 0, a: 1, b: 2 },
    ],
    ["array spread of a string and set", `[..."ab", ...set([1, 1, 2])]`, ["a", "b", 1, 2]],
    ["arithmetic", `(7 % 3) * 2 - 1 / 2 + -(-1)`, 2.5],
    ["string concatenation", `"a" + 1 + [2, 3]`, "a12,3"],
    [
      "comparison and equality",
      `[1 < 2, "b" > "a", 1 == "1", 1 === "1", null == undefined, [] == []]`,
      [true, true, true, false, true, false],
    ],
    ["logical operators", `[0 || "x", 1 && 2, null ?? "d", 0 ?? "d"]`, ["x", 2, "d", 0]],
    ["conditional", `const n = 5\nn > 3 ? "big" : "small"`, "big"],
    [
      "typeof",
      `[typeof 1, typeof "s", typeof undefined_name, typeof Math, typeof {}, typeof null]`,
      ["number", "string", "undefined", "object", "object", "object"],
    ],
    [
      "if / else if / else",
      `const n = 2\nlet r = ""\nif (n === 1) r = "one"\nelse if (n === 2) { r = "two" } else r = "many"\nr`,
      "two",
    ],
    [
      "for-of with break and continue",
      `const out = []\nfor (const i of range(10)) { if (i % 2) continue\n if (i > 6) break\n out.push(i) }\nout`,
      [0, 2, 4, 6],
    ],
    [
      "for-of over a string, set, map and object entries",
      `const out = []\nfor (const c of "ab") out.push(c)\nfor (const v of set([3])) out.push(v)\nfor (const [k, v] of Object.entries({ x: 1 })) out.push(k + v)\nout`,
      ["a", "b", 3, "x1"],
    ],
    [
      "destructuring with defaults and rest",
      `const [a, , b = 5, ...rest] = [1, 2, undefined, 4, 5]\nconst { x, y: { z = 9 } = {}, ...others } = { x: 1, p: 2 }\n;[a, b, rest, x, z, others]`,
      [1, 5, [4, 5], 1, 9, { p: 2 }],
    ],
    ["swap by destructuring assignment", `let a = 1\nlet b = 2\n;[a, b] = [b, a]\n;[a, b]`, [2, 1]],
    [
      "compound and logical assignment",
      `let n = 1\nn += 2\nn *= 3\nn -= 1\nn /= 2\nn %= 3\nlet s = null\ns ??= "a"\ns ||= "b"\ns &&= s + "c"\n;[n, s]`,
      [1, "ac"],
    ],
    [
      "update expressions",
      `let i = 0\nconst o = { c: 1 }\nconst r = [i++, ++i, o.c--, --o.c]\n;[r, i, o.c]`,
      [[0, 2, 1, -1], 2, -1],
    ],
    [
      "optional chaining",
      `const o = { a: { b: 1 } };\n[o?.a?.b, o.x?.y, o.x?.y.z.w, o?.["a"]?.b, o.f?.()]`,
      [1, null, null, 1, null],
    ],
    [
      "cell-style assignment declares a top-level variable",
      `for (const f of ["a", "b"]) { last = f }\nlast`,
      "b",
    ],
    ["block scoping", `const x = 1\nif (true) { const x = 2 }\nx`, 1],
    ["closures see their scope", `const base = 10;\n[1, 2].map(x => x + base)`, [11, 12]],
    [
      "arrow with destructured params",
      `Object.entries({ a: 1, b: 2 }).map(([k, v]) => k + v)`,
      ["a1", "b2"],
    ],
    ["block-bodied single-return arrow", `[1, 2].map(x => { return x * 3 })`, [3, 6]],
    [
      "callables as callbacks",
      `find_files("src").map(read_file).map(len)`,
      [FILES["src/a.ts"].length, FILES["src/b.ts"].length],
    ],
    ["await on a tool call", `const t = await read_file("README.md")\nt.trim()`, "# demo"],
    ["assignment as the last statement", `x = 3`, 3],
    ["a final non-expression gives null", `const x = 3`, null],
    ["empty program", ``, null],
    ["regex literal", `/todo/i.test("a TODO")`, true],
    [
      "member reads of arrays and strings",
      `["abc".length, "abc"[1], [1, 2][5], "abc".nope]`,
      [3, "b", null, null],
    ],
  ])("%s", async (_name, source, expected) => {
    expect(await output(source)).toEqual(expected);
  });

  it("reads params as read-only values", async () => {
    expect(await output(`read_file(path).length`, { path: "README.md" })).toBe(7);
  });

  it("returns variables, stdout, trace and file metadata", async () => {
    const { tools } = testTools();
    const result = await run(
      `const text = read_file("README.md")\nprint("read", len(text))\nwrite_file("out.txt", text)\nn = 1`,
      { tools, toolSpecs: TOOL_SPECS },
    );
    expect(result.success).toBe(true);
    expect(result.variables).toEqual({ text: "# demo\n", n: 1 });
    expect(result.stdout).toBe("read 7\n");
    expect(result.filesRead).toEqual(["README.md"]);
    expect(result.filesModified).toEqual(["out.txt"]);
    expect(result.trace.map((entry) => [entry.tool, entry.args, entry.success])).toEqual([
      ["read_file", ["README.md"], true],
      ["write_file", ["out.txt", "# demo\n"], true],
    ]);
    expect(result.stats.toolCalls).toBe(2);
    expect(result.stats.steps).toBeGreaterThan(10);
  });

  it("is deterministic given the same tool results", async () => {
    const source = `const out = {}\nfor (const f of find_files("*")) out[f] = len(read_file(f))\nout`;
    expect(await output(source)).toEqual(await output(source));
  });

  it("does not run invalid programs", async () => {
    const result = await run(`var x = 1\nconsole.log(x)`, {});
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: "invalid_program" });
    expect((result.error!.errors as { code: string }[]).map((error) => error.code)).toEqual([
      "forbidden_syntax",
      "unknown_name",
    ]);
    expect(result.stats.steps).toBe(0);
  });
});
