/**
 * Where a parsed module defines a name: function, class, interface, type, enum and namespace
 * declarations (`declare` ones too), variables (not those bound to `require(…)` or `import(…)`:
 * an import is not a definition), class members, object-literal methods and functions,
 * `X.prototype.m = …`, `exports.f = …` and `module.exports.f = …` (not when the value is another
 * name: `exports.a = a` hands on a definition), and a function or class assigned to any property (`Client.connect = function …`). The line is the name's own line.
 */
import { declarationsOf, isImported, kindOfValue, patternNames } from "./declared-names.js";
import { childrenOf, isNode, lineOf, nameOf, type SyntaxNode } from "./parse-module.js";

const MEMBERS = new Set([
  "MethodDefinition",
  "PropertyDefinition",
  "TSAbstractMethodDefinition",
  "TSAbstractPropertyDefinition",
  "TSDeclareMethod",
]);

/** The 1-based lines, in order and without repeats, where `program` defines `name`. */
export function definitionLines(program: SyntaxNode, name: string): number[] {
  const lines = new Set<number>();
  const visit = (node: SyntaxNode) => {
    const line = definitionAt(node, name);
    if (line !== null) lines.add(line);
    for (const child of childrenOf(node)) visit(child);
  };
  visit(program);
  return [...lines].sort((a, b) => a - b);
}

/** The line where `node` defines `name`, or null. */
function definitionAt(node: SyntaxNode, name: string): number | null {
  switch (node.type) {
    case "FunctionDeclaration":
    case "TSDeclareFunction":
    case "ClassDeclaration":
    case "ClassExpression":
    case "FunctionExpression":
    case "TSInterfaceDeclaration":
    case "TSTypeAliasDeclaration":
    case "TSEnumDeclaration":
    case "TSModuleDeclaration":
      return declaredHere(node, name);
    case "VariableDeclarator": {
      if (isImported(node.init)) return null;
      return patternNames(node.id).includes(name) ? lineOf(node) : null;
    }
    case "Property":
      // `{ m() {} }`, `{ m: function () {} }`, `{ m: () => … }`; a plain value is data, not a definition.
      return node.computed !== true &&
        nameOf(node.key) === name &&
        (node.method === true || ["function", "class"].includes(kindOfValue(node.value)))
        ? lineOf(node.key as SyntaxNode)
        : null;
    case "AssignmentExpression":
      return assignedDefinition(node, name);
    default:
      return MEMBERS.has(node.type) && node.computed !== true && nameOf(node.key) === name
        ? lineOf(node.key as SyntaxNode)
        : null;
  }
}

/** A declaration's own name (`function name`, `class name`, `interface name`…), at the name's line. */
function declaredHere(node: SyntaxNode, name: string): number | null {
  if (node.type === "ClassExpression" || node.type === "FunctionExpression")
    return nameOf(node.id) === name ? lineOf(node.id as SyntaxNode) : null;
  return declarationsOf(node).some((declared) => declared.name === name) && isNode(node.id)
    ? lineOf(node.id)
    : null;
}

/** `X.prototype.name = …`, `exports.name = …`, `module.exports.name = …`, or a function or class assigned to `anything.name`. */
function assignedDefinition(node: SyntaxNode, name: string): number | null {
  const left = node.left as SyntaxNode;
  if (node.operator !== "=" || left.type !== "MemberExpression" || left.computed === true)
    return null;
  if (nameOf(left.property) !== name || isImported(node.right)) return null;
  const target = left.object as SyntaxNode;
  const onExports =
    (target.type === "Identifier" && target.name === "exports") ||
    (target.type === "MemberExpression" &&
      nameOf(target.property) === "exports" &&
      nameOf(target.object) === "module");
  const onPrototype = target.type === "MemberExpression" && nameOf(target.property) === "prototype";
  const right = node.right as SyntaxNode;
  // `exports.a = a` and `exports.a = other.a` hand on what is defined elsewhere.
  const aliases = right.type === "Identifier" || right.type === "MemberExpression";
  const defines = ["function", "class"].includes(kindOfValue(right));
  return ((onExports || onPrototype) && !aliases) || defines
    ? lineOf(left.property as SyntaxNode)
    : null;
}
