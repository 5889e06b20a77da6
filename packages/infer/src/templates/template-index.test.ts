import { describe, expect, it } from "vitest";
import { patternWords, TemplateIndex } from "./template-index.js";
import { patternProblem } from "./pattern-matcher.js";
import { matchTemplates } from "./template-match.js";
import type { Template } from "./template.js";
import { randomSource } from "../../../run/src/__fixtures__/random-source.mjs";

/**
 * Few words, so that patterns share most of them; case variants, punctuation, and characters
 * whose case-insensitive matching is not ASCII's (é/É, ß, the Kelvin sign, long s, dotless and
 * dotted i, a character outside the BMP) next to the ASCII letters they resemble, and pairs that
 * match case-insensitively but not in lower case (final and medial sigma, micro sign and mu).
 */
const WORDS = [
  "count",
  "Count",
  "COUNT",
  "lines",
  "in",
  "IN",
  "the",
  "files",
  "todo",
  "TODO",
  "find",
  "all",
  "of",
  "readme.md",
  "README.MD",
  "(raw)",
  "-",
  "don't",
  "a",
  "s",
  "S",
  "k",
  "K",
  "\u212a",
  "\u017f",
  "\u0131",
  "\u0130",
  "i",
  "caf\u00e9",
  "CAF\u00c9",
  "stra\u00dfe",
  "STRASSE",
  "\ud801\udc28",
  "\ud801\udc00",
  "\u03bf\u03b4\u03bf\u03c2",
  "\u03bf\u03b4\u03bf\u03c3",
  "\u039f\u0394\u039f\u03a3",
  "\u00b5s",
  "\u03bcs",
  "{1}",
  "x{",
];
const GLUE = [" ", " ", " ", " ", "", "  ", "\t", " , "];
const ENDINGS = ["", "", "", ".", "?", " !", "\u2026", ";:"];
const PLACEHOLDERS = ["{a}", "{b}", "{file}"];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function randomPattern(random: () => number): string {
  const parts: string[] = [];
  const free = [...PLACEHOLDERS];
  const length = 1 + Math.floor(random() * 5);
  for (let index = 0; index < length; index++) {
    if (index > 0) parts.push(pick(random, GLUE));
    if (free.length > 0 && random() < 0.3)
      parts.push(free.splice(Math.floor(random() * free.length), 1)[0]!);
    else parts.push(pick(random, WORDS));
  }
  return (random() < 0.1 ? "  " : "") + parts.join("") + pick(random, ENDINGS);
}

function randomTemplates(random: () => number, count: number): Template[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `t${index}`,
    pattern: random() < 0.05 ? null : randomPattern(random),
    successCount: 0,
    failCount: 0,
    ...(random() < 0.15 ? { params: ["country"] } : {}),
    program: String(index),
  }));
}

/** An intent: a pattern of the list with its placeholders filled in and its case and spacing changed, or words at random. */
function randomIntent(random: () => number, templates: readonly Template[]): string {
  const template = pick(random, templates);
  if (template.pattern === null || random() < 0.3)
    return Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(random, WORDS)).join(
      pick(random, GLUE),
    );
  const filled = template.pattern.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, () =>
    Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(random, WORDS)).join(" "),
  );
  const cased = [...filled]
    .map((character) => {
      const roll = random();
      return roll < 0.1
        ? character.toUpperCase()
        : roll < 0.2
          ? character.toLowerCase()
          : character;
    })
    .join("");
  return (
    (random() < 0.2 ? " " : "") +
    cased.replace(/ /g, () => pick(random, [" ", " ", "  ", "\n"])) +
    pick(random, ENDINGS)
  );
}

/** The answer as positions in the list, so the comparison is of the same objects, in the same order. */
function positions(
  templates: readonly Template[],
  matches: ReadonlyArray<{ template: Template; captures: Record<string, string> }>,
) {
  return matches.map((match) => ({
    at: templates.indexOf(match.template),
    captures: match.captures,
  }));
}

describe("TemplateIndex", () => {
  it.each([1, 2, 3, 4, 5])(
    "answers exactly as the linear matcher, on many templates with overlapping words (seed %i)",
    (seed) => {
      const random = randomSource(seed);
      const templates = randomTemplates(random, 400);
      const index = TemplateIndex.build(templates);
      let matched = 0;
      for (let trial = 0; trial < 1500; trial++) {
        const intent = randomIntent(random, templates);
        const options = pick(random, [{}, { params: [] }, { params: ["country"] }]);
        const expected = matchTemplates(templates, intent, options);
        expect(positions(templates, index.match(intent, options)), intent).toEqual(
          positions(templates, expected),
        );
        if (expected.length > 0) matched++;
      }
      // The intents are built to match: most trials compare non-empty answers.
      expect(matched).toBeGreaterThan(500);
    },
  );

  it("answers the same when the words and keys come from elsewhere, or from an earlier index", () => {
    const random = randomSource(7);
    const templates = randomTemplates(random, 300);
    const fresh = TemplateIndex.build(templates);
    const usable = (template: Template) => patternProblem(template.pattern!) === null;
    const known = TemplateIndex.build(templates, {
      known: (template) => (usable(template) ? patternWords(template.pattern!) : undefined),
    });
    // Filed under any of their words (or a word they do not have, which is not taken).
    const keyed = TemplateIndex.build(templates, {
      known: (template) => {
        if (!usable(template)) return undefined;
        const words = patternWords(template.pattern!);
        const key =
          random() < 0.2 ? "not-a-word-of-it" : (pick(random, [...words.words, null]) ?? null);
        return { ...words, key };
      },
    });
    // Half the objects are new, half are carried over from the first list.
    const next = templates.map((template, at) => (at % 2 ? { ...template } : template));
    const carried = TemplateIndex.build(next, { previous: fresh });
    for (let trial = 0; trial < 500; trial++) {
      const intent = randomIntent(random, templates);
      const expected = positions(templates, fresh.match(intent));
      expect(positions(templates, known.match(intent))).toEqual(expected);
      expect(positions(templates, keyed.match(intent))).toEqual(expected);
      expect(positions(next, carried.match(intent))).toEqual(expected);
    }
  });

  it("tries only the templates that have every word of their pattern in the intent", () => {
    const templates: Template[] = Array.from({ length: 2000 }, (_, at) => ({
      name: `t${at}`,
      pattern: `count lines in {file} variant ${at}`,
      successCount: 0,
      failCount: 0,
      program: "1",
    }));
    templates.push({
      name: "lines",
      pattern: "count lines in {file}",
      successCount: 0,
      failCount: 0,
      program: "2",
    });
    const index = TemplateIndex.build(templates);
    expect(index.candidateCount("count lines in README.md")).toBe(1);
    expect(index.candidateCount("Count lines in a.txt variant 7")).toBe(2);
    expect(
      index.match("Count lines in a.txt variant 7").map((match) => match.template.name),
    ).toEqual(["t7", "lines"]);
    expect(index.candidateCount("something else entirely")).toBe(0);
  });

  it("files a pattern under a word in any script, and never matches a pattern with a problem", () => {
    const templates: Template[] = [
      { name: "any", pattern: "{what}", successCount: 0, failCount: 0, program: "1" },
      { name: "glued", pattern: "{n}files", successCount: 0, failCount: 0, program: "1" },
      { name: "side", pattern: "count {a}{b}", successCount: 0, failCount: 0, program: "1" },
      { name: "accent", pattern: "caf\u00e9 {x}", successCount: 0, failCount: 0, program: "1" },
      {
        name: "sigma",
        pattern: "\u03a3\u03bf\u03c6\u03af\u03b1 {x}",
        successCount: 0,
        failCount: 0,
        program: "1",
      },
    ];
    const index = TemplateIndex.build(templates);
    expect(index.candidateCount("anything")).toBe(0);
    expect(index.candidateCount("CAF\u00c9 au lait")).toBe(1);
    expect(index.match("CAF\u00c9 au lait").map((match) => match.template.name)).toEqual([
      "accent",
    ]);
    // Final sigma folds like sigma, as a case-insensitive expression compares them.
    expect(index.match("\u03c3\u03bf\u03c6\u03af\u03b1 x")).toHaveLength(1);
    expect(index.match("count 12 files")).toEqual([]);
    expect(index.wordsOf(templates[0]!)).toBeUndefined();
  });

  it("finds templates by name, the first of a name", () => {
    const first: Template = {
      name: "a",
      pattern: null,
      successCount: 0,
      failCount: 0,
      program: "1",
    };
    const second: Template = { ...first, program: "2" };
    const index = TemplateIndex.build([first, second]);
    expect(index.get("a")).toBe(first);
    expect(index.get("b")).toBeUndefined();
  });

  it("leaves out a pattern that repeats a placeholder, as the reference does", () => {
    const template: Template = {
      name: "twice",
      pattern: "{a} then {a}",
      successCount: 0,
      failCount: 0,
      program: "1",
    };
    expect(TemplateIndex.build([template]).match("x then y")).toEqual([]);
    expect(matchTemplates([template], "x then y")).toEqual([]);
    expect(() => patternWords("{a} then {a}")).toThrow(/repeats the placeholder \{a\}/);
  });

  it("relies on this: no character outside ASCII matches a printable ASCII one case-insensitively", () => {
    const printable = /^[\x21-\x7e]$/i;
    const matching: number[] = [];
    for (let code = 0x80; code <= 0xffff; code++)
      if (printable.test(String.fromCharCode(code))) matching.push(code);
    expect(matching).toEqual([]);
  });
});
