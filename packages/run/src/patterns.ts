import type { Node } from "@lackpy/lang";
import type { Interpreter } from "./interpreter.js";
import { checkKey, memberKey, readMember, restObject, writeMember } from "./members.js";
import type { Scope } from "./scope.js";
import { iterate } from "./iterate.js";
import { refuseSecret } from "./secret-value.js";

/** How a pattern binds: declares a `const`/`let`, or assigns (cell semantics for undeclared names). */
export type BindMode = "const" | "let" | "assign";

/** Binds a value to a pattern: identifiers, member targets, object/array destructuring, defaults and rest. */
export async function bindPattern(
  interpreter: Interpreter,
  pattern: Node,
  value: unknown,
  scope: Scope,
  mode: BindMode,
): Promise<void> {
  switch (pattern.type) {
    case "Identifier":
      return bindName(interpreter, pattern, value, scope, mode);
    case "MemberExpression": {
      const object = await interpreter.evaluate(pattern.object, scope);
      const key = await memberKey(interpreter, pattern, scope);
      return writeMember(interpreter, object, key, value, pattern);
    }
    case "AssignmentPattern": {
      const actual = value === undefined ? await interpreter.evaluate(pattern.right, scope) : value;
      return bindPattern(interpreter, pattern.left, actual, scope, mode);
    }
    case "ArrayPattern": {
      const items = await iterate(interpreter, value, pattern);
      for (let index = 0; index < pattern.elements.length; index++) {
        const element = pattern.elements[index];
        if (!element) continue;
        if (element.type === "RestElement")
          await bindPattern(interpreter, element.argument, items.slice(index), scope, mode);
        else await bindPattern(interpreter, element, items[index], scope, mode);
      }
      return;
    }
    case "ObjectPattern": {
      refuseSecret(value, "destructured", pattern);
      if (value === null || value === undefined)
        throw interpreter.fault("runtime_error", `Cannot destructure ${value}.`, pattern);
      const used = new Set<string>();
      for (const property of pattern.properties) {
        if (property.type === "RestElement") {
          const rest = restObject(interpreter, value, used, property);
          await bindPattern(interpreter, property.argument, rest, scope, mode);
          continue;
        }
        const key = property.computed
          ? await memberKey(interpreter, { ...property, property: property.key }, scope)
          : property.key.type === "Identifier"
            ? property.key.name
            : String(property.key.value);
        checkKey(interpreter, key, property);
        used.add(String(key));
        await bindPattern(
          interpreter,
          property.value,
          readMember(interpreter, value, key, property),
          scope,
          mode,
        );
      }
      return;
    }
    default:
      throw interpreter.fault("runtime_error", `Cannot assign to ${pattern.type}.`, pattern);
  }
}

function bindName(
  interpreter: Interpreter,
  node: Node,
  value: unknown,
  scope: Scope,
  mode: BindMode,
): void {
  const name: string = node.name;
  if (mode !== "assign") {
    const existing = scope.vars.get(name);
    if (existing && existing.initialized)
      throw interpreter.fault("runtime_error", `'${name}' is already declared.`, node);
    scope.vars.set(name, { value, constant: mode === "const", initialized: true });
    return;
  }
  const binding = scope.lookup(name);
  if (binding) {
    if (binding.constant)
      throw interpreter.fault(
        "runtime_error",
        `'${name}' is a constant and cannot be reassigned.`,
        node,
        `declare it with let ${name} = ...`,
      );
    if (!binding.initialized)
      throw interpreter.fault("runtime_error", `'${name}' is used before its declaration.`, node);
    binding.value = value;
    return;
  }
  if (interpreter.hasTool(name))
    throw interpreter.fault(
      "runtime_error",
      `'${name}' is a kit tool and cannot be assigned.`,
      node,
    );
  // Cell semantics: assigning an undeclared name declares it at the top level.
  interpreter.programScope.declare(name, value, false);
}

/** Hoists the `let`/`const` names of a statement list into a scope, uninitialized (temporal dead zone). */
export function hoistDeclarations(statements: readonly Node[], scope: Scope): void {
  for (const statement of statements) {
    if (statement.type !== "VariableDeclaration") continue;
    for (const declarator of statement.declarations) {
      for (const name of patternNames(declarator.id))
        scope.vars.set(name, {
          value: undefined,
          constant: statement.kind === "const",
          initialized: false,
        });
    }
  }
}

function patternNames(node: Node | null): string[] {
  if (!node) return [];
  switch (node.type) {
    case "Identifier":
      return [node.name];
    case "ObjectPattern":
      return node.properties.flatMap((property: Node) =>
        patternNames(property.type === "RestElement" ? property.argument : property.value),
      );
    case "ArrayPattern":
      return node.elements.flatMap((element: Node | null) => patternNames(element));
    case "AssignmentPattern":
      return patternNames(node.left);
    case "RestElement":
      return patternNames(node.argument);
    default:
      return [];
  }
}
