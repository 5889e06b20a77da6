import { describe, expect, it } from "vitest";
import { exportedValueOf, isExportsObject, isModuleExports } from "./exports-object.js";
import { parseModule, type SyntaxNode } from "./parse-module.js";

/** The first statement's expression, or its first declarator's value. */
function valueOf(text: string): SyntaxNode {
  const parsed = parseModule(text, "m.js");
  if (!parsed.ok) throw new Error(parsed.message);
  const statement = (parsed.program.body as SyntaxNode[])[0]!;
  return statement.type === "VariableDeclaration"
    ? ((statement.declarations as SyntaxNode[])[0]!.init as SyntaxNode)
    : (statement.expression as SyntaxNode);
}

describe("the exported object", () => {
  it.each([
    ["exports", true, false],
    ["module.exports", true, true],
    ["module['exports']", false, false],
    ["other.exports", false, false],
    ["module", false, false],
  ])("%s is the exported object: %s, module.exports: %s", (text, object, moduleExports) => {
    expect(isExportsObject(valueOf(text))).toBe(object);
    expect(isModuleExports(valueOf(text))).toBe(moduleExports);
  });

  it.each([
    ["module.exports = { a: 1 }", "ObjectExpression"],
    ["const proto = module.exports = { a }", "ObjectExpression"],
    ["exports = module.exports = api", "Identifier"],
    ["const x = exports = { a }", null],
    ["const x = other = { a }", null],
    ["const x = { a }", null],
  ])("%s gives module.exports a %s", (text, type) => {
    expect(exportedValueOf(valueOf(text))?.type ?? null).toBe(type);
  });
});
