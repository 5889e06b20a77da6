/**
 * The table of node evaluators: one entry per ESTree node type the validator allows. A test
 * asserts this table and `ALLOWED_NODE_TYPES` match, so the language and the interpreter can
 * never drift apart. Nodes that only appear inside a parent (Property, TemplateElement,
 * VariableDeclarator, patterns) are evaluated by that parent and refuse to run on their own.
 */
import type { Node } from "@lackpy/lang";
import { callExpression } from "./calls.js";
import { toNumber, truthy } from "./display.js";
import type { Interpreter } from "./interpreter.js";
import { forEachItem, iterate } from "./iterate.js";
import { checkKey, memberKey, readMember, writeMember } from "./members.js";
import { add, binary, concatenate, typeOf } from "./operators.js";
import { bindPattern, hoistDeclarations } from "./patterns.js";
import { Scope } from "./scope.js";
import { Closure, isPlainObject, newObject } from "./values.js";
import { lookupName } from "./names.js";
import { refuseSecret } from "./secret-value.js";
import { createRegex } from "./guest-regex.js";

/** An evaluator for one node type. */
export type Evaluator = (interpreter: Interpreter, node: Node, scope: Scope) => unknown;

/** Thrown by `break`. */
export const BREAK = Symbol("break");
/** Thrown by `continue`. */
export const CONTINUE = Symbol("continue");
/** Thrown when an optional chain meets null or undefined; caught by its ChainExpression. */
export const SHORT_CIRCUIT = Symbol("short-circuit");

const insideOnly =
  (parent: string): Evaluator =>
  (interpreter, node) => {
    throw interpreter.fault(
      "runtime_error",
      `${node.type} can only be evaluated inside ${parent}.`,
      node,
    );
  };

async function runBody(interpreter: Interpreter, node: Node, scope: Scope): Promise<void> {
  if (node.type !== "BlockStatement") {
    await interpreter.evaluate(node, scope);
    return;
  }
  interpreter.step(node);
  const block = new Scope(scope);
  hoistDeclarations(node.body, block);
  for (const statement of node.body) await interpreter.evaluate(statement, block);
}

async function assign(interpreter: Interpreter, node: Node, scope: Scope): Promise<unknown> {
  const { operator, left } = node;
  if (operator === "=") {
    const value = await interpreter.evaluate(node.right, scope);
    await bindPattern(interpreter, left, value, scope, "assign");
    return value;
  }
  let object: unknown;
  let key: string | number = "";
  let current: unknown;
  if (left.type === "MemberExpression") {
    object = await interpreter.evaluate(left.object, scope);
    key = await memberKey(interpreter, left, scope);
    current = readMember(interpreter, object, key, left);
  } else {
    current = lookupName(interpreter, left, scope);
  }
  let value: unknown;
  if (operator === "??=" || operator === "||=" || operator === "&&=") {
    const keep =
      operator === "??="
        ? current !== null && current !== undefined
        : operator === "||="
          ? truthy(current)
          : !truthy(current);
    if (keep) return current;
    value = await interpreter.evaluate(node.right, scope);
  } else {
    value = binary(
      interpreter,
      operator.slice(0, -1),
      current,
      await interpreter.evaluate(node.right, scope),
      node,
    );
  }
  if (left.type === "MemberExpression") writeMember(interpreter, object, key, value, left);
  else await bindPattern(interpreter, left, value, scope, "assign");
  return value;
}

async function update(interpreter: Interpreter, node: Node, scope: Scope): Promise<unknown> {
  const target = node.argument;
  const delta = node.operator === "++" ? 1 : -1;
  if (target.type === "MemberExpression") {
    const object = await interpreter.evaluate(target.object, scope);
    const key = await memberKey(interpreter, target, scope);
    const old = toNumber(readMember(interpreter, object, key, target));
    writeMember(interpreter, object, key, old + delta, target);
    return node.prefix ? old + delta : old;
  }
  const old = toNumber(lookupName(interpreter, target, scope));
  await bindPattern(interpreter, target, old + delta, scope, "assign");
  return node.prefix ? old + delta : old;
}

async function forOf(interpreter: Interpreter, node: Node, scope: Scope): Promise<void> {
  const iterable = await interpreter.evaluate(node.right, scope);
  const declaration = node.left.type === "VariableDeclaration" ? node.left : null;
  await forEachItem(interpreter, iterable, node.right, async (item) => {
    interpreter.step(node);
    await interpreter.yieldToHost();
    const iteration = new Scope(scope);
    if (declaration)
      await bindPattern(
        interpreter,
        declaration.declarations[0].id,
        item,
        iteration,
        declaration.kind,
      );
    else await bindPattern(interpreter, node.left, item, iteration, "assign");
    try {
      await runBody(interpreter, node.body, iteration);
    } catch (signal) {
      if (signal === BREAK) return false;
      if (signal !== CONTINUE) throw signal;
    }
    return true;
  });
}

async function member(interpreter: Interpreter, node: Node, scope: Scope): Promise<unknown> {
  const object = await interpreter.evaluate(node.object, scope);
  if (node.optional && (object === null || object === undefined)) throw SHORT_CIRCUIT;
  return readMember(interpreter, object, await memberKey(interpreter, node, scope), node);
}

async function arrayExpression(
  interpreter: Interpreter,
  node: Node,
  scope: Scope,
): Promise<unknown[]> {
  const result: unknown[] = [];
  for (const element of node.elements) {
    if (element?.type === "SpreadElement") {
      const items = await iterate(
        interpreter,
        await interpreter.evaluate(element.argument, scope),
        element,
      );
      interpreter.checkSize(result.length + items.length, "an array", element);
      for (const item of items) result.push(item);
    } else {
      const value = element ? await interpreter.evaluate(element, scope) : undefined;
      refuseSecret(value, "stored in an array or object", element);
      result.push(value);
    }
  }
  return result;
}

async function objectExpression(
  interpreter: Interpreter,
  node: Node,
  scope: Scope,
): Promise<Record<string, unknown>> {
  const result = newObject();
  for (const property of node.properties) {
    if (property.type === "SpreadElement") {
      const source = await interpreter.evaluate(property.argument, scope);
      if (source === null || source === undefined) continue;
      refuseSecret(source, "spread into an object", property);
      interpreter.checkEntries(source, property);
      const entries: [string, unknown][] = isPlainObject(source)
        ? Object.entries(source)
        : Array.isArray(source) || typeof source === "string"
          ? Object.entries(source)
          : [];
      for (const [key, value] of entries) {
        checkKey(interpreter, key, property);
        writeMember(interpreter, result, key, value, property);
      }
      continue;
    }
    interpreter.step(property);
    const key = property.computed
      ? await memberKey(interpreter, { ...property, property: property.key }, scope)
      : property.key.type === "Identifier"
        ? property.key.name
        : String(property.key.value);
    const value = await interpreter.evaluate(property.value, scope);
    writeMember(interpreter, result, key, value, property);
  }
  return result;
}

async function template(interpreter: Interpreter, node: Node, scope: Scope): Promise<string> {
  let text = node.quasis[0].value.cooked ?? "";
  for (let index = 0; index < node.expressions.length; index++) {
    const value = await interpreter.evaluate(node.expressions[index], scope);
    const next = node.quasis[index + 1].value.cooked ?? "";
    text = concatenate(interpreter, [text, value, next], node);
  }
  return text;
}

/** Every evaluator, by node type. */
export const EVALUATORS: Readonly<Record<string, Evaluator>> = Object.freeze({
  Program: insideOnly("run"),
  ExpressionStatement: (interpreter, node, scope) => interpreter.evaluate(node.expression, scope),
  VariableDeclaration: async (interpreter, node, scope) => {
    for (const declarator of node.declarations) {
      const value = declarator.init
        ? await interpreter.evaluate(declarator.init, scope)
        : undefined;
      await bindPattern(
        interpreter,
        declarator.id,
        value,
        scope,
        node.kind === "const" ? "const" : "let",
      );
    }
  },
  VariableDeclarator: insideOnly("a declaration"),
  IfStatement: async (interpreter, node, scope) => {
    if (truthy(await interpreter.evaluate(node.test, scope)))
      await runBody(interpreter, node.consequent, scope);
    else if (node.alternate) await runBody(interpreter, node.alternate, scope);
  },
  ForOfStatement: forOf,
  BlockStatement: (interpreter, node, scope) => runBody(interpreter, node, scope),
  BreakStatement: () => {
    throw BREAK;
  },
  ContinueStatement: () => {
    throw CONTINUE;
  },
  EmptyStatement: () => undefined,
  Identifier: (interpreter, node, scope) => lookupName(interpreter, node, scope),
  Literal: (interpreter, node) => {
    if (node.regex) return createRegex(interpreter, node.regex.pattern, node.regex.flags, node);
    if (typeof node.value === "bigint")
      throw interpreter.fault("runtime_error", "BigInt literals are not part of lackpy.", node);
    return node.value;
  },
  TemplateLiteral: template,
  TemplateElement: insideOnly("a template literal"),
  ArrayExpression: arrayExpression,
  ObjectExpression: objectExpression,
  Property: insideOnly("an object literal"),
  SpreadElement: insideOnly("an array, object or call"),
  MemberExpression: member,
  ChainExpression: async (interpreter, node, scope) => {
    try {
      return await interpreter.evaluate(node.expression, scope);
    } catch (signal) {
      if (signal === SHORT_CIRCUIT) return undefined;
      throw signal;
    }
  },
  CallExpression: callExpression,
  ConditionalExpression: async (interpreter, node, scope) =>
    interpreter.evaluate(
      truthy(await interpreter.evaluate(node.test, scope)) ? node.consequent : node.alternate,
      scope,
    ),
  LogicalExpression: async (interpreter, node, scope) => {
    const left = await interpreter.evaluate(node.left, scope);
    if (node.operator === "&&")
      return truthy(left) ? interpreter.evaluate(node.right, scope) : left;
    if (node.operator === "||")
      return truthy(left) ? left : interpreter.evaluate(node.right, scope);
    return left !== null && left !== undefined ? left : interpreter.evaluate(node.right, scope);
  },
  BinaryExpression: async (interpreter, node, scope) => {
    const left = await interpreter.evaluate(node.left, scope);
    const right = await interpreter.evaluate(node.right, scope);
    return node.operator === "+"
      ? add(interpreter, left, right, node)
      : binary(interpreter, node.operator, left, right, node);
  },
  UnaryExpression: async (interpreter, node, scope) => {
    if (node.operator === "typeof" && node.argument.type === "Identifier")
      return typeOf(lookupName(interpreter, node.argument, scope, true));
    const value = await interpreter.evaluate(node.argument, scope);
    switch (node.operator) {
      case "!":
        return !truthy(value);
      case "-":
        return -toNumber(value);
      case "+":
        return toNumber(value);
      case "typeof":
        return typeOf(value);
    }
    throw interpreter.fault(
      "runtime_error",
      `The operator '${node.operator}' is not allowed.`,
      node,
    );
  },
  UpdateExpression: update,
  AssignmentExpression: assign,
  AwaitExpression: (interpreter, node, scope) => interpreter.evaluate(node.argument, scope),
  ArrowFunctionExpression: (_interpreter, node, scope) => new Closure(node, scope),
  ArrayPattern: insideOnly("a declaration or assignment"),
  ObjectPattern: insideOnly("a declaration or assignment"),
  AssignmentPattern: insideOnly("a declaration or assignment"),
  RestElement: insideOnly("a declaration or assignment"),
});
