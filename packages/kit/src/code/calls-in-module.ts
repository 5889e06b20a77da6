/**
 * Where a parsed module calls a function by name: call and `new` expressions whose callee is
 * the name (`parseDate(…)`), a member of that name (`util.parseDate(…)`, `this.parseDate?.(…)`),
 * or, for a dotted name, that member chain (`process.nextTick(…)`), and through `.call` and
 * `.apply` (`parseDate.call(this, …)`). A mention, an import, a
 * definition or a function handed on as a value (`list.map(parseDate)`) is not a call.
 */
import { childrenOf, lineOf, nameOf, type SyntaxNode } from "./parse-module.js";

/** How a line calls the name: a plain call, a method call on some object, or `new`. */
export type CallKind = "call" | "method" | "new";

/** One call: its 1-based line (the callee's) and how it calls. */
export interface Call {
  line: number;
  kind: CallKind;
}

/** The dotted path a callee names (`a.b.c`), or null for a computed or other callee. */
function calleePath(node: SyntaxNode): string[] | null {
  if (node.type === "Identifier") return [node.name as string];
  if (node.type === "ThisExpression") return ["this"];
  if (node.type === "ParenthesizedExpression" || node.type === "ChainExpression")
    return calleePath(node.expression as SyntaxNode);
  if (node.type !== "MemberExpression" || node.computed === true) return null;
  const object = calleePath(node.object as SyntaxNode);
  const property = nameOf(node.property);
  return property === null ? [] : [...(object ?? ["?"]), property];
}

/** Where `program` calls `name` (a plain name, or a dotted one such as `process.nextTick`), in line order, one row per line. */
export function callsIn(program: SyntaxNode, name: string): Call[] {
  const wanted = name.split(".");
  const found = new Map<number, Call>();
  const visit = (node: SyntaxNode) => {
    if (node.type === "CallExpression" || node.type === "NewExpression") {
      const callee = node.callee as SyntaxNode;
      const named = calleePath(callee);
      // `parseDate.call(this, …)` and `.apply(…)` call parseDate too.
      const path =
        named && named.length > wanted.length && ["call", "apply"].includes(named.at(-1)!)
          ? named.slice(0, -1)
          : named;
      if (path !== null && path.length >= wanted.length) {
        const tail = path.slice(-wanted.length);
        if (tail.every((part, index) => part === wanted[index])) {
          const line = lineOf(callee);
          const kind: CallKind =
            node.type === "NewExpression" ? "new" : path.length > 1 ? "method" : "call";
          if (!found.has(line)) found.set(line, { line, kind });
        }
      }
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(program);
  return [...found.values()].sort((a, b) => a.line - b.line);
}
