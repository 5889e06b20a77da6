import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isForbiddenProperty } from "../check/check-property.js";
import { rejectedNodeProblem } from "../check/check-syntax.js";
import { formatLanguageSpec } from "./format-language-spec.js";
import { computeGrade } from "../rules/grade.js";
import { FORBIDDEN_NAMES } from "./forbidden-names.js";
import { HELPERS } from "./helper-builtins.js";
import { languageSpec } from "./language-spec.js";
import type { Node } from "../parse/parse-program.js";
import { validate } from "../validate/validate-program.js";

describe("languageSpec", () => {
  it("is deeply frozen", () => {
    const spec = languageSpec();
    expect(Object.isFrozen(spec)).toBe(true);
    expect(Object.isFrozen(spec.helpers[0])).toBe(true);
    expect(
      Object.isFrozen(spec.safeGlobals.find((global) => global.name === "Math")!.members),
    ).toBe(true);
    expect(() => (spec.forbiddenNames as string[]).push("x")).toThrow();
  });

  it("lists the helper builtins of the spec, in order", () => {
    expect(HELPERS.map((helper) => helper.name)).toEqual([
      "len",
      "range",
      "sorted",
      "reversed",
      "enumerate",
      "zip",
      "min",
      "max",
      "sum",
      "any",
      "all",
      "abs",
      "round",
      "str",
      "int",
      "float",
      "bool",
      "list",
      "dict",
      "set",
      "keys",
      "values",
      "items",
      "has",
      "unique",
      "count",
      "line_count",
      "print",
      "sort_by",
    ]);
    for (const helper of HELPERS) {
      expect(helper.signature.startsWith(helper.name)).toBe(true);
      expect(helper.description).toMatch(/\.$/);
    }
  });

  it("lists the safe globals and forbidden names of the spec", () => {
    expect(languageSpec().safeGlobals.map((global) => global.name)).toEqual([
      "Math",
      "JSON",
      "Object",
      "Array",
      "Number",
      "String",
      "Boolean",
      "parseInt",
      "parseFloat",
      "isNaN",
      "Promise",
      "undefined",
      "NaN",
      "Infinity",
    ]);
    expect(FORBIDDEN_NAMES).toContain("globalThis");
    expect(FORBIDDEN_NAMES).toHaveLength(33);
  });

  it("gives a call signature to every callable safe global, Number included", () => {
    const callable = languageSpec()
      .safeGlobals.filter((global) => global.signature)
      .map((global) => global.signature);
    expect(callable).toEqual([
      "Number(x)",
      "String(x)",
      "Boolean(x)",
      "parseInt(text, radix?)",
      "parseFloat(text)",
      "isNaN(x)",
    ]);
  });

  it("states which predefined names a variable may shadow", () => {
    const { names } = languageSpec();
    expect(names.shadowable).toEqual(["helper", "safe_global_function", "safe_global_namespace"]);
    expect(names.constant).toEqual(["param", "tool", "safe_global_value", "constructor"]);
    expect([...names.shadowable, ...names.constant].sort()).toEqual([...names.lookupOrder].sort());
    expect(Object.isFrozen(names.shadowing)).toBe(true);
  });
});

describe("the forms models write (language.md §2)", () => {
  const spec = languageSpec();

  it.each(spec.commonForms.accepted)("accepts $code", ({ code }) => {
    expect(validate(code, { params: ["xs", "n"] }).errors).toEqual([]);
  });

  it("names Set and Map as the only constructors, each with its methods", () => {
    expect(spec.constructors.map((constructor) => constructor.signature)).toEqual([
      "new Set(iterable?)",
      "new Map(entries?)",
    ]);
    for (const constructor of spec.constructors)
      expect(spec.methods[constructor.receiver]).toContain("forEach");
  });

  it("states every refused form with a fix, and the refused syntax stays refused", () => {
    expect(spec.commonForms.refused.map((form) => form.construct)).toEqual([
      "regex lookaround and backreferences",
      "while and do-while loops",
      "function and class declarations",
      "try/catch and throw",
      "new of anything but Set and Map",
      "const f = x => …",
      "a line starting with (, [ or `",
    ]);
    expect(validate("const f = x => x * 2").errors.map((error) => error.code)).toEqual([
      "arrow_position",
    ]);
    for (const source of ["const a = 1\n(a)", "const a = 1\n[a].length", "const a = 1\n`${a}`"])
      expect(validate(source).errors.map((error) => error.code)).toContain("asi_hazard");
    for (const source of [
      `/a(?=b)/`,
      `while (true) {}`,
      `do {} while (false)`,
      `function f() {}`,
      `class A {}`,
      `try {} catch (e) {}`,
      `throw 1`,
      `new Date()`,
    ])
      expect(validate(source).errors.map((error) => error.code)).toEqual(["forbidden_syntax"]);
  });
});

describe("formatLanguageSpec", () => {
  it("renders every section as markdown", () => {
    const markdown = formatLanguageSpec();
    for (const heading of [
      "# The lackpy language",
      "## Allowed syntax",
      "## Rejected syntax",
      "## Names",
      "## Helper builtins",
      "## Safe globals",
      "## Methods by receiver type",
      "## Forbidden names",
      "## Forbidden properties",
      "## Limits (defaults)",
    ]) {
      expect(markdown).toContain(heading);
    }
    expect(markdown).toContain(
      "- `round(x, digits?)`: Round half to even, like Python: round(2.5) === 2.",
    );
    expect(markdown).toContain(
      "- a while loop: use for (const x of items), for (const i of range(n)) or for (let i = 0; i < n; i++)",
    );
    expect(markdown).toContain("- `new Set(iterable?)`: A set of distinct values");
    expect(markdown).toContain(
      "Property: size. Methods: has, get, set, delete, keys, values, entries, forEach.",
    );
    expect(markdown).toContain("- `[...new Set(xs)]`: new Set(items) and new Map(pairs)");
    expect(markdown).toContain(
      "- regex lookaround and backreferences: the regex engine is linear-time",
    );
    expect(markdown).toContain("- range: map, filter, some, every, find, findIndex,");
    expect(markdown).not.toContain("C-style for loop:");
    expect(markdown).toContain(
      "Bare names are looked up in the program's variables, then: param, tool, helper, safe global function, safe global namespace, safe global value, constructor.",
    );
    expect(markdown).toContain("- `Number(x)`: Converts x to a number");
    expect(markdown).not.toMatch(/^- parentheses:/m);
    expect(markdown).toContain(
      "- a ParenthesizedExpression node (grouping such as (a + b) * c is allowed):",
    );
    expect(markdown).toContain("it is a variable in its whole block, as in JavaScript.");
  });
});

describe("isForbiddenProperty", () => {
  it.each([
    "constructor",
    "__proto__",
    "prototype",
    "caller",
    "callee",
    "arguments",
    "__defineGetter__",
    "__x",
  ])("forbids %s", (name) => {
    expect(isForbiddenProperty(name)).toBe(true);
  });
  it.each(["name", "length", "proto", "_private", "constructorName", 0])("allows %s", (name) => {
    expect(isForbiddenProperty(name)).toBe(false);
  });
});

describe("computeGrade", () => {
  it("takes the element-wise maximum, missing fields count as 3, an empty kit is 0/0", () => {
    expect(computeGrade([])).toEqual({ w: 0, d: 0 });
    expect(
      computeGrade([
        { gradeW: 1, effectsCeiling: 0 },
        { gradeW: 0, effectsCeiling: 2 },
      ]),
    ).toEqual({ w: 1, d: 2 });
    expect(computeGrade([{ gradeW: 1 }])).toEqual({ w: 1, d: 3 });
  });
});

describe("the root entry", () => {
  it("imports nothing but acorn and its own files (browser-safe)", () => {
    const directory = new URL("../", import.meta.url);
    const files = readdirSync(directory, { recursive: true, encoding: "utf8" }).filter(
      (file) =>
        file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.includes("__fixtures__"),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(new URL(file, directory), "utf8");
      for (const match of source.matchAll(/\bfrom\s+"([^"]+)"/g)) {
        expect(
          match[1] === "acorn" || match[1].startsWith("./") || match[1].startsWith("../"),
          `${file} imports ${match[1]}`,
        ).toBe(true);
      }
    }
  });
});

describe("REJECTED_SYNTAX", () => {
  it("allows grouping parentheses and names the node it does reject", () => {
    expect(validate(`const n = (1 + 2) * 3\n;(n)`).errors).toEqual([]);
    expect(rejectedNodeProblem({ type: "ParenthesizedExpression" } as Node).message).toBe(
      "A ParenthesizedExpression node (grouping such as (a + b) * c is allowed) is not allowed in lackpy programs.",
    );
  });
});
