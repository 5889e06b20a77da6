import { describe, expect, it } from "vitest";
import { MAX_SUGGESTIONS } from "./check-state.js";
import { MAX_SYNTAX_DEPTH } from "../spec/default-limits.js";
import { parseProgram } from "../parse/parse-program.js";
import { validate } from "../validate/validate-program.js";
import { measureDepth } from "../parse/walk.js";

/** Programs whose nesting grows with `n`, one per kind of node the walk treats differently. */
const SHAPES: [string, (n: number) => string][] = [
  ["member chain", (n) => "const a = {}\na" + ".b".repeat(n)],
  ["optional chain", (n) => "const a = {}\na" + "?.b".repeat(n)],
  ["computed template members", (n) => "const a = {}\na" + "[`b`]".repeat(n)],
  ["nested arrays", (n) => "[".repeat(n) + "]".repeat(n)],
  ["nested calls", (n) => "len(".repeat(n) + "1" + ")".repeat(n)],
  ["nested objects", (n) => "x = " + "{ a: ".repeat(n) + "1" + " }".repeat(n)],
  ["nested spreads", (n) => "[...".repeat(n) + "[]" + "]".repeat(n)],
  ["nested arrows", (n) => "[1].map(x => ".repeat(n) + "x" + ")".repeat(n)],
  ["nested block arrows", (n) => "[1].map(x => { return ".repeat(n) + "x" + " })".repeat(n)],
  ["nested ifs", (n) => "const a = 1\n" + "if (a) { ".repeat(n) + "a" + " }".repeat(n)],
  ["nested loops", (n) => "for (const x of [1]) { ".repeat(n) + "x" + " }".repeat(n)],
  ["nested templates", (n) => "`${".repeat(n) + "1" + "}`".repeat(n)],
  ["empty template at the bottom", (n) => "len(".repeat(n) + "``" + ")".repeat(n)],
  ["nested negation", (n) => "-(".repeat(n) + "1" + ")".repeat(n)],
  ["nested sums", (n) => "1 + (".repeat(n) + "1" + ")".repeat(n)],
  ["nested conditionals", (n) => "const a = 1\n" + "a ? 1 : (".repeat(n) + "2" + ")".repeat(n)],
  ["nested array patterns", (n) => "const " + "[".repeat(n) + "x" + "]".repeat(n) + " = []"],
  ["nested object patterns", (n) => "const " + "{ a: ".repeat(n) + "x" + " }".repeat(n) + " = {}"],
  ["nested pattern defaults", (n) => "const [x = " + "[".repeat(n) + "]".repeat(n) + "] = []"],
  ["nested assignment patterns", (n) => "let x\n" + "[".repeat(n) + "x" + "]".repeat(n) + " = []"],
  ["nested while loops (rejected)", (n) => "while (1) { ".repeat(n) + "1" + " }".repeat(n)],
  [
    "deep body of a rejected arrow",
    (n) => "[1].map(x => { x; " + "[".repeat(n) + "]".repeat(n) + " })",
  ],
  ["nested standalone blocks (rejected)", (n) => "{ ".repeat(n) + "1" + " }".repeat(n)],
];

/** True when the parsed tree of `source` is nested deeper than the limit. */
function deeperThanLimit(source: string): boolean {
  const parsed = parseProgram(source);
  if (!parsed.ok) throw new Error(`${source.slice(0, 60)}: ${parsed.message}`);
  return measureDepth(parsed.ast, MAX_SYNTAX_DEPTH).deepest !== null;
}

/** The smallest `n` whose program is too deep (the shapes grow monotonically). */
function threshold(shape: (n: number) => string): number {
  let low = 1;
  let high = MAX_SYNTAX_DEPTH + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (deeperThanLimit(shape(middle))) high = middle;
    else low = middle + 1;
  }
  return low;
}

describe("validate: depth", () => {
  it.each(SHAPES)("judges %s as deeper than the limit exactly when the tree is", (_name, shape) => {
    const first = threshold(shape);
    for (const n of [1, 2, first - 3, first - 2, first - 1, first, first + 1, first + 2]) {
      if (n < 1) continue;
      const source = shape(n);
      const codes = validate(source, { cache: false }).errors.map((error) => error.code);
      expect(codes.includes("too_deep"), `n = ${n}`).toBe(deeperThanLimit(source));
      if (n >= first) expect(codes).toEqual(["too_deep"]);
    }
  });
});

describe("validate: cells and shadowing", () => {
  const codes = (source: string) => validate(source).errors.map((error) => error.code);

  it("treats a cell as a variable of the whole program, before its assignment too", () => {
    expect(codes(`const f = len\nlen = 1`)).toEqual([]);
    expect(codes(`const f = len`)).toEqual(["callable_as_value"]);
    expect(codes(`Math.foo\nMath = {}`)).toEqual([]);
    expect(codes(`Math.foo`)).toEqual(["unknown_name"]);
    expect(codes(`Math.PI = 1\nMath = {}`)).toEqual([]);
    expect(codes(`[1].map(x => x).map(len)\nlen = 1`)).toEqual([]);
  });

  it("suggests a cell assigned further on for an unknown name", () => {
    expect(validate(`print(totl)\ntotal = 1`).errors[0]).toMatchObject({
      code: "unknown_name",
      hint: "did you mean total?",
    });
  });

  it("computes at most MAX_SUGGESTIONS suggestions, so many unknown names stay cheap", () => {
    const source = `const total = 1\n` + Array.from({ length: 30 }, () => "totl").join("\n");
    const hints = validate(source).errors.map((error) => error.hint);
    expect(hints).toHaveLength(30);
    expect(hints.filter((hint) => hint === "did you mean total?")).toHaveLength(MAX_SUGGESTIONS);
    expect(hints.at(-1)).toBe("assign it before use, or use a kit tool");
  });

  it("lists shadowing variables and cells in order", () => {
    const result = validate(`const items = [1]\ncount = 2\nfor (const len of items) { sum = len }`);
    expect(result.errors).toEqual([]);
    expect(result.variables).toEqual(["items", "count", "sum"]);
    expect(result.calls).toEqual([]);
  });

  it("resolves an assignment inside a block to the block's variable, not a cell", () => {
    expect(codes(`if (true) { let y = 0\n y = 1 }\ny`)).toEqual(["unknown_name"]);
    expect(codes(`if (true) { let len = 0\n len = 1 }\nlen("a")`)).toEqual([]);
  });

  it("records the tools a program calls, also through callbacks", () => {
    const tools = [{ name: "read_file" }, { name: "find_files" }];
    expect(
      validate(`const files = find_files("*")\nfiles.map(read_file)`, { tools }).effects.tools,
    ).toEqual([
      { name: "find_files", gradeW: 3, effectsCeiling: 3 },
      { name: "read_file", gradeW: 3, effectsCeiling: 3 },
    ]);
  });
});
