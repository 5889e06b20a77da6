import { describe, expect, it } from "vitest";
import { LangError } from "../lackpy-error.js";
import { parseRule } from "./rules.js";
import { validate } from "../validate/validate-program.js";

const codes = (source: string, rules: NonNullable<Parameters<typeof validate>[1]>["rules"]) =>
  validate(source, { rules, allowedNames: ["read_file"] }).errors.map((error) => error.message);

describe("parseRule", () => {
  it.each(["no_loops", "max_depth:2", "max_calls:5", "no_nested_calls", " max_calls:10 "])(
    "parses %s",
    (text) => {
      expect(parseRule(text).name).toBe(text.trim());
    },
  );

  it.each([
    ["max_calls", "Rule 'max_calls' needs a whole number, e.g. max_calls:5."],
    ["max_calls:x", "Rule 'max_calls:x' needs a whole number, e.g. max_calls:5."],
    ["max_depth:-1", "Rule 'max_depth:-1' needs a whole number, e.g. max_depth:5."],
    ["no_loops:3", "Rule 'no_loops' takes no argument."],
    ["no_while", "Unknown rule 'no_while'."],
  ])("refuses %s with a LangError", (text, message) => {
    expect(() => parseRule(text)).toThrow(LangError);
    expect(() => parseRule(text)).toThrow(message);
    try {
      parseRule(text);
    } catch (error) {
      expect((error as LangError).code).toBe("invalid_rule");
    }
  });

  it("throws from validate for a bad rule name: a caller mistake", () => {
    expect(() => validate("1", { rules: ["nope"] })).toThrow(LangError);
  });
});

describe("named rules", () => {
  it("no_loops rejects every for...of", () => {
    expect(codes("for (const x of [1]) {}\nfor (const y of [2]) {}", ["no_loops"])).toHaveLength(2);
    expect(codes("[1].map(x => x)", ["no_loops"])).toEqual([]);
  });

  it("max_depth counts if and for blocks, not else-if chains", () => {
    const chain =
      "const n = 1\nif (n === 1) {} else if (n === 2) {} else if (n === 3) { if (n) {} }";
    expect(codes(chain, ["max_depth:2"])).toEqual([]);
    expect(codes(chain, ["max_depth:1"])).toEqual([
      "Rule max_depth:1: Nesting depth 2 exceeds the limit of 1.",
    ]);
  });

  it("max_calls counts helpers and methods too", () => {
    expect(codes(`len("a")\n"a".trim()`, ["max_calls:2"])).toEqual([]);
    expect(codes(`len("a")\n"a".trim()\nlen("b")`, ["max_calls:2"])).toEqual([
      "Rule max_calls:2: The program makes 3 calls; the limit is 2.",
    ]);
  });

  it("no_nested_calls rejects a call inside another call's arguments, awaited or not", () => {
    expect(codes(`len(await read_file("a"))`, ["no_nested_calls"])).toHaveLength(1);
    expect(codes(`const t = read_file("a")\nlen(t)`, ["no_nested_calls"])).toEqual([]);
  });

  it("runs custom rule functions and Rule objects", () => {
    const noPrint = (program: { body: { expression?: { callee?: { name?: string } } }[] }) =>
      program.body.some((statement) => statement.expression?.callee?.name === "print")
        ? [{ message: "print is off", line: 1, column: 0 }]
        : [];
    const result = validate(`print(1)`, {
      rules: [noPrint as never, { name: "never", check: () => [] }],
    });
    expect(result.errors).toEqual([
      { code: "rule_violation", message: "Rule noPrint: print is off", line: 1, column: 0 },
    ]);
  });

  it("only reports rule violations when the program is otherwise valid", () => {
    expect(
      validate("var x = 1\nfor (const y of [1]) {}", { rules: ["no_loops"] }).errors.map(
        (error) => error.code,
      ),
    ).toEqual(["forbidden_syntax"]);
  });
});
