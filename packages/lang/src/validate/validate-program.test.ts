import { describe, expect, it } from "vitest";
import { ATTACK_PROGRAMS, RUNTIME_ONLY_ATTACKS } from "../__fixtures__/attack-programs.js";
import { INVALID_PROGRAMS } from "../__fixtures__/invalid-programs.js";
import { VALID_PROGRAMS } from "../__fixtures__/valid-programs.js";
import type { ToolSpec, ValidationErrorCode } from "../types.js";
import { validate, validateProgram } from "./validate-program.js";

const TOOLS: ToolSpec[] = [
  { name: "read_file", args: [{ name: "path", type: "string" }], gradeW: 1, effectsCeiling: 0 },
  { name: "find_files", args: [{ name: "pattern", type: "string" }], gradeW: 1, effectsCeiling: 0 },
  {
    name: "write_file",
    args: [
      { name: "path", type: "string" },
      { name: "content", type: "string" },
    ],
    gradeW: 3,
    effectsCeiling: 3,
  },
];

const ALL_CODES: ValidationErrorCode[] = [
  "parse_error",
  "program_too_large",
  "too_deep",
  "forbidden_syntax",
  "forbidden_name",
  "forbidden_property",
  "unknown_function",
  "arrow_position",
  "await_position",
  "bad_arity",
  "bad_argument_type",
  "assign_to_constant",
  "unknown_name",
  "callable_as_value",
  "rule_violation",
  "asi_hazard",
];

describe("validate: valid programs", () => {
  it.each(VALID_PROGRAMS)("accepts $name", ({ source, params }) => {
    const result = validate(source, { tools: TOOLS, params });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe("validate: invalid programs", () => {
  it.each(INVALID_PROGRAMS)("rejects $name with $codes", ({ source, codes, params, rules }) => {
    const result = validate(source, { tools: TOOLS, params, rules });
    expect(result.valid).toBe(false);
    expect([...new Set(result.errors.map((error) => error.code))].sort()).toEqual(
      [...new Set(codes)].sort(),
    );
    for (const error of result.errors) {
      expect(error.message.length).toBeGreaterThan(10);
      expect(error.line).toBeGreaterThanOrEqual(1);
      expect(error.column).toBeGreaterThanOrEqual(0);
    }
  });

  it("covers every error code of the spec", () => {
    const covered = new Set<string>(INVALID_PROGRAMS.flatMap((entry) => entry.codes));
    covered.add("program_too_large");
    covered.add("too_deep");
    expect([...covered].sort()).toEqual([...ALL_CODES].sort());
  });

  it("gives every rejection but parse errors a hint", () => {
    for (const { source, params, rules } of INVALID_PROGRAMS) {
      for (const error of validate(source, { tools: TOOLS, params, rules }).errors)
        expect(error.hint, `${source}: ${error.message}`).toBeTruthy();
    }
  });
});

describe("validate: attacks", () => {
  it("has at least 60 attack programs", () => {
    expect(ATTACK_PROGRAMS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ATTACK_PROGRAMS)("rejects $source with $code", ({ source, code }) => {
    const result = validate(source, { tools: TOOLS });
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => error.code)).toContain(code);
  });

  it.each(RUNTIME_ONLY_ATTACKS)("leaves %s to the interpreter (valid statically)", (source) => {
    expect(validate(source, { tools: TOOLS }).errors).toEqual([]);
  });
});

describe("validate: bad input", () => {
  it.each([undefined, null, 42, {}, ["x"]])("returns parse_error for %s", (source) => {
    const result = validate(source);
    expect(result.valid).toBe(false);
    expect(result.errors[0].code).toBe("parse_error");
  });

  it("refuses a 10 MB source before parsing", () => {
    const result = validate("x = 1\n".repeat(1_750_000));
    expect(result.errors.map((error) => error.code)).toEqual(["program_too_large"]);
  });

  it("counts bytes, not characters", () => {
    expect(validate(`"${"é".repeat(600_000)}"`).errors[0].code).toBe("program_too_large");
  });

  it.each([
    ["nested arrays", "[".repeat(10_000) + "]".repeat(10_000)],
    ["nested parentheses", "(".repeat(10_000) + "1" + ")".repeat(10_000)],
    ["nested negation", "-(".repeat(10_000) + "1" + ")".repeat(10_000)],
    ["nested calls", "len(".repeat(10_000) + "1" + ")".repeat(10_000)],
    ["nested objects", "x = " + "{a:".repeat(10_000) + "1" + "}".repeat(10_000)],
  ])("returns a value for 10,000 levels of %s", (_name, source) => {
    const result = validate(source);
    expect(result.valid).toBe(false);
    expect(["parse_error", "too_deep"]).toContain(result.errors[0].code);
  });

  it("reports too_deep for a 100,000-link member chain without overflowing", () => {
    const result = validate("const a = {}\na" + ".b".repeat(100_000));
    expect(result.errors.map((error) => error.code)).toEqual(["too_deep"]);
  });

  it("accepts nesting up to the limit", () => {
    expect(validate("const a = {}\na" + "?.b".repeat(200)).valid).toBe(true);
  });
});

describe("validate: results", () => {
  it("lists bare-name calls in source order with duplicates", () => {
    expect(
      validate(`len(read_file("a"))\nlen("b")\nfind_files("*").map(read_file)`, { tools: TOOLS })
        .calls,
    ).toEqual(["len", "read_file", "len", "find_files"]);
  });

  it("lists top-level bindings in order of first appearance", () => {
    const result = validate(
      `const a = 1\nlet [b, { c }] = [2, { c: 3 }]\nfor (const x of [1]) { d = x; const inner = 1 }\ne = 4\na = 5`,
      { tools: TOOLS },
    );
    expect(result.errors.map((error) => error.code)).toEqual(["assign_to_constant"]);
    expect(result.variables).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("summarises effects from the tools the program may call", () => {
    expect(validate(`read_file("a")`, { tools: TOOLS }).effects).toEqual({
      tools: [{ name: "read_file", gradeW: 1, effectsCeiling: 0 }],
      grade: { w: 1, d: 0 },
    });
    expect(
      validate(`find_files("*").map(read_file)\nwrite_file("a", "b")`, { tools: TOOLS }).effects
        .grade,
    ).toEqual({ w: 3, d: 3 });
    expect(validate(`len("a")`, { tools: TOOLS }).effects).toEqual({
      tools: [],
      grade: { w: 0, d: 0 },
    });
  });

  it("counts tools known only by name at the highest grade", () => {
    expect(validate(`custom(1)`, { allowedNames: ["custom"] }).effects).toEqual({
      tools: [{ name: "custom", gradeW: 3, effectsCeiling: 3 }],
      grade: { w: 3, d: 3 },
    });
  });

  it("reports every error together, sorted by position", () => {
    const result = validate(`var a = 1\nconsole.log(a)\nconst f = read_file`, { tools: TOOLS });
    expect(result.errors.map((error) => [error.code, error.line])).toEqual([
      ["forbidden_syntax", 1],
      ["unknown_name", 2],
      ["callable_as_value", 3],
    ]);
  });

  it("accepts params as a map of specs", () => {
    expect(
      validate(`read_file(path)`, { tools: TOOLS, params: { path: { type: "string" } } }).valid,
    ).toBe(true);
  });

  it("checks optional tool arguments", () => {
    const tools: ToolSpec[] = [
      {
        name: "grep",
        args: [
          { name: "pattern", type: "string" },
          { name: "path", type: "string", optional: true },
        ],
      },
    ];
    expect(validate(`grep("a")\ngrep("a", "b")`, { tools }).valid).toBe(true);
    expect(validate(`grep("a", "b", "c")`, { tools }).errors[0]).toMatchObject({
      code: "bad_arity",
      hint: "call it as grep(pattern, path?)",
    });
  });
});

describe("validateProgram", () => {
  it("normalises block-bodied single-return arrows to expression bodies", () => {
    const { program } = validateProgram(`[1].map(x => { return x * 2 })`);
    const arrow = program!.ast.body[0].expression.arguments[0];
    expect(arrow.expression).toBe(true);
    expect(arrow.body.type).toBe("BinaryExpression");
  });

  it("returns no program when invalid", () => {
    expect(validateProgram(`var x`).program).toBeNull();
  });

  it("names the tools and params the program may use", () => {
    const { program } = validateProgram(`read_file(p)`, { tools: TOOLS, params: ["p"] });
    expect(program?.names).toEqual({
      tools: ["read_file", "find_files", "write_file"],
      params: ["p"],
      cells: [],
      secretParams: [],
    });
  });

  it("names the cells: names assigned without a declaration, helpers included", () => {
    const { program } = validateProgram(
      `items = find_files("*")\nconst n = 1\nfor (x of items) total = x`,
      {
        tools: TOOLS,
      },
    );
    expect(program?.names.cells).toEqual(["items", "x", "total"]);
  });
});

describe("error messages", () => {
  const first = (source: string, params?: string[]) => {
    const [error] = validate(source, { tools: TOOLS, params }).errors;
    return `${error.code}: ${error.message} | hint: ${error.hint}`;
  };

  it("say what is wrong and how to fix it", () => {
    expect(first(`import fs from "fs"`)).toMatchInlineSnapshot(
      `"forbidden_syntax: An import declaration is not allowed in lackpy programs. | hint: tools are already in scope: call them by name, e.g. read_file(path)"`,
    );
    expect(first(`var x = 1`)).toMatchInlineSnapshot(
      `"forbidden_syntax: 'var' declarations are not allowed. | hint: use let or const instead of var"`,
    );
    expect(first(`console.log(1)`)).toMatchInlineSnapshot(
      `"unknown_name: 'console' is not defined. | hint: use print(value) to write a line to stdout"`,
    );
    expect(first(`read_fle("a")`)).toMatchInlineSnapshot(
      `"unknown_function: 'read_fle' is not a kit tool, helper or safe global. | hint: did you mean read_file(...)?"`,
    );
    expect(first(`const s = ""\ns.constructor`)).toMatchInlineSnapshot(
      `"forbidden_property: Property 'constructor' is forbidden: it reaches the JavaScript object model, not your data. | hint: read data fields by their own names (obj.field or obj["field"]); constructor, prototype and names starting with __ are never available"`,
    );
    expect(first(`read_file(x => x)`)).toMatchInlineSnapshot(
      `"arrow_position: An arrow function can only be passed directly to a helper or method, such as xs.map(x => ...). | hint: kit tools take plain data: compute the value first, then pass it"`,
    );
    expect(first(`const count = 1\ncount([1], 1)`)).toMatchInlineSnapshot(
      `"unknown_function: 'count' is a variable here (declared on line 1), so the helper count() cannot be called. | hint: rename the variable, e.g. my_count, to call count(...)"`,
    );
    expect(first(`count([1], 1)\nconst count = 2`)).toMatchInlineSnapshot(
      `"unknown_function: 'count' is a variable here (declared on line 2), so the helper count() cannot be called. | hint: rename the variable, e.g. my_count, to call count(...)"`,
    );
    expect(first(`items = find_files("*")\nitems({})`)).toMatchInlineSnapshot(
      `"unknown_function: 'items' is a variable here (assigned on line 1), so the helper items() cannot be called. | hint: rename the variable, e.g. my_items, to call items(...)"`,
    );
    expect(first(`const read_file = 1`)).toMatchInlineSnapshot(
      `"assign_to_constant: 'read_file' is a kit tool and cannot be redeclared. | hint: use another name, e.g. my_read_file"`,
    );
    expect(first(`const f = Number`)).toMatchInlineSnapshot(
      `"callable_as_value: 'Number' is a function and can only be called or passed directly to a helper or method. | hint: call it directly: Number(...)"`,
    );
    expect(first(`2 ** 3`)).toMatchInlineSnapshot(
      `"forbidden_syntax: The binary operator '**' is not allowed in lackpy programs. | hint: use Math.pow(a, b)"`,
    );
    expect(first(`/(a)\\1/.test("aa")`)).toMatchInlineSnapshot(
      `"forbidden_syntax: The regex /(a)\\1/ uses a backreference (\\1…), which needs a backtracking engine; lackpy's regular expressions run in linear time. | hint: capture the text with a group, then compare it in code"`,
    );
    expect(first(`/a(?=b)/.test("ab")`)).toMatchInlineSnapshot(
      `"forbidden_syntax: The regex /a(?=b)/ uses lookahead or lookbehind, which needs a backtracking engine; lackpy's regular expressions run in linear time. | hint: match more text and keep the part you need with a capture group, or test a second regex in code"`,
    );
    expect(first(`Math.flor(1.5)`)).toMatchInlineSnapshot(
      `"unknown_name: Math.flor does not exist in lackpy. | hint: use Math.floor"`,
    );
  });

  it("put an ASI hazard on the line that starts with the bracket", () => {
    expect(validate(`const a = 1\n\n(a)`).errors[0]).toMatchObject({
      code: "asi_hazard",
      line: 3,
      column: 1,
    });
  });
});
