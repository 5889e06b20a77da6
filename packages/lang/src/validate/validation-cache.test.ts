import { describe, expect, it } from "vitest";
import type { Node } from "../parse/parse-program.js";
import type { ToolSpec, ValidationResult } from "../types.js";
import { validate, validateProgram } from "./validate-program.js";
import { ValidationCache, validationCacheKey } from "./validation-cache.js";

const READ: ToolSpec = {
  name: "read_file",
  args: [{ name: "path", type: "string" }],
  gradeW: 1,
  effectsCeiling: 0,
};

/** A source no other test validates, so the first call is a miss. */
let counter = 0;
const fresh = (source: string) => `${source}\n// ${++counter}`;

describe("validate: cache", () => {
  it("returns the same frozen result for the same source and options", () => {
    const source = fresh(`const x = read_file("a")\nfoo(x)`);
    const first = validate(source, { tools: [READ] });
    const second = validate(source, { tools: [{ ...READ }] });
    expect(second).toBe(first);
    expect(first.errors.map((error) => error.code)).toEqual(["unknown_function"]);
    for (const part of [first, first.errors, first.errors[0], first.calls, first.variables]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    for (const part of [
      first.effects,
      first.effects.tools,
      first.effects.tools[0],
      first.effects.grade,
    ])
      expect(Object.isFrozen(part)).toBe(true);
  });

  it("cannot be corrupted by a caller", () => {
    const source = fresh(`read_file("a")`);
    const result = validate(source, { tools: [READ] });
    expect(() => (result.errors as unknown[]).push({ code: "parse_error" })).toThrow(TypeError);
    expect(() => ((result as { valid: boolean }).valid = false)).toThrow(TypeError);
    expect(() => ((result.effects.grade as { w: number }).w = 3)).toThrow(TypeError);
    expect(validate(source, { tools: [READ] })).toMatchObject({
      valid: true,
      errors: [],
      effects: { grade: { w: 1, d: 0 } },
    });
  });

  it("keys on tool arity, argument names and grades, params and rules", () => {
    const source = fresh(`for (const x of [1]) read_file(p, x)`);
    const two: ToolSpec = { ...READ, args: [...READ.args!, { name: "encoding", type: "string" }] };
    const codes = (result: ValidationResult) => result.errors.map((error) => error.code);
    expect(codes(validate(source, { tools: [READ], params: ["p"] }))).toEqual(["bad_arity"]);
    expect(codes(validate(source, { tools: [two], params: ["p"] }))).toEqual([]);
    expect(codes(validate(source, { tools: [two] }))).toEqual(["unknown_name"]);
    expect(codes(validate(source, { tools: [two], params: ["p"], rules: ["no_loops"] }))).toEqual([
      "rule_violation",
    ]);
    expect(
      validate(source, { tools: [{ ...two, gradeW: 3 }], params: ["p"] }).effects.grade,
    ).toEqual({ w: 3, d: 0 });
    const renamed: ToolSpec = { ...READ, args: [{ name: "file", type: "string" }] };
    expect(validate(source, { tools: [renamed], params: ["p"] }).errors[0].hint).toBe(
      "call it as read_file(file)",
    );
  });

  it("skips the cache with cache: false", () => {
    const source = fresh(`read_file("a")`);
    const cached = validate(source, { tools: [READ] });
    const uncached = validate(source, { tools: [READ], cache: false });
    expect(uncached).not.toBe(cached);
    expect(uncached).toEqual(cached);
    expect(Object.isFrozen(uncached)).toBe(true);
  });

  it("never caches custom rule functions", () => {
    const source = fresh(`len("a")`);
    let runs = 0;
    const rule = (_program: Node) => {
      runs++;
      return [];
    };
    validate(source, { rules: [rule] });
    validate(source, { rules: [rule] });
    expect(runs).toBe(2);
  });

  it("throws for a malformed rule even when the program is cached", () => {
    const source = fresh(`len("a")`);
    validate(source);
    expect(() => validate(source, { rules: ["max_calls:x"] })).toThrow(/whole number/);
  });

  it("gives validateProgram a fresh AST for each valid call and the cached validation", () => {
    const source = fresh(`[1].map(x => { return x })`);
    const first = validateProgram(source);
    const second = validateProgram(source);
    expect(second.validation).toBe(first.validation);
    expect(second.program!.ast).not.toBe(first.program!.ast);
    expect(second.program!.ast.body[0].expression.arguments[0].body.type).toBe("Identifier");
  });

  it("answers validateProgram from the cache for an invalid program", () => {
    const source = fresh(`var x = 1`);
    const validation = validate(source);
    expect(validateProgram(source)).toEqual({ validation, program: null });
    expect(validateProgram(source).validation).toBe(validation);
  });
});

describe("validate: reused predefined names", () => {
  it("follow tools changed in place between validations", () => {
    const tool: ToolSpec = { name: "fetch_page", args: [{ name: "url", type: "string" }] };
    const tools = [tool];
    const codes = (source: string) =>
      validate(source, { tools, cache: false }).errors.map((error) => error.code);
    expect(codes(`fetch_page("a")`)).toEqual([]);
    tool.args = [];
    expect(codes(`fetch_page("a")`)).toEqual(["bad_arity"]);
    tool.name = "get_page";
    expect(codes(`fetch_page("a")`)).toEqual(["unknown_function"]);
    expect(codes(`get_page()`)).toEqual([]);
    tools.push({ name: "fetch_page" });
    expect(codes(`fetch_page("a")`)).toEqual([]);
  });
});

describe("ValidationCache", () => {
  const result = (valid: boolean) => ({ valid }) as ValidationResult;

  it("evicts the least recently used entry past its entry bound", () => {
    const cache = new ValidationCache(2, 1_000);
    cache.set("a", result(true));
    cache.set("b", result(true));
    expect(cache.get("a")).toBeDefined();
    cache.set("c", result(false));
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    expect(cache.size).toBe(2);
  });

  it("evicts past its character bound and ignores keys larger than it", () => {
    const cache = new ValidationCache(10, 10);
    cache.set("aaaa", result(true));
    cache.set("bbbb", result(true));
    cache.set("cccc", result(true));
    expect(cache.get("aaaa")).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set("x".repeat(11), result(true));
    expect(cache.get("x".repeat(11))).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("has no key for custom rules and distinguishes argument names, optionality and secrets", () => {
    expect(validationCacheKey("x", [], [], [], [], [() => []])).toBeNull();
    const key = (optional: boolean, name = "path") =>
      validationCacheKey(
        "x",
        [{ name: "t", args: [{ name, type: "string", optional }] }],
        [],
        [],
        [],
        [],
      );
    expect(new Set([key(false), key(true), key(false, "file")]).size).toBe(3);
    expect(validationCacheKey("x", [], ["a"], [], [], [])).not.toBe(
      validationCacheKey("x", [], [], ["a"], [], []),
    );
    expect(validationCacheKey("x", [], [], ["a"], [], [])).not.toBe(
      validationCacheKey("x", [], [], ["a"], ["a"], []),
    );
  });

  it("does not reuse a plain parameter's result for the same parameter marked secret", () => {
    const source = `read_file(token + "x")`;
    const tools = [{ name: "read_file", args: [{ name: "path", type: "string" }] }];
    expect(validate(source, { tools, params: { token: "t" } }).valid).toBe(true);
    const secret = validate(source, { tools, params: { token: { secret: true } } });
    expect(secret.errors.map((error) => error.code)).toEqual(["secret_access"]);
  });
});
