/** The syntax allowlist of language.md §2: node types and operators. */

/**
 * ESTree node types a program may contain; anything else is `forbidden_syntax`. Some are allowed
 * only in a position or form the walk checks: `ReturnStatement` inside a block-bodied arrow,
 * `NewExpression` as `new Set(…)` or `new Map(…)`, `ForStatement` with a `let` or an assignment
 * as its first part.
 */
export const ALLOWED_NODE_TYPES = Object.freeze([
  "Program",
  "ExpressionStatement",
  "VariableDeclaration",
  "VariableDeclarator",
  "IfStatement",
  "ForOfStatement",
  "ForStatement",
  "BlockStatement",
  "BreakStatement",
  "ContinueStatement",
  "ReturnStatement",
  "EmptyStatement",
  "Identifier",
  "Literal",
  "TemplateLiteral",
  "TemplateElement",
  "ArrayExpression",
  "ObjectExpression",
  "Property",
  "SpreadElement",
  "MemberExpression",
  "ChainExpression",
  "CallExpression",
  "ConditionalExpression",
  "LogicalExpression",
  "BinaryExpression",
  "UnaryExpression",
  "UpdateExpression",
  "AssignmentExpression",
  "AwaitExpression",
  "ArrowFunctionExpression",
  "NewExpression",
  "ArrayPattern",
  "ObjectPattern",
  "AssignmentPattern",
  "RestElement",
] as const);

/** Operators allowed in each operator-bearing node type. */
export const ALLOWED_OPERATORS = Object.freeze({
  binary: Object.freeze(["+", "-", "*", "/", "%", "==", "!=", "===", "!==", "<", "<=", ">", ">="]),
  logical: Object.freeze(["&&", "||", "??"]),
  unary: Object.freeze(["!", "-", "+", "typeof"]),
  update: Object.freeze(["++", "--"]),
  assignment: Object.freeze(["=", "+=", "-=", "*=", "/=", "%=", "??=", "||=", "&&="]),
});
