import { describe, expect, it } from "vitest";
import type { ToolSpec } from "../types.js";
import { validate } from "../validate/validate-program.js";

const tool = (type: string, optional = false): ToolSpec => ({
  name: "tool",
  args: [{ name: "value", type, ...(optional ? { optional } : {}) }],
  gradeW: 0,
  effectsCeiling: 0,
});

const codes = (source: string, spec: ToolSpec) =>
  validate(source, { tools: [spec], cache: false }).errors.map((error) => error.code);

describe("bad_argument_type", () => {
  it("names the argument, the declared type and the literal, with the typed signature as the hint", () => {
    const tools: ToolSpec[] = [
      {
        name: "read_file",
        args: [
          { name: "path", type: "string" },
          { name: "limit", type: "integer", optional: true },
        ],
      },
    ];
    expect(validate("const text = read_file(42)", { tools }).errors).toEqual([
      {
        code: "bad_argument_type",
        message: "read_file's path must be a string, not the number 42.",
        line: 1,
        column: 24,
        hint: "call it as read_file(path: string, limit?: integer)",
      },
    ]);
    expect(validate('read_file("a", 2.5)', { tools }).errors[0]).toMatchObject({
      message: "read_file's limit must be an integer, not the number 2.5.",
    });
  });

  // [declared type, literal source, rejected?]
  it.each([
    ["string", '"a"', false],
    ["string", "`a ${1}`", false],
    ["string", "42", true],
    ["string", "true", true],
    ["string", "null", true],
    ["string", "[]", true],
    ["string", "{}", true],
    ["string", "`x`", false],
    ["number", "-3.5", false],
    ["number", '"3"', true],
    ["integer", "3", false],
    ["integer", "3.5", true],
    ["int", "-2", false],
    ["boolean", "false", false],
    ["boolean", "0", true],
    ["bool", '"yes"', true],
    ["null", "null", false],
    ["array", "[1, 'a']", false],
    ["array", "{}", true],
    ["list", '"a"', true],
    ["object", "{ a: 1 }", false],
    ["object", "[]", true],
    ["dict", "1", true],
    ["string[]", '["a", "b"]', false],
    ["string[]", '["a", 2]', true],
    ["string[]", '"a"', true],
    ["string[]", "[...x]", false],
    ["number[][]", "[[1], [2]]", false],
    ["number[][]", "[[1], ['2']]", true],
    ["(string | number)[]", '[1, "a"]', false],
    ["(string | number)[]", "[true]", true],
    ["string | null", "null", false],
    ["string | null", "1", true],
    ['"asc" | "desc"', '"asc"', false],
    ['"asc" | "desc"', '"up"', true],
    ['"asc" | "desc"', "`a${1}`", false],
    ['"asc" | "desc"', "1", true],
    ["1 | 2", "2", false],
    ["1 | 2", "3", true],
    ["'a' | 'b'", "'b'", false],
    ["{ include_ignored?: boolean }", "{ include_ignored: true }", false],
    ["{ include_ignored?: boolean }", "{ anything: 1 }", false],
    ["{ include_ignored?: boolean }", "true", true],
    ["{ a: 1 | 2 } | null", "null", false],
    ["{ a: 1 | 2 } | null", '"x"', true],
    ["any", "{}", false],
    ["unknown", "1", false],
    // Types the check does not understand accept anything.
    ["Path", "42", false],
    ["Record<string, number>", "1", false],
    ["string | Path", "42", false],
    ["string[", "42", false],
    ["(string", "42", false],
    ["a".repeat(300), "42", false],
    // Only literals are judged: computed values are the tool's to check.
    ["string", "x", false],
    ["string", "len(x)", false],
    ["string", "1 + 1", false],
    ["number", "-x", false],
    ["string", "/a/", false],
  ])("a %s argument given %s is rejected: %s", (type, literal, rejected) => {
    expect(codes(`const x = [1]\ntool(${literal})`, tool(type))).toEqual(
      rejected ? ["bad_argument_type"] : [],
    );
  });

  it("judges an optional argument given, and an omitted one not at all", () => {
    expect(codes("tool()", tool("string", true))).toEqual([]);
    expect(codes("tool(1)", tool("string", true))).toEqual(["bad_argument_type"]);
  });

  it("does not judge calls with a spread, which bad_arity leaves alone too", () => {
    expect(codes("tool(...[1])", tool("string"))).toEqual([]);
  });

  it("is part of the cache key: the same source against another type is judged again", () => {
    const source = "tool(1)";
    expect(validate(source, { tools: [tool("number")] }).valid).toBe(true);
    expect(validate(source, { tools: [tool("string")] }).valid).toBe(false);
    expect(validate(source, { tools: [tool("number")] }).valid).toBe(true);
  });
});
