/** Calls and arrow functions (language.md §2-§5): what a callee may be and where an arrow may go. */
import { reportAsiHazard } from "./asi-hazard.js";
import { checkMember, staticPropertyName } from "./check-members.js";
import { checkBareCall } from "./check-names.js";
import type { CheckState, Role } from "./check-state.js";
import { checkBlock } from "./check-statements.js";
import { checkDeclaration } from "./check-writes.js";
import type { Node } from "../parse/parse-program.js";
import { ALL_ALLOWED_METHODS } from "../names/predefined-names.js";

/** Checks an entered CallExpression: the callee, then each argument in the role the callee gives it. */
export function checkCall(state: CheckState, node: Node): void {
  const callee = node.callee;
  let argumentRole: Role = "read";
  if (callee.type === "Identifier") {
    state.enter(callee);
    argumentRole = checkBareCall(state, node, callee);
    state.leave();
  } else if (callee.type === "MemberExpression") {
    state.enter(callee);
    if (callee.computed) reportAsiHazard(state, callee, callee.object.end, "[");
    argumentRole = methodArgumentRole(callee, checkMember(state, callee));
    state.leave();
  } else {
    state.visit(callee, "callee");
  }
  const args: Node[] = node.arguments;
  for (let index = 0; index < args.length; index++) {
    const argument = args[index];
    if (argument.type === "SpreadElement") {
      state.enter(argument);
      state.visit(argument.argument, argumentRole === "tool-argument" ? "tool-argument" : "read");
      state.leave();
    } else {
      state.visit(argument, argumentRole);
    }
  }
}

/** Arguments of an allowed method or a safe-global function member are callbacks; others are plain reads. */
function methodArgumentRole(
  callee: Node,
  namespace: ReadonlyMap<string, "function" | "value"> | undefined,
): Role {
  const method = staticPropertyName(callee);
  if (method === null) return "read";
  const takesCallbacks = namespace
    ? namespace.get(method) === "function"
    : ALL_ALLOWED_METHODS.has(method);
  return takesCallbacks ? "callback" : "read";
}

/**
 * Checks an entered arrow function: only a direct callback. A block body holds any statements a
 * program may hold, plus `return`; a block that is a single `return` of an expression is
 * normalised here to an expression body, for the interpreter.
 */
export function checkArrow(state: CheckState, node: Node, role: Role): void {
  if (role !== "callback") {
    state.report(
      "arrow_position",
      node,
      "An arrow function can only be passed directly to a helper or method, such as xs.map(x => ...).",
      role === "tool-argument"
        ? "kit tools take plain data: compute the value first, then pass it"
        : "inline the arrow where it is used, e.g. sorted(xs, x => x.size)",
    );
  }
  // The body of `x => { return e }` is two levels above e in the parsed tree; depth counts them.
  let bodyLevels = 0;
  if (node.body.type === "BlockStatement") {
    const statements: Node[] = node.body.body;
    const only = statements[0];
    if (statements.length === 1 && only.type === "ReturnStatement" && only.argument) {
      node.body = only.argument;
      node.expression = true;
      bodyLevels = 2;
    }
  }
  const params: Node[] = node.params;
  state.openScope();
  for (let index = 0; index < params.length; index++) state.declarePattern(params[index], "let");
  for (let index = 0; index < params.length; index++) checkDeclaration(state, params[index]);
  if (node.body.type === "BlockStatement") {
    state.functionDepth++;
    checkBlock(state, node.body);
    state.functionDepth--;
  } else {
    state.depth += bodyLevels;
    state.visit(node.body, "read");
    state.depth -= bodyLevels;
  }
  state.closeScope();
}
