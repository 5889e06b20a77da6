import { describe, expect, it } from "vitest";
import { foldCase, foldCodeUnit } from "./fold-case.js";
import { intentForMatching } from "./intent-for-matching.js";
import {
  compilePatternMatcher,
  literalWords,
  patternParts,
  patternProblem,
} from "./pattern-matcher.js";
import { PATHOLOGICAL_PATTERNS } from "../__fixtures__/pathological-patterns.mjs";
import { randomSource } from "../../../run/src/__fixtures__/random-source.mjs";

/** The expression patterns compiled to before: lazy captures, literals escaped, case-insensitive. */
function referenceExpression(pattern: string): RegExp {
  const source = patternParts(pattern)
    .map((part, index) =>
      index % 2 === 1
        ? `(?<${part.slice(1, -1)}>.+?)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`, "i");
}

// Words and signs whose case folding is not ASCII's: sigma and final sigma, micro and mu, the
// Kelvin sign, dotted and dotless i, sharp s.
const PIECES = [
  "a",
  "ab",
  "to",
  "in",
  "x.y",
  "-",
  "\u03a3",
  "\u03c2",
  "\u00b5",
  "\u03bc",
  "\u212a",
  "k",
  "\u0130",
  "\u0131",
  "i",
  "\u00df",
  "SS",
  " ",
];

describe("compilePatternMatcher", () => {
  it("captures what the lazy expression captured, on random patterns and intents", () => {
    const random = randomSource(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    let compared = 0;
    for (let trial = 0; trial < 4000; trial++) {
      const parts: string[] = [];
      const count = 1 + Math.floor(random() * 3);
      for (let at = 0; at < count; at++) {
        parts.push(
          Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(PIECES)).join(""),
        );
        if (at < count - 1 || random() < 0.5) parts.push(`{p${at}}`);
      }
      const pattern = parts.join(random() < 0.5 ? " " : "");
      if (patternProblem(pattern) !== null) continue;
      const intent = intentForMatching(
        pattern.replace(/\{p\d\}/g, () =>
          Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(PIECES)).join(""),
        ),
      );
      const cased = [...intent]
        .map((character) => (random() < 0.3 ? character.toUpperCase() : character))
        .join("");
      for (const text of [intent, cased]) {
        const expected = referenceExpression(pattern).exec(text);
        const actual = compilePatternMatcher(pattern).match(text, foldCase(text));
        expect(actual).toEqual(expected ? { ...expected.groups } : null);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it("captures a placeholder called __proto__ as its own key", () => {
    const captures = compilePatternMatcher("read {__proto__} now").match(
      "read x now",
      "READ X NOW",
    );
    expect(Object.keys(captures!)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(captures)).toBe(Object.prototype);
  });

  it("matches the intents a backtracking expression stalled on, in one pass each", () => {
    // The worst a usable pattern can do: a literal that almost occurs everywhere.
    const pattern = Array.from({ length: 16 }, (_, at) => `{p${at}} a`).join(" ") + " \u00e9";
    expect(patternProblem(pattern)).toBeNull();
    const matcher = compilePatternMatcher(pattern);
    const intent = intentForMatching("a ".repeat(2000) + "b");
    expect(matcher.match(intent, foldCase(intent))).toBeNull();
  });
});

describe("patternProblem", () => {
  it.each(PATHOLOGICAL_PATTERNS)("refuses %s", (_name, pattern, problem) => {
    expect(patternProblem(pattern)).toMatch(problem);
    expect(() => compilePatternMatcher(pattern)).toThrow(/cannot be used/);
  });

  it.each([
    "count lines in {file}",
    "rename {old} to {new}",
    "{a}-{b} files",
    "caf\u00e9 {x}",
    "list all typescript files",
  ])("accepts %j", (pattern) => {
    expect(patternProblem(pattern)).toBeNull();
  });

  it("finds the words no placeholder touches", () => {
    expect(literalWords(patternParts("read {a}.txt and {b} now"))).toEqual(["read", "and", "now"]);
  });
});

describe("foldCase", () => {
  it("folds every UTF-16 code unit as a case-insensitive expression compares it", () => {
    const wrong: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      const expression = new RegExp(`^\\u${code.toString(16).padStart(4, "0")}$`, "i");
      // Folded, it is still the same character to the expression ...
      if (!expression.test(String.fromCharCode(foldCodeUnit(code)))) wrong.push(code);
      // ... and its upper case folds with it exactly when the expression says they match.
      const upper = character.toUpperCase();
      if (
        upper.length === 1 &&
        expression.test(upper) !== (foldCodeUnit(code) === foldCodeUnit(upper.charCodeAt(0)))
      )
        wrong.push(code);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the length, so positions carry over", () => {
    const text = "Stra\u00dfe \u0130stanbul \u212a";
    expect(foldCase(text)).toHaveLength(text.length);
  });
});
