/**
 * What a parsed module declares at its top level, in source order: functions, classes,
 * variables, TypeScript interfaces, types, enums and namespaces (an `export` looked through;
 * imports and `require` never), and the members of its classes (methods, getters and setters as
 * `method`, fields as `property`, each with the class it belongs to). The line is the name's own.
 */
import { declarationsOf } from "./declared-names.js";
import { isNode, lineOf, nameOf, type SyntaxNode } from "./parse-module.js";

/** One declared name: what it is, its 1-based line, and for a member its class. */
export interface Declaration {
  name: string;
  kind: string;
  line: number;
  /** The class a method or property belongs to. */
  of?: string;
}

const METHODS = new Set(["MethodDefinition", "TSAbstractMethodDefinition", "TSDeclareMethod"]);
const PROPERTIES = new Set([
  "PropertyDefinition",
  "TSAbstractPropertyDefinition",
  "AccessorProperty",
]);

/** The module's top-level declarations and its classes' members (see the module's comment). */
export function declarationsIn(program: SyntaxNode): Declaration[] {
  const found: Declaration[] = [];
  for (const statement of (program.body as SyntaxNode[]) ?? []) {
    for (const declared of declarationsOf(statement)) {
      const at = declared.node.id ?? declared.node;
      found.push({ name: declared.name, kind: declared.kind, line: lineOf(at as SyntaxNode) });
      const body = classBody(declared.node);
      if (body) found.push(...membersOf(body, declared.name));
    }
  }
  return found;
}

/** The body of a class declaration or class expression, or null. */
function classBody(node: SyntaxNode): SyntaxNode[] | null {
  if (node.type !== "ClassDeclaration" && node.type !== "ClassExpression") return null;
  const body = node.body;
  return isNode(body) && Array.isArray(body.body) ? (body.body as SyntaxNode[]) : null;
}

function membersOf(body: readonly SyntaxNode[], owner: string): Declaration[] {
  const members: Declaration[] = [];
  for (const member of body) {
    const kind = METHODS.has(member.type)
      ? "method"
      : PROPERTIES.has(member.type)
        ? "property"
        : null;
    if (kind === null || member.computed === true) continue;
    const key = member.key as SyntaxNode | undefined;
    const name = key?.type === "PrivateIdentifier" ? `#${String(key.name)}` : nameOf(key ?? null);
    if (name === null) continue;
    members.push({ name, kind, line: lineOf(key ?? member), of: owner });
  }
  return members;
}
