import { describe, expect, it } from "vitest";
import { compileGitignorePattern } from "./compile-gitignore-pattern.js";

describe("compileGitignorePattern", () => {
  it.each<[string, string[], string[]]>([
    ["*.ts", ["a.ts", ".ts"], ["a/b.ts", "a.tsx"]],
    ["**/x", ["x", "a/x", "a/b/x"], ["ax", "a/xb"]],
    ["a/**", ["a/b", "a/b/c"], ["a", "ab/c"]],
    ["a/**/b", ["a/b", "a/x/b", "a/x/y/b"], ["a/xb", "ab"]],
    ["a**b", ["ab", "axb"], ["a/b", "a/x/b"]],
    ["**b", ["b", "xb"], ["x/b"]],
    ["x/**y", ["x/y", "x/zy"], ["x/z/y"]],
    ["[a-c]x", ["ax", "cx"], ["dx", "/x", "Ax"]],
    ["[!a-c]x", ["dx", "Ax"], ["ax", "/x"]],
    ["[^a]x", ["bx"], ["ax"]],
    ["[]a]x", ["]x", "ax"], ["bx"]],
    ["[!]]x", ["ax"], ["]x"]],
    ["[a-]x", ["ax", "-x"], ["bx"]],
    ["[\\]]x", ["]x"], ["\\x"]],
    ["[[:digit:][:upper:]]", ["7", "Q"], ["q", "/"]],
    ["[[:x]", ["[", ":", "x"], ["]"]],
    ["\\*x", ["*x"], ["ax"]],
    ["{a,b}", ["{a,b}"], ["a"]],
    ["a?c", ["abc"], ["a/c", "ac"]],
  ])("%s matches %j and not %j", (pattern, yes, no) => {
    const glob = compileGitignorePattern(pattern)!;
    for (const path of yes) expect(glob.test(path), path).toBe(true);
    for (const path of no) expect(glob.test(path), path).toBe(false);
  });

  it.each(["[ab", "x[", "[[:nope:]]", "a\\", "[a-\\"])(
    "gives null for %s, which git never matches",
    (pattern) => {
      expect(compileGitignorePattern(pattern)).toBeNull();
    },
  );

  it("matches in work linear in pattern × path, with no backtracking", () => {
    const pattern = `${"*a".repeat(40)}[!b]`;
    const glob = compileGitignorePattern(pattern)!;
    const path = `${"a".repeat(2000)}b`;
    const before = glob.work;
    expect(glob.test(path)).toBe(false);
    expect(glob.work - before).toBeLessThanOrEqual(glob.size * path.length);
  });
});
