/**
 * The CommonJS exported object, as both readers of a module's exports see it: `exports` and
 * `module.exports` as the target of a name (`exports.a = …`), and the value a top-level
 * assignment chain gives `module.exports` (`const proto = module.exports = { … }`).
 */
import { isNode, nameOf, type SyntaxNode } from "./parse-module.js";

/** True for `exports` and `module.exports`. */
export function isExportsObject(node: unknown): boolean {
  if (!isNode(node)) return false;
  if (node.type === "Identifier") return node.name === "exports";
  return isModuleExports(node);
}

/** True for `module.exports` only: assigning the local `exports` a new value exports nothing. */
export function isModuleExports(node: unknown): boolean {
  return (
    isNode(node) &&
    node.type === "MemberExpression" &&
    node.computed !== true &&
    isNode(node.object) &&
    node.object.type === "Identifier" &&
    node.object.name === "module" &&
    nameOf(node.property) === "exports"
  );
}

/**
 * The value at the end of an assignment chain (`a = module.exports = value`) when one of its
 * targets is `module.exports`; null otherwise.
 */
export function exportedValueOf(value: unknown): SyntaxNode | null {
  let exported = false;
  while (isNode(value) && value.type === "AssignmentExpression" && value.operator === "=") {
    exported ||= isModuleExports(value.left);
    value = value.right;
  }
  return exported && isNode(value) ? value : null;
}
