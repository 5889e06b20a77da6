/**
 * The validator's walk: one recursive pass over an acorn AST that checks every rule of
 * language.md §2-5 and bounds the nesting depth on the way (it never recurses past
 * `MAX_SYNTAX_DEPTH` levels, so a 100,000-link member chain is `too_deep`, not a stack overflow;
 * subtrees it does not check, such as rejected constructs, are measured iteratively).
 * Each node is visited with its role (read, callee, member object, callback, tool argument,
 * `typeof` operand); the `check-*.ts` files hold the rules by concern and recurse through
 * `state.visit`.
 *
 * Cells: an assignment to an undeclared name makes it a variable of the whole program, so a use
 * before the first assignment can only be judged once the walk has seen it. Unknown reads are
 * judged at the end; in the rare program where a name already resolved as a helper, safe global
 * or unknown name turns out to be a cell further on, the walk runs once more knowing every cell.
 */
import { reportAsiHazard } from "./asi-hazard.js";
import { checkArrow, checkCall } from "./check-calls.js";
import { checkMember, checkObjectExpression } from "./check-members.js";
import { checkReference, reportUnresolvedReads } from "./check-names.js";
import { CheckState, TooDeep, type OtherKits, type Role } from "./check-state.js";
import { MAX_SYNTAX_DEPTH } from "../spec/default-limits.js";
import { checkNew } from "./check-new.js";
import {
  checkFor,
  checkForOf,
  checkIf,
  checkReturn,
  checkVariableDeclaration,
} from "./check-statements.js";
import {
  ASSIGNMENT,
  BINARY,
  LOGICAL,
  UNARY,
  allowedNodeProblem,
  isAllowedNodeType,
  rejectedNodeProblem,
} from "./check-syntax.js";
import { checkTarget } from "./check-writes.js";
import type { Node } from "../parse/parse-program.js";
import type { PredefinedNames } from "../names/predefined-names.js";
import { forEachChild } from "../parse/walk.js";

/** Checks a whole parsed program; throws `TooDeep` when it is nested too deeply. */
export function checkProgram(
  source: string,
  program: Node,
  names: PredefinedNames,
  otherKits?: OtherKits,
): CheckState {
  let walk = new ProgramWalk(source, names, program, undefined, otherKits);
  walk.run(program);
  if (walk.needsSecondWalk) {
    walk = new ProgramWalk(source, names, program, walk.cells, otherKits);
    walk.run(program);
  }
  reportUnresolvedReads(walk);
  return walk;
}

class ProgramWalk extends CheckState {
  run(program: Node): void {
    const statements: Node[] = program.body;
    for (let index = 0; index < statements.length; index++) this.visit(statements[index], "read");
  }

  visit(node: Node | null | undefined, role: Role): void {
    if (!node) return;
    if (++this.depth > MAX_SYNTAX_DEPTH) throw new TooDeep(node);
    // The two most common nodes skip the dispatch.
    const type = node.type;
    if (type === "Identifier") checkReference(this, node, role);
    else if (type !== "Literal" || node.regex !== undefined || node.bigint !== undefined)
      visitNode(this, node, role);
    this.depth--;
  }
}

/** Checks one entered node in its role. */
function visitNode(state: CheckState, node: Node, role: Role): void {
  switch (node.type) {
    case "Identifier":
      return void checkReference(state, node, role);
    case "MemberExpression":
      if (node.computed) reportAsiHazard(state, node, node.object.end, "[");
      return void checkMember(state, node);
    case "CallExpression":
      reportAsiHazard(state, node, node.callee.end, "(");
      return checkCall(state, node);
    case "Literal":
      if (node.regex === undefined && node.bigint === undefined) return;
      return void rejectIfProblem(state, node);
    case "ExpressionStatement":
      return state.visit(node.expression, "read");
    case "BinaryExpression":
      if (!BINARY.has(node.operator)) return void rejectIfProblem(state, node);
      state.visit(node.left, "read");
      return state.visit(node.right, "read");
    case "LogicalExpression":
      if (!LOGICAL.has(node.operator)) return void rejectIfProblem(state, node);
      state.visit(node.left, "read");
      return state.visit(node.right, "read");
    case "ArrowFunctionExpression":
      if (node.async || node.generator) return void rejectIfProblem(state, node);
      return checkArrow(state, node, role);
    case "VariableDeclaration":
      if (rejectIfProblem(state, node)) return;
      return checkVariableDeclaration(state, node);
    case "ObjectExpression":
      return checkObjectExpression(state, node);
    case "TemplateLiteral":
      // Quasis are leaves one level down; entering one counts its depth.
      state.enter(node.quasis[0]);
      state.leave();
      for (let index = 0; index < node.expressions.length; index++)
        state.visit(node.expressions[index], "read");
      return;
    case "ArrayExpression":
      if (node.elements.includes(null))
        state.report(
          "forbidden_syntax",
          node,
          "Empty slots in an array literal are not allowed.",
          "write undefined or null for a missing item",
        );
      for (let index = 0; index < node.elements.length; index++)
        state.visit(node.elements[index], "read");
      return;
    case "AssignmentExpression":
      if (!ASSIGNMENT.has(node.operator)) return void rejectIfProblem(state, node);
      state.visit(node.right, "read");
      return checkTarget(state, node.left, node.operator === "=" ? "assign" : "update");
    case "IfStatement":
      return checkIf(state, node);
    case "ForOfStatement":
      if (rejectIfProblem(state, node)) return;
      return checkForOf(state, node);
    case "ForStatement":
      return checkFor(state, node);
    case "ReturnStatement":
      return checkReturn(state, node);
    case "NewExpression":
      return checkNew(state, node);
    case "ConditionalExpression":
      state.visit(node.test, "read");
      state.visit(node.consequent, "read");
      return state.visit(node.alternate, "read");
    case "UnaryExpression":
      if (!UNARY.has(node.operator)) return void rejectIfProblem(state, node);
      return state.visit(node.argument, node.operator === "typeof" ? "typeof" : "read");
    case "UpdateExpression":
      return checkTarget(state, node.argument, "update");
    case "ChainExpression":
      return state.visit(node.expression, role);
    case "SpreadElement":
      return state.visit(node.argument, "read");
    case "AwaitExpression":
      return checkAwait(state, node, role);
    case "BreakStatement":
    case "ContinueStatement":
      return void rejectIfProblem(state, node);
    case "EmptyStatement":
      return;
    case "BlockStatement":
      state.report(
        "forbidden_syntax",
        node,
        "A standalone block { ... } is not allowed.",
        "blocks are only allowed as the body of if, a loop or an arrow function; remove the braces",
      );
      return state.skip(node);
    default:
      return checkOtherNode(state, node);
  }
}

/** Reports the syntax rule an allowed node breaks, if any, and then checks nothing inside it. */
function rejectIfProblem(state: CheckState, node: Node): boolean {
  const problem = allowedNodeProblem(node);
  if (!problem) return false;
  state.report("forbidden_syntax", node, problem.message, problem.hint);
  state.skip(node);
  return true;
}

/** A node type the walk does not dispatch: a rejected construct (or an allowed one reached through an unusual parent). */
function checkOtherNode(state: CheckState, node: Node): void {
  if (isAllowedNodeType(node.type))
    return forEachChild(node, (child) => state.visit(child, "read"));
  const problem = rejectedNodeProblem(node);
  // A tagged template that continues the line before is reported once, as the ASI hazard.
  const hazard =
    node.type === "TaggedTemplateExpression" && reportAsiHazard(state, node, node.tag.end, "`");
  if (!hazard) state.report("forbidden_syntax", node, problem.message, problem.hint);
  state.skip(node);
}

function checkAwait(state: CheckState, node: Node, role: Role): void {
  const argument =
    node.argument.type === "ChainExpression" ? node.argument.expression : node.argument;
  if (argument.type !== "CallExpression")
    state.report(
      "await_position",
      node,
      "'await' can only be used directly on a call.",
      "remove await: tool calls are awaited for you",
    );
  state.visit(node.argument, role === "callback" ? "read" : role);
}
