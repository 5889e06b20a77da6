import { describe, expect, it } from "vitest";
import { globToRegExp } from "./glob-to-reg-exp.js";

describe("globToRegExp", () => {
  it.each<[string, string[], string[]]>([
    ["*.ts", ["a.ts", ".hidden.ts"], ["src/a.ts", "a.tsx"]],
    ["src/*", ["src/a", "src/b.md"], ["src/x/y", "src"]],
    ["?.md", ["a.md"], ["ab.md", "/.md"]],
    ["**/*.ts", ["a.ts", "src/a.ts", "a/b/c.ts"], ["a.tsx"]],
    ["src/**", ["src/a", "src/a/b"], ["srcx/a"]],
    ["a/**/b", ["a/b", "a/x/b", "a/x/y/b"], ["a/xb", "ab"]],
    ["*.{ts,md}", ["a.ts", "b.md"], ["c.js"]],
    [
      "{src,test}/**/*.{ts,{c,m}js}",
      ["src/a.ts", "test/x/y.mjs", "src/b.cjs"],
      ["lib/a.ts", "src/a.js"],
    ],
    ["a+b(c)[d].$^|", ["a+b(c)[d].$^|"], ["aab"]],
    ["{unclosed", ["{unclosed"], ["unclosed"]],
  ])("%j matches what it should", (pattern, matches, misses) => {
    const matcher = globToRegExp(pattern);
    for (const path of matches) expect(matcher.test(path), path).toBe(true);
    for (const path of misses) expect(matcher.test(path), path).toBe(false);
  });
});
