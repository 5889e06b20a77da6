/**
 * Declarations, assignments and their patterns (language.md §1 and §5): constants, cell
 * assignments, shadowing of helpers and safe globals, and writes to members.
 */
import { checkMember, checkPropertyKey, staticPropertyName } from "./check-members.js";
import { reportForbiddenName } from "./check-names.js";
import type { CheckState } from "./check-state.js";
import type { Node } from "../parse/parse-program.js";

/** Checks the target of an assignment, update or `for...of` head (not yet entered). */
export function checkTarget(state: CheckState, node: Node, kind: "assign" | "update"): void {
  switch (node.type) {
    case "Identifier":
      state.enter(node);
      checkWrite(state, node);
      return state.leave();
    case "MemberExpression":
      state.enter(node);
      checkMemberWrite(state, node);
      return state.leave();
    case "ChainExpression":
      state.enter(node);
      state.report(
        "forbidden_syntax",
        node,
        "Optional chaining cannot be assigned to.",
        "assign to obj.field directly",
      );
      state.skip(node);
      return state.leave();
    default:
      if (kind === "update") return state.visit(node, "read");
      checkPattern(state, node, "assign");
  }
}

/** Checks an assignment to a name: a variable in scope, or else a new cell of the program. */
function checkWrite(state: CheckState, node: Node): void {
  const name: string = node.name;
  const symbol = state.symbol(name);
  const predefined = symbol.predefined;
  if (predefined?.kind === "forbidden") return reportForbiddenName(state, node);
  const binding = symbol.binding;
  if (binding) {
    if (binding.kind === "const")
      state.report(
        "assign_to_constant",
        node,
        `'${name}' is a constant and cannot be reassigned.`,
        `declare it with let ${name} = ... if it changes`,
      );
    return;
  }
  if (predefined && !predefined.shadowable)
    return state.report(
      "assign_to_constant",
      node,
      `'${name}' is ${describeKind(predefined.kind)} and cannot be assigned.`,
      `use another name, e.g. my_${name}`,
    );
  state.addCell(symbol, node);
  state.addVariable(symbol);
}

/** Checks an entered member as an assignment target: safe globals are frozen, `length` is read-only. */
export function checkMemberWrite(state: CheckState, node: Node): void {
  const object = node.object;
  const symbol = object.type === "Identifier" ? state.symbol(object.name) : undefined;
  if (symbol?.predefined?.kind.startsWith("safe_global") && !state.isVariable(symbol)) {
    return state.report(
      "assign_to_constant",
      node,
      `${object.name} is a safe global and cannot be changed.`,
      "store values in your own variables",
    );
  }
  checkMember(state, node);
  if (staticPropertyName(node) === "length") {
    state.report(
      "forbidden_property",
      node.property,
      "The 'length' property is read-only.",
      "use xs.slice(0, n) to shorten an array",
    );
  }
}

/** Checks a declaration's pattern (`const`, `let`, `for...of` variable or arrow parameter). */
export function checkDeclaration(state: CheckState, node: Node): void {
  checkPattern(state, node, "declare");
}

/** Checks a name a declaration binds: it may shadow a helper or safe global, not a tool or param. */
function checkDeclared(state: CheckState, identifier: Node): void {
  const name: string = identifier.name;
  const symbol = state.symbol(name);
  const predefined = symbol.predefined;
  if (predefined?.kind === "forbidden") return reportForbiddenName(state, identifier);
  if (predefined && !predefined.shadowable)
    return state.report(
      "assign_to_constant",
      identifier,
      `'${name}' is ${describeKind(predefined.kind)} and cannot be redeclared.`,
      `use another name, e.g. my_${name}`,
    );
  if (state.scopeDepth === 0) state.addVariable(symbol);
}

/** Walks a binding (`declare`) or assignment (`assign`) pattern, entering each node, checking keys, defaults and each name. */
function checkPattern(state: CheckState, node: Node, mode: "declare" | "assign"): void {
  state.enter(node);
  switch (node.type) {
    case "Identifier":
      if (mode === "declare") checkDeclared(state, node);
      else checkWrite(state, node);
      break;
    case "MemberExpression":
      checkMemberWrite(state, node);
      break;
    case "ObjectPattern":
      for (let index = 0; index < node.properties.length; index++) {
        const property = node.properties[index];
        if (property.type === "RestElement") {
          checkPattern(state, property, mode);
          continue;
        }
        state.enter(property);
        checkPropertyKey(state, property);
        checkPattern(state, property.value, mode);
        state.leave();
      }
      break;
    case "ArrayPattern":
      for (let index = 0; index < node.elements.length; index++)
        if (node.elements[index]) checkPattern(state, node.elements[index], mode);
      break;
    case "AssignmentPattern":
      state.visit(node.right, "read");
      checkPattern(state, node.left, mode);
      break;
    case "RestElement":
      checkPattern(state, node.argument, mode);
      break;
    default:
      state.report(
        "forbidden_syntax",
        node,
        "This assignment target is not allowed.",
        "assign to a variable or obj.field",
      );
      state.skip(node);
  }
  state.leave();
}

function describeKind(kind: string): string {
  switch (kind) {
    case "param":
      return "a read-only parameter";
    case "tool":
      return "a kit tool";
    case "constructor":
      return "a constructor, used only with new,";
    default:
      return "a safe global";
  }
}
