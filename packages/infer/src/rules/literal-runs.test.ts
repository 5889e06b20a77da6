import { describe, expect, it } from "vitest";
import { literalRuns } from "./literal-runs.js";
import { rulePattern } from "./rule-types.js";

describe("literalRuns", () => {
  it("reads the plain text outside every group, and groups that must be there and hold only words", () => {
    expect(literalRuns("(?:{kind} )?(?<files>file) largest{scope}")).toEqual(["file", " largest"]);
    expect(
      literalRuns("(?<count>count )(?:(?<files>file) )?(?<verb>import) (?<module>[QW])"),
    ).toEqual(["count ", "import", " "]);
    expect(literalRuns("show (?:content )?(?:in )?(?<scope>D) file")).toEqual([
      "show ",
      "D",
      " file",
    ]);
  });

  it("leaves out what a match may lack: quantified characters and groups, classes, escapes, wildcards, shorthands", () => {
    expect(literalRuns("lines? in F")).toEqual(["line", " in F"]);
    expect(literalRuns("ab*c")).toEqual(["a", "c"]);
    expect(literalRuns("ab+c")).toEqual(["a", "c"]);
    expect(literalRuns("ab{2}c")).toEqual(["a", "c"]);
    expect(literalRuns("(?:show )?line")).toEqual(["line"]);
    expect(literalRuns("(?<verb>largest|smallest) K")).toEqual([" K"]);
    expect(literalRuns("(?:show){2} K")).toEqual([" K"]);
    expect(literalRuns("a[^ ]+b")).toEqual(["a", "b"]);
    expect(literalRuns("a[x\\]y]b")).toEqual(["a", "b"]);
    expect(literalRuns("a\\wb.c")).toEqual(["a", "b", "c"]);
    expect(literalRuns("show {kind} file")).toEqual(["show ", " file"]);
    expect(literalRuns("(?=show)show")).toEqual(["show"]);
  });

  it("reads nothing of a pattern with an alternative outside every group or unbalanced groups", () => {
    expect(literalRuns("show K|count K")).toBeNull();
    expect(literalRuns("show (K")).toBeNull();
    expect(literalRuns("show K)")).toBeNull();
  });

  it("never leaves out a text a match holds, on random patterns and lines", () => {
    const atoms = [
      ...["a", "b", " ", "(?:a )?", "(b)", "(?:a|b)", "[ab]", "a?", "b*", "(?:ab)+", "."],
      ...["[^ ]+", "\\s", "(?:a){2}", "b{1,2}", "(?=a)", "(a|b )", "(?:(b) )?", "a+?"],
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 2000; round += 1) {
      const source = Array.from({ length: 1 + next(6) }, () => atoms[next(atoms.length)]).join("");
      const pattern = rulePattern(source).regex;
      const runs = literalRuns(source) ?? [];
      for (let tries = 0; tries < 20; tries += 1) {
        const line = Array.from({ length: next(8) }, () => "ab "[next(3)]).join("");
        if (pattern.test(line))
          expect({ source, line, runs }).toMatchObject({
            runs: runs.filter((text) => line.includes(text)),
          });
      }
    }
  });
});
