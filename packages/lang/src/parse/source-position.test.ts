import { getLineInfo } from "acorn";
import { describe, expect, it } from "vitest";
import { LineIndex, nodePosition } from "./source-position.js";
import { validate } from "../validate/validate-program.js";

const SOURCES = [
  "",
  "x",
  "a\nb\n\nc",
  "a\r\nb\rc\u2028d\u2029e\n",
  "\r\n\r\n`x\r\ny`\n  z",
  "const s = 'é'\n// 😀 comment\r\nlet t = `\u2028`",
];

describe("LineIndex", () => {
  it.each(SOURCES)(
    "gives acorn's line, and its column plus 1, for every offset of %j",
    (source) => {
      const index = new LineIndex(source);
      for (let offset = 0; offset <= source.length; offset++) {
        // Inside a \r\n pair acorn has no position of its own; tokens never start there.
        if (source[offset - 1] === "\r" && source[offset] === "\n") continue;
        const { line, column } = getLineInfo(source, offset);
        expect(index.position(offset), `offset ${offset}`).toEqual({ line, column: column + 1 });
      }
    },
  );
});

describe("nodePosition", () => {
  it("counts columns from 1, as errors give them, and has nothing for a node without locations", () => {
    expect(nodePosition({ loc: { start: { line: 3, column: 0 } } })).toEqual({
      line: 3,
      column: 1,
    });
    expect(nodePosition({ loc: { start: { line: 1, column: 7 } } })).toEqual({
      line: 1,
      column: 8,
    });
    expect(nodePosition({ loc: null })).toBeUndefined();
    expect(nodePosition(null)).toBeUndefined();
  });
});

describe("validate: error positions without acorn locations", () => {
  it.each([
    ["\\n", "const a = 1\nconsole.log(a)"],
    ["\\r\\n", "const a = 1\r\nconsole.log(a)"],
    ["\\r", "const a = 1\rconsole.log(a)"],
    ["U+2028", "const a = 1\u2028console.log(a)"],
  ])("counts %s as a line break", (_name, source) => {
    expect(validate(source, { cache: false }).errors[0]).toMatchObject({
      code: "unknown_name",
      line: 2,
      column: 1,
    });
  });

  it("are the same when rules make the validator parse with locations", () => {
    const source = "let n = 0\r\n  var x = 1\r\n\tconst g = [len]\nconst f = n\n  (f)";
    const without = validate(source, { cache: false }).errors;
    const withLocations = validate(source, { cache: false, rules: ["no_loops"] }).errors;
    expect(without.map((error) => [error.code, error.line, error.column])).toEqual([
      ["forbidden_syntax", 2, 3],
      ["callable_as_value", 3, 13],
      ["unknown_function", 4, 11],
      ["asi_hazard", 5, 3],
    ]);
    expect(withLocations).toEqual(without);
  });
});
