/**
 * Classes compiled to ES5 by Babel or TypeScript, read from their structure: a closure that
 * declares the constructor, builds its prototype and returns it
 * (`var X = /*#__PURE__*\/function () { function X() {…} var _proto = X.prototype; … return X; }()`,
 * TypeScript's `var X = (function (_super) { __extends(X, _super); function X() {…} return X; }(Base))`),
 * Babel's `_createClass(function X() {…}, …)`, and a constructor function whose prototype the
 * module builds (`function X() {}` with `X.prototype.m = …`). Each is a class definition.
 */
import { childrenOf, isNode, nameOf, type SyntaxNode } from "./parse-module.js";

/** The helpers Babel, TypeScript and Node use to build a class: the class is their first argument. */
const CLASS_HELPERS = new Set([
  "_createClass",
  "_inherits",
  "_inheritsLoose",
  "__extends",
  "inherits",
]);

/** Babel's check that a constructor is called with `new`: `_classCallCheck(this, X)`. */
const CALL_CHECK = "_classCallCheck";

/** `node` without the parentheses (and TypeScript's casts) around it. */
function unwrapped(node: unknown): SyntaxNode | null {
  if (!isNode(node)) return null;
  return node.type === "ParenthesizedExpression" || node.type === "TSAsExpression"
    ? unwrapped(node.expression)
    : node;
}

/** The name of `X.prototype`'s `X`, or null for any other node. */
function prototypeOf(node: unknown): string | null {
  const member = unwrapped(node);
  if (!member || member.type !== "MemberExpression" || member.computed === true) return null;
  if (nameOf(member.property) !== "prototype") return null;
  const object = unwrapped(member.object);
  return object?.type === "Identifier" ? (object.name as string) : null;
}

/** `X.prototype`, or the `X.prototype` a member chain starts from (`X.prototype.m`). */
function prototypeBelow(node: unknown): string | null {
  let current = unwrapped(node);
  while (current) {
    const name = prototypeOf(current);
    if (name !== null) return name;
    current = current.type === "MemberExpression" ? unwrapped(current.object) : null;
  }
  return null;
}

/** The name a call's callee ends with: `f(…)` and `util.f(…)` are both `f`. */
function calleeName(call: SyntaxNode): string | null {
  const callee = unwrapped(call.callee);
  if (!callee) return null;
  if (callee.type === "Identifier") return callee.name as string;
  return callee.type === "MemberExpression" && callee.computed !== true
    ? nameOf(callee.property)
    : null;
}

/**
 * The names `root` builds as classes the ES5 way: its prototype assigned to or through
 * (`X.prototype.m = …`, `X.prototype = …`), held (`var _proto = X.prototype`) or handed to a
 * call (`Object.defineProperty(X.prototype, …)`); passed to a class helper (`_createClass(X, …)`,
 * `__extends(X, _super)`, `util.inherits(X, Base)`); or checked by `_classCallCheck(this, X)`.
 * Reading `X.prototype.m` (`Array.prototype.slice.call`) builds nothing.
 */
export function prototypeBuiltNames(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  const add = (name: string | null) => {
    if (name !== null) names.add(name);
  };
  const visit = (node: SyntaxNode) => {
    if (node.type === "AssignmentExpression") add(prototypeBelow(node.left));
    else if (node.type === "VariableDeclarator") add(prototypeOf(node.init));
    else if (node.type === "CallExpression") {
      const args = (node.arguments as SyntaxNode[] | undefined) ?? [];
      for (const argument of args) add(prototypeOf(argument));
      const helper = calleeName(node);
      const built =
        helper === CALL_CHECK ? args[1] : helper && CLASS_HELPERS.has(helper) ? args[0] : null;
      const target = unwrapped(built);
      if (target?.type === "Identifier") add(target.name as string);
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(root);
  return names;
}

/**
 * The constructor of a class compiled to ES5 that `value` is, or null: a closure called at once
 * whose body declares `function X`, returns `X` last and builds `X` as a class
 * (`prototypeBuiltNames`), or Babel's `_createClass(function X() {…})`. A closure that returns
 * a plain function (a memoised helper) is not a class.
 */
export function downLevelledClass(value: unknown): SyntaxNode | null {
  const call = unwrapped(value);
  if (!call || call.type !== "CallExpression") return null;
  if (calleeName(call) === "_createClass") {
    const first = unwrapped((call.arguments as SyntaxNode[] | undefined)?.[0]);
    return first?.type === "FunctionExpression" ? first : null;
  }
  const callee = unwrapped(call.callee);
  if (!callee || !["FunctionExpression", "ArrowFunctionExpression"].includes(callee.type))
    return null;
  const body = unwrapped(callee.body);
  if (!body || body.type !== "BlockStatement") return null;
  const statements = (body.body as SyntaxNode[] | undefined) ?? [];
  const last = statements.at(-1);
  const returned = last?.type === "ReturnStatement" ? unwrapped(last.argument) : null;
  if (returned?.type !== "Identifier") return null;
  const name = returned.name as string;
  const constructor = statements.find(
    (statement) => statement.type === "FunctionDeclaration" && nameOf(statement.id) === name,
  );
  return constructor && prototypeBuiltNames(body).has(name) ? constructor : null;
}
