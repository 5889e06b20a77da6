import { deserialize, serialize } from "node:v8";
import { parseProgram, validateProgram, type Node } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { ESCAPE_PROGRAMS } from "../__fixtures__/escape-programs.js";
import { TOOL_SPECS } from "../__fixtures__/tools.js";
import { MAX_TREE_DEPTH } from "../compile/analyze-program.js";
import { checkProgramTree } from "./check-program-tree.js";

/** A tree as the child receives it: through the IPC channel's advanced serialization. */
const sent = (ast: unknown): unknown => deserialize(serialize(ast));

function parsed(source: string): Node {
  const result = parseProgram(source);
  if (!result.ok) throw new Error(result.message);
  return result.ast;
}

const SOURCES = [
  `const files = find_files("src/**/*.ts")\nconst hits = []\nfor (const f of files) {\n  const text = read_file(f)\n  if (text.includes("TODO")) hits.push({ file: f, n: len(text.split("\\n")) })\n}\nsort_by(hits, "n", true)`,
  "const [x, , y] = [1, 2, 3]\nconst { a = 1, ...rest } = { b: 2 }\nconst t = `${a}-${x}-${y}`\nt",
  `let n = 0\nfor (let i = 0; i < 3; i++) { n += i }\nn ??= 1\n-n`,
  `const o = { a: { b: 1 } }\no?.a?.["b"] ?? (typeof o === "object" ? 1 : 2)`,
  `read_file("a.txt").split("\\n").filter((line) => /todo/i.test(line))`,
  `new Set([1, 2]).size + new Map([[1, 2]]).size`,
  `const xs = [1, 2]\nmax(...xs, ...[3])`,
];

describe("checkProgramTree", () => {
  it.each(SOURCES)("takes what the host validated, as sent: %s", (source) => {
    const { program, validation } = validateProgram(source, { tools: TOOL_SPECS });
    expect(validation.errors).toEqual([]);
    expect(checkProgramTree(sent(program!.ast))).toBeNull();
  });

  it("takes every escape attempt of the table that parses as the language's syntax", () => {
    for (const { source } of ESCAPE_PROGRAMS) {
      const verdict = checkProgramTree(sent(parsed(source)));
      // The interpreter refuses these at run time; the check only keeps the shapes.
      if (verdict !== null) expect(verdict).toMatch(/^the node type|^the operator/);
    }
  });

  it.each([
    ["while (true) {}", /^the node type "WhileStatement"$/],
    ["function f() {}", /^the node type "FunctionDeclaration"$/],
    ["this", /^the node type "ThisExpression"$/],
    [`import("fs")`, /^the node type "ImportExpression"$/],
    [`"a" in {}`, /^the operator "in"$/],
    ["1 << 2", /^the operator "<<"$/],
    ["delete x.y", /^the operator "delete"$/],
    ["x **= 2", /^the operator "\*\*="$/],
    ["10n", /^the field 'value' of Literal$/],
  ])("refuses %s", (source, reason) => {
    expect(checkProgramTree(sent(parsed(source)))).toMatch(reason);
  });

  it("refuses a root that is not a Program, and nodes that are not plain nodes", () => {
    expect(checkProgramTree(null)).toBe("a tree whose root is not a Program");
    expect(checkProgramTree(sent({ type: "Literal", value: 1 }))).toBe(
      "a tree whose root is not a Program",
    );
    const program = parsed("x.y") as Node;
    program.body[0].expression.object = { type: "constructor", name: "x" };
    expect(checkProgramTree(sent(program))).toBe('the node type "constructor"');
    program.body[0].expression.object = new Date(0);
    expect(checkProgramTree(sent(program))).toBe("the field 'object' of MemberExpression");
    program.body[0].expression.object = { type: "Identifier", name: "x", extra: { nested: 1 } };
    expect(checkProgramTree(sent(program))).toBe("the field 'extra' of Identifier");
  });

  it("refuses a regex literal whose pattern is not text", () => {
    const program = parsed("/a/g") as Node;
    program.body[0].expression.regex = { pattern: 1, flags: "g" };
    expect(checkProgramTree(sent(program))).toBe("the field 'regex' of Literal");
  });

  it("refuses a node reached twice, and so a cycle", () => {
    const shared = parsed("[1, 2]") as Node;
    const elements = shared.body[0].expression.elements;
    elements[1] = elements[0];
    expect(checkProgramTree(sent(shared))).toBe("a node reached twice");
    const cyclic = parsed("-1") as Node;
    cyclic.body[0].expression.argument = cyclic.body[0].expression;
    expect(checkProgramTree(sent(cyclic))).toBe("a node reached twice");
  });

  it("refuses a tree deeper than the interpreter compiles, and takes one just within", () => {
    const nested = (levels: number) => {
      const program = parsed("1") as Node;
      let expression: Node = program.body[0].expression;
      // Program, ExpressionStatement and the literal are three levels; each unary minus adds one.
      for (let level = 4; level <= levels; level++)
        expression = {
          type: "UnaryExpression",
          start: 0,
          end: 1,
          operator: "-",
          prefix: true,
          argument: expression,
        } as Node;
      program.body[0].expression = expression;
      return program;
    };
    expect(checkProgramTree(sent(nested(MAX_TREE_DEPTH)))).toBeNull();
    expect(checkProgramTree(sent(nested(MAX_TREE_DEPTH + 1)))).toBe(
      `nesting deeper than ${MAX_TREE_DEPTH}`,
    );
  });
});
