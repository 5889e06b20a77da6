/** Statements with scopes: declarations, `if` and `for...of` (language.md §1-2). */
import type { CheckState } from "./check-state.js";
import { allowedNodeProblem } from "./check-syntax.js";
import { checkDeclaration, checkTarget } from "./check-writes.js";
import type { Node } from "../parse/parse-program.js";

/** Checks an entered `const`/`let` declaration: each initialiser, then the names it declares. */
export function checkVariableDeclaration(state: CheckState, node: Node): void {
  const declarators: Node[] = node.declarations;
  for (let index = 0; index < declarators.length; index++) {
    const declarator = declarators[index];
    state.enter(declarator);
    state.visit(declarator.init, "read");
    checkDeclaration(state, declarator.id);
    state.leave();
  }
}

/** Checks an entered `if` statement and its branches. */
export function checkIf(state: CheckState, node: Node): void {
  state.visit(node.test, "read");
  visitBody(state, node.consequent);
  if (node.alternate) visitBody(state, node.alternate);
}

/** The body of an `if` or `for...of`: a block opens a scope; a single statement does not. */
function visitBody(state: CheckState, node: Node): void {
  if (node.type !== "BlockStatement") return state.visit(node, "read");
  state.enter(node);
  const statements: Node[] = node.body;
  state.openScope();
  state.declareStatements(statements);
  for (let index = 0; index < statements.length; index++) state.visit(statements[index], "read");
  state.closeScope();
  state.leave();
}

/** Checks an entered `for...of`: the iterable, the loop variable in its own scope, the body. */
export function checkForOf(state: CheckState, node: Node): void {
  state.visit(node.right, "read");
  const left = node.left;
  if (left.type !== "VariableDeclaration") {
    state.openScope();
    checkTarget(state, left, "assign");
    visitBody(state, node.body);
    return state.closeScope();
  }
  if (allowedNodeProblem(left)) {
    // `for (var x of xs)`: report the declaration, and check nothing inside the loop.
    state.visit(left, "read");
    return state.skipChild(node.body);
  }
  const declarator = left.declarations[0];
  state.openScope();
  state.declarePattern(declarator.id, left.kind);
  state.enter(left);
  state.enter(declarator);
  checkDeclaration(state, declarator.id);
  state.leave();
  state.leave();
  visitBody(state, node.body);
  state.closeScope();
}
