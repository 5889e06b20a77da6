/** Member access, object literals and their keys: the property rules of language.md §4. */
import { forbiddenPropertyMessage, isForbiddenProperty } from "./check-property.js";
import { checkReference } from "./check-names.js";
import type { CheckState } from "./check-state.js";
import { checkNodeSyntax } from "./check-syntax.js";
import type { Node } from "../parse/parse-program.js";

/** The static name of a member's property, or null when it is only known at run time. */
export function staticPropertyName(node: Node): string | null {
  if (!node.computed) return node.property.name;
  const property = node.property;
  if (property.type === "Literal") return String(property.value);
  if (property.type === "TemplateLiteral" && property.expressions.length === 0)
    return property.quasis[0].value.cooked ?? null;
  return null;
}

/** Reports a forbidden member or key name. */
export function reportForbiddenProperty(state: CheckState, node: Node, name: string): void {
  const { message, hint } = forbiddenPropertyMessage(name);
  state.report("forbidden_property", node, message, hint);
}

/**
 * Checks an entered MemberExpression: its object, its property, and members of safe globals.
 * Returns the members of the safe global it reads from (when its object names one), for calls.
 */
export function checkMember(
  state: CheckState,
  node: Node,
): ReadonlyMap<string, "function" | "value"> | undefined {
  const object = node.object;
  let members: ReadonlyMap<string, "function" | "value"> | undefined;
  if (object.type === "Identifier") {
    state.enter(object);
    const symbol = checkReference(state, object, "member-object");
    state.leave();
    if (symbol?.predefined?.kind === "safe_global_namespace" && !state.isVariable(symbol))
      members = state.names.namespaceMembers(object.name);
  } else {
    state.visit(object, "member-object");
  }
  const name = staticPropertyName(node);
  if (name === null) {
    state.visit(node.property, "read");
    return members;
  }
  if (node.property.type === "TemplateLiteral") {
    // The quasi of `o[`key`]` is two levels below the member; count it like every node.
    state.enter(node.property);
    state.enter(node.property.quasis[0]);
    state.leave();
    state.leave();
  }
  if (isForbiddenProperty(name)) {
    reportForbiddenProperty(state, node.property, name);
    return members;
  }
  if (members && !members.has(name)) {
    const suggestion = state.suggest(name, () => members.keys());
    state.report(
      "unknown_name",
      node.property,
      `${object.name}.${name} does not exist in lackpy.`,
      suggestion
        ? `use ${object.name}.${suggestion}`
        : `available: ${[...members.keys()].join(", ")}`,
    );
  }
  return members;
}

/** Checks the key of an entered object literal or object pattern property. */
export function checkPropertyKey(state: CheckState, property: Node): void {
  if (property.shorthand) return;
  const key = property.key;
  if (!property.computed) {
    const name = key.type === "Identifier" ? key.name : String(key.value);
    if (isForbiddenProperty(name)) reportForbiddenProperty(state, key, name);
  } else if (key.type === "Literal") {
    const name = String(key.value);
    if (isForbiddenProperty(name)) reportForbiddenProperty(state, key, name);
  } else {
    state.visit(key, "read");
  }
}

/** Checks an entered ObjectExpression: spreads, plain `key: value` properties and their keys. */
export function checkObjectExpression(state: CheckState, node: Node): void {
  const properties: Node[] = node.properties;
  for (let index = 0; index < properties.length; index++) {
    const property = properties[index];
    state.enter(property);
    if (property.type === "SpreadElement") {
      state.visit(property.argument, "read");
    } else {
      const problem = checkNodeSyntax(property);
      if (problem) {
        state.report("forbidden_syntax", property, problem.message, problem.hint);
        state.skip(property);
      } else {
        checkPropertyKey(state, property);
        state.visit(property.value, "read");
      }
    }
    state.leave();
  }
}
