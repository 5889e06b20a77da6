import { describe, expect, it } from "vitest";
import { foldCase } from "./fold-case.js";
import { intentForMatching, normaliseIntent } from "./intent-for-matching.js";
import { compilePattern, matchTemplate, matchTemplates } from "./template-match.js";
import type { Template } from "./template.js";

const template = (name: string, pattern: string, extra: Partial<Template> = {}): Template => ({
  name,
  pattern,
  successCount: 0,
  failCount: 0,
  program: "1",
  ...extra,
});

describe("normaliseIntent", () => {
  it.each([
    ["Find all TODO comments.", "find all todo comments"],
    ["  find   all\tTODO\ncomments  ", "find all todo comments"],
    ["find all TODO comments?!", "find all todo comments"],
    ["find all TODO comments …", "find all todo comments"],
    ["find all TODO comments;:,", "find all todo comments"],
    ["count lines in README.md.", "count lines in readme.md"],
    ["find, all TODO comments", "find, all todo comments"],
  ])("normalises %j to %j", (intent, normalised) => {
    expect(normaliseIntent(intent)).toBe(normalised);
  });

  it("keeps the case for matching, so captures keep it", () => {
    expect(intentForMatching("  Count lines in README.md. ")).toBe("Count lines in README.md");
  });
});

describe("matchTemplate", () => {
  const todo = { pattern: "find all TODO comments" };

  it.each([
    "find all TODO comments",
    "Find all TODO comments.",
    "FIND ALL TODO COMMENTS",
    "  find   all todo comments!!",
    "find all TODO comments?",
    "find all TODO comments…",
    "find all TODO comments ;",
  ])("matches the paraphrase %j", (intent) => {
    expect(matchTemplate(todo, intent)).toEqual({});
  });

  it.each([
    "find all TODO comment",
    "find TODO comments",
    "find all TODO comments in src",
    "please find all TODO comments",
    "find all FIXME comments",
    "find, all TODO comments",
    "find all-TODO comments",
    "find all TODO comments. now",
  ])("does not match %j", (intent) => {
    expect(matchTemplate(todo, intent)).toBeNull();
  });

  it("matches a pattern written with trailing punctuation too", () => {
    expect(matchTemplate({ pattern: "Find all TODO comments." }, "find all TODO comments")).toEqual(
      {},
    );
  });

  it("captures placeholders with the intent's case, without its trailing punctuation", () => {
    expect(
      matchTemplate({ pattern: "count lines in {file}" }, "Count lines in README.md."),
    ).toEqual({ file: "README.md" });
    expect(matchTemplate({ pattern: "read {path} (raw)" }, "READ  a.txt (raw)")).toEqual({
      path: "a.txt",
    });
    expect(matchTemplate({ pattern: "read {path} (raw)" }, "read a.txt raw")).toBeNull();
    expect(matchTemplate({ pattern: "read {path}" }, "please read a.txt")).toBeNull();
    expect(compilePattern("a.b {x}").match("aXb y", foldCase("aXb y"))).toBeNull();
  });

  it("refuses a pattern that repeats a placeholder", () => {
    expect(() => compilePattern("{a} then {a}")).toThrow(/repeats the placeholder \{a\}/);
  });
});

describe("matchTemplates", () => {
  it("puts the most specific match first, keeping the given order on ties", () => {
    const templates = [
      template("any", "count {what}"),
      template("lines", "count lines in {file}"),
      template("lines-2", "count lines in {path}"),
    ];
    expect(
      matchTemplates(templates, "Count lines in a.txt").map((match) => match.template.name),
    ).toEqual(["lines", "lines-2", "any"]);
  });

  it("leaves out templates that read request params the request does not give", () => {
    const templates = [template("cities", "list the cities", { params: ["country"] })];
    expect(matchTemplates(templates, "list the cities.", { params: [] })).toEqual([]);
    expect(matchTemplates(templates, "List the cities", { params: ["country"] })).toEqual([
      { template: templates[0], captures: {} },
    ]);
    // Without the request's params, nothing is left out.
    expect(matchTemplates(templates, "list the cities")).toHaveLength(1);
  });
});
