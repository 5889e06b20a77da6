/** The syntax allowlist of language.md §2: node types and operators. */

/** ESTree node types a program may contain; anything else is `forbidden_syntax`. */
export const ALLOWED_NODE_TYPES = Object.freeze([
  "Program",
  "ExpressionStatement",
  "VariableDeclaration",
  "VariableDeclarator",
  "IfStatement",
  "ForOfStatement",
  "BlockStatement",
  "BreakStatement",
  "ContinueStatement",
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
