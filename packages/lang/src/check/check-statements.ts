/** Statements with scopes: declarations, `if`, `for...of`, C-style `for` and `return` (language.md §1-2). */
import type { CheckState } from "./check-state.js";
import { allowedNodeProblem, rejectedNodeProblem } from "./check-syntax.js";
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

/** The body of an `if` or a loop: a block opens a scope; a single statement does not. */
function visitBody(state: CheckState, node: Node): void {
  if (node.type !== "BlockStatement") return state.visit(node, "read");
  checkBlock(state, node);
}

/** Checks a block (not yet entered) in a scope of its own: its declarations are visible in the whole block. */
export function checkBlock(state: CheckState, node: Node): void {
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

/**
 * Checks an entered C-style `for`: the first part declares with `let` (or assigns), and its names
 * are in a scope of their own with the test, the update and the body.
 */
export function checkFor(state: CheckState, node: Node): void {
  const init: Node | null = node.init;
  state.openScope();
  if (init?.type === "VariableDeclaration") {
    // Names first, so the initialisers see their temporal dead zone as in JavaScript.
    for (const declarator of init.declarations) state.declarePattern(declarator.id, "let");
    if (init.kind === "const")
      state.report(
        "forbidden_syntax",
        init,
        "The counter of a for loop must be declared with let, since the loop changes it.",
        "write for (let i = 0; i < n; i++)",
      );
    state.visit(init, "read");
  } else if (init) {
    if (init.type !== "AssignmentExpression")
      state.report(
        "forbidden_syntax",
        init,
        "The first part of a for loop must declare or assign its counter.",
        "write for (let i = 0; i < n; i++), or compute the value on the line before the loop",
      );
    state.visit(init, "read");
  }
  state.visit(node.test, "read");
  state.visit(node.update, "read");
  visitBody(state, node.body);
  state.closeScope();
}

/** Checks an entered `return`: allowed only in the block of an arrow function. */
export function checkReturn(state: CheckState, node: Node): void {
  if (state.functionDepth === 0) {
    const problem = rejectedNodeProblem(node);
    state.report("forbidden_syntax", node, problem.message, problem.hint);
    return state.skip(node);
  }
  state.visit(node.argument, "read");
}
