/**
 * The static rule for secret parameters (language.md §6): a secret is opaque, so the only place
 * its name may be read is as a direct argument of a kit-tool call, alone (`read_file(token)`) or
 * as the object of a member chain with static names (`login(creds.user, creds["key"])`). Any
 * other read (an operator, a method, a helper, a template literal, an alias, data, the output)
 * is `secret_access`, and so is an argument of a tool whose spec takes no secrets
 * (`acceptsSecrets: false`: what it is given can be read back). Parameter and tool names can never be redeclared (`assign_to_constant`),
 * so a name always means the same thing wherever it appears and no scope tracking is needed.
 * Binding positions (declarations, assignment targets) are skipped: the name checks report them.
 */
import type { Node } from "../parse/parse-program.js";
import {
  secretAccessHint,
  secretAccessMessage,
  secretRefusedHint,
  secretRefusedMessage,
} from "../spec/secret-rule.js";
import type { ValidationError } from "../types.js";
import { forEachChild } from "../parse/walk.js";
import { nodePosition } from "../parse/source-position.js";

/** What the secret check needs to know about a program's names. */
export interface SecretUseOptions {
  /** Names of the secret parameters. */
  secrets: ReadonlySet<string>;
  /** True when `name` is a kit tool of this program. */
  isTool: (name: string) => boolean;
  /** True when kit tool `name` takes no secret arguments (`ToolSpec.acceptsSecrets: false`). */
  refusesSecrets?: (name: string) => boolean;
  /** A kit tool that takes secrets, to name in hints (`login(token)`); null when the kit has none. */
  exampleTool?: string | null;
}

/** Reports every read of a secret parameter outside a direct kit-tool argument. */
export function checkSecretUse(program: Node, options: SecretUseOptions): ValidationError[] {
  const errors: ValidationError[] = [];
  if (options.secrets.size === 0) return errors;
  const report = (identifier: Node, parent: Node | null, refusingTool?: string): void => {
    const position = nodePosition(identifier) ?? { line: 1, column: 1 };
    const name = identifier.name as string;
    errors.push({
      code: "secret_access",
      message: refusingTool
        ? secretRefusedMessage(name, refusingTool)
        : secretAccessMessage(name, describeUse(identifier, parent)),
      line: position.line,
      column: position.column,
      hint: refusingTool
        ? secretRefusedHint(name, options.exampleTool)
        : secretAccessHint(name, options.exampleTool),
    });
  };

  const visit = (node: Node, parent: Node | null): void => {
    switch (node.type) {
      case "Identifier":
        if (options.secrets.has(node.name)) report(node, parent);
        return;
      case "MemberExpression":
        visit(node.object, node);
        if (node.computed) visit(node.property, node);
        return;
      case "Property":
        if (node.computed) visit(node.key, node);
        return visit(node.value, node);
      case "CallExpression":
        return call(node);
      case "VariableDeclarator":
        pattern(node.id);
        if (node.init) visit(node.init, node);
        return;
      case "AssignmentExpression":
        target(node.left);
        return visit(node.right, node);
      case "UpdateExpression":
        return target(node.argument);
      case "ForOfStatement":
        if (node.left.type === "VariableDeclaration") pattern(node.left.declarations[0].id);
        else target(node.left);
        visit(node.right, node);
        return visit(node.body, node);
      case "ArrowFunctionExpression":
        for (const parameter of node.params) pattern(parameter);
        return visit(node.body, node);
      default:
        forEachChild(node, (child) => visit(child, node));
    }
  };

  const call = (node: Node): void => {
    const callee = node.callee;
    const toTool = callee.type === "Identifier" && options.isTool(callee.name);
    if (!toTool) visit(callee, node);
    const refuses = toTool && options.refusesSecrets?.(callee.name) === true;
    for (const argument of node.arguments) {
      const root = toTool ? secretChain(argument, options.secrets) : null;
      if (!root) visit(argument, node);
      else if (refuses) report(root, node, callee.name);
    }
  };

  /** Visits what an assignment target reads: member objects and keys, default values. */
  const target = (node: Node): void => {
    if (node.type === "Identifier") return;
    if (node.type === "MemberExpression" || node.type === "ChainExpression")
      return visit(node, null);
    pattern(node);
  };

  const pattern = (node: Node | null): void => {
    if (!node || node.type === "Identifier") return;
    switch (node.type) {
      case "ObjectPattern":
        for (const property of node.properties) {
          if (property.type === "RestElement") pattern(property.argument);
          else {
            if (property.computed) visit(property.key, property);
            pattern(property.value);
          }
        }
        return;
      case "ArrayPattern":
        for (const element of node.elements) pattern(element);
        return;
      case "AssignmentPattern":
        pattern(node.left);
        return visit(node.right, node);
      case "RestElement":
        return pattern(node.argument);
      default:
        visit(node, null);
    }
  };

  visit(program, null);
  return errors;
}

/**
 * The secret name at the root of `name`, `name.field`, `name["key"]`, `name?.a.b`, where every
 * member name is static (an identifier or a literal): the forms a tool argument may take. Null
 * for any other argument.
 */
function secretChain(node: Node, secrets: ReadonlySet<string>): Node | null {
  let current = node.type === "ChainExpression" ? node.expression : node;
  while (current.type === "MemberExpression") {
    if (current.computed && !isStaticKey(current.property)) return null;
    current = current.object;
  }
  return current.type === "Identifier" && secrets.has(current.name) ? current : null;
}

function isStaticKey(node: Node): boolean {
  return (
    node.type === "Literal" || (node.type === "TemplateLiteral" && node.expressions.length === 0)
  );
}

/** A few words on what the program did with the secret, for the message. */
function describeUse(identifier: Node, parent: Node | null): string {
  if (!parent) return "used here";
  switch (parent.type) {
    case "MemberExpression":
      return parent.object === identifier
        ? "read (its characters, length, fields or methods) outside a kit-tool argument"
        : "used as a key";
    case "CallExpression":
      if (parent.callee === identifier) return "called";
      return parent.callee.type === "Identifier"
        ? `passed to ${parent.callee.name}, which is not a kit tool`
        : "passed to a method";
    case "BinaryExpression":
      return parent.operator === "+" ? "concatenated" : "compared or computed with";
    case "LogicalExpression":
    case "IfStatement":
    case "ConditionalExpression":
      return "tested for truth";
    case "UnaryExpression":
      return parent.operator === "typeof" ? "inspected with typeof" : "tested or converted";
    case "TemplateLiteral":
      return "put in a template literal";
    case "ArrayExpression":
    case "Property":
    case "SpreadElement":
      return "stored in an array or object";
    case "VariableDeclarator":
    case "AssignmentExpression":
    case "AssignmentPattern":
      return "copied into a variable";
    case "ForOfStatement":
      return "iterated";
    case "ForStatement":
      return "used in a for loop's head";
    case "NewExpression":
      return "put in a set or map";
    case "ReturnStatement":
      return "returned from an arrow function";
    case "ExpressionStatement":
      return "used as the output";
    case "ArrowFunctionExpression":
      return "returned from an arrow function";
    default:
      return "used as a value";
  }
}
