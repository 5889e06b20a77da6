import { describe, expect, it } from "vitest";
import { referenceGlob } from "../__fixtures__/reference-glob.js";
import { compileGlob, type Glob } from "./compile-glob.js";
import { MAX_BRACE_DEPTH, MAX_BRACE_EXPANSIONS, MAX_GLOB_LENGTH } from "./glob-program.js";
import { ToolError } from "../tool-error.js";

function refusal(pattern: string): ToolError {
  try {
    compileGlob(pattern);
  } catch (error) {
    if (ToolError.is(error)) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(pattern)} to be refused`);
}

/** Matches and checks the work bound: at most one visit per state for each character read. */
function boundedTest(glob: Glob, path: string): boolean {
  const before = glob.work;
  const matched = glob.test(path);
  expect(glob.work - before).toBeLessThanOrEqual(glob.size * path.length);
  return matched;
}

describe("compileGlob", () => {
  it.each<[string, string[], string[]]>([
    ["*.ts", ["a.ts", ".hidden.ts", ".ts"], ["src/a.ts", "a.tsx", "a.ts/"]],
    ["src/*", ["src/a", "src/b.md", "src/"], ["src/x/y", "src"]],
    ["?.md", ["a.md"], ["ab.md", "/.md", ".md"]],
    ["**/*.ts", ["a.ts", "src/a.ts", "a/b/c.ts", "/a.ts"], ["a.tsx", "a.ts/b"]],
    ["src/**", ["src/a", "src/a/b", "src/"], ["srcx/a", "src"]],
    ["a/**/b", ["a/b", "a/x/b", "a/x/y/b"], ["a/xb", "ab", "a//b/c"]],
    ["**", ["a", "a/b/c", ""], []],
    ["a**b", ["ab", "a/x/b", "axb"], ["a/x/c"]],
    ["***", ["a/b"], []],
    ["*.{ts,md}", ["a.ts", "b.md"], ["c.js", "a.{ts,md}"]],
    [
      "{src,test}/**/*.{ts,{c,m}js}",
      ["src/a.ts", "test/x/y.mjs", "src/b.cjs"],
      ["lib/a.ts", "src/a.js"],
    ],
    ["{a,}b", ["ab", "b"], ["a"]],
    ["{}x", ["x"], ["{}x"]],
    ["{,}", [""], ["{,}", ","]],
    ["a+b(c)[d].$^|", ["a+b(c)[d].$^|"], ["aab", "a+b(c)d.$^|"]],
    ["[abc].ts", ["[abc].ts"], ["a.ts"]],
    ["{unclosed", ["{unclosed"], ["unclosed"]],
    ["closed}", ["closed}"], ["closed"]],
    ["{a,{b}", ["{a,b"], ["a", "b"]],
    ["x,y", ["x,y"], ["x"]],
    ["é*/日本?", ["é/日本語", "éa/日本x"], ["e/日本語"]],
    ["line*", ["line\nbreak"], ["line/x"]],
  ])("%j matches what it should", (pattern, matches, misses) => {
    const glob = compileGlob(pattern);
    for (const path of matches) expect(boundedTest(glob, path), path).toBe(true);
    for (const path of misses) expect(boundedTest(glob, path), path).toBe(false);
  });

  it("agrees with the former RegExp matcher on small patterns and paths", () => {
    // A fixed pseudo-random walk over the glob alphabet, so the comparison is reproducible.
    let seed = 12_345;
    const random = (below: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % below;
    };
    const patternPieces = ["a", "b", "/", "*", "**", "**/", "?", "{a,b}", "{,a/}", "{*,b*}", "."];
    const pathPieces = ["a", "b", "/", ".", "ab", "ba/"];
    let compared = 0;
    for (let round = 0; round < 400; round++) {
      const pattern = Array.from(
        { length: 1 + random(5) },
        () => patternPieces[random(patternPieces.length)],
      ).join("");
      const glob = compileGlob(pattern);
      const reference = referenceGlob(pattern);
      for (let sample = 0; sample < 20; sample++) {
        const path = Array.from(
          { length: random(6) },
          () => pathPieces[random(pathPieces.length)],
        ).join("");
        expect(glob.test(path), `${pattern} on ${path}`).toBe(reference.test(path));
        compared++;
      }
    }
    expect(compared).toBe(8000);
  });

  it("advances piece by piece to the same answer as a whole test", () => {
    const glob = compileGlob("src/**/{a,b}*.ts");
    let state = glob.start();
    for (const piece of ["src/", "x/", "y/", "b", "c.ts"]) state = glob.advance(state, piece);
    expect(glob.matches(state)).toBe(true);
    expect(glob.advance(glob.start(), "lib/")).toEqual([]);
  });

  it("refuses a pattern over a cap with a clear, retriable error", () => {
    expect(refusal("a".repeat(MAX_GLOB_LENGTH + 1))).toMatchObject({
      code: "pattern_too_long",
      retriable: true,
      message: "The pattern is 1025 characters long; globs may have at most 1024.",
    });
    expect(
      refusal(`${"{a,".repeat(MAX_BRACE_DEPTH + 1)}b${"}".repeat(MAX_BRACE_DEPTH + 1)}`),
    ).toMatchObject({
      code: "pattern_too_complex",
      message: "The pattern nests braces more than 8 deep.",
    });
    const error = refusal(`${"{*,*}".repeat(22)}Z`);
    expect(error).toMatchObject({ code: "pattern_too_complex", retriable: true });
    expect(error.message).toMatchInlineSnapshot(
      `"The pattern's braces stand for more than 1024 patterns."`,
    );
    expect(error.hint).toContain("several find_files calls");
    expect(refusal("{a,b}".repeat(11)).code).toBe("pattern_too_complex");
  });

  it("accepts patterns right at the caps", () => {
    expect(compileGlob("a".repeat(MAX_GLOB_LENGTH)).test("a".repeat(MAX_GLOB_LENGTH))).toBe(true);
    const deep = `${"{a,".repeat(MAX_BRACE_DEPTH)}b${"}".repeat(MAX_BRACE_DEPTH)}`;
    expect(compileGlob(deep).test("b")).toBe(true);
    expect(MAX_BRACE_EXPANSIONS).toBe(2 ** 10);
    expect(compileGlob("{a,b}".repeat(10)).test("ab".repeat(5))).toBe(true);
  });

  const longName = "x".repeat(3000);
  const longPath = Array.from({ length: 400 }, (_, index) => `d${index}`).join("/");
  it.each<[string, string, string, boolean]>([
    ["the issue's pattern at the expansion cap", `${"{*,*}".repeat(10)}Z`, longName, false],
    ["the same pattern ending in a match", `${"{*,*}".repeat(10)}x`, longName, true],
    ["nested braces", "{a,{b,{c,{d,{e,{f,{g,*}}}}}}}".repeat(3), longName, true],
    ["many stars", `${"*".repeat(500)}Z`, longName, false],
    ["stars between letters", `${"*x".repeat(300)}Z`, longName, false],
    ["many globstars", `${"**/".repeat(300)}Z`, longPath, false],
    ["globstars between segments", `${"**/d1*/".repeat(100)}**`, longPath, true],
    [
      "a long alternation",
      `{${Array.from({ length: 200 }, (_, i) => `n${i}`).join(",")}}/**`,
      longPath,
      false,
    ],
    ["brackets (literal)", `${"[a-z]*".repeat(100)}`, longName, false],
    ["question marks", `${"?".repeat(1000)}`, longName, false],
    ["stars and slashes", `${"*/".repeat(399)}*`, longPath, true],
  ])("stays linear on %s", (_, pattern, path, expected) => {
    const glob = compileGlob(pattern);
    expect(boundedTest(glob, path)).toBe(expected);
    expect(glob.size).toBeLessThanOrEqual(3 * pattern.length + 2);
  });
});
