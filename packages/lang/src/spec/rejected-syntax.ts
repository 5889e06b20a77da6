import type { RejectedSyntaxSpec } from "./language-spec-types.js";

/**
 * Constructs that are rejected, in words, with the fix a model should apply. `ReturnStatement`
 * and `NewExpression` are on the allowlist in one position or form; their entries here state
 * what stays refused, and the walk reports them with these words.
 */
export const REJECTED_SYNTAX: readonly RejectedSyntaxSpec[] = Object.freeze([
  {
    nodeType: "FunctionDeclaration",
    construct: "a function declaration",
    hint: "write the steps inline, or pass an arrow function directly to a helper such as sorted(xs, x => x.size)",
  },
  {
    nodeType: "FunctionExpression",
    construct: "a function expression",
    hint: "pass an arrow function directly to a helper or method, e.g. xs.map(x => x.name)",
  },
  {
    nodeType: "ClassDeclaration",
    construct: "a class declaration",
    hint: "use plain objects: { name: value }",
  },
  {
    nodeType: "ClassExpression",
    construct: "a class expression",
    hint: "use plain objects: { name: value }",
  },
  {
    nodeType: "WhileStatement",
    construct: "a while loop",
    hint: "use for (const x of items), for (const i of range(n)) or for (let i = 0; i < n; i++)",
  },
  {
    nodeType: "DoWhileStatement",
    construct: "a do-while loop",
    hint: "use for (const x of items), for (const i of range(n)) or for (let i = 0; i < n; i++)",
  },
  {
    nodeType: "ForInStatement",
    construct: "a for-in loop",
    hint: "use for (const [k, v] of Object.entries(obj)) or for (const k of keys(obj))",
  },
  { nodeType: "SwitchStatement", construct: "a switch statement", hint: "use if / else if" },
  {
    nodeType: "TryStatement",
    construct: "a try statement",
    hint: "tool errors stop the program and are reported; remove try/catch",
  },
  {
    nodeType: "ThrowStatement",
    construct: "a throw statement",
    hint: "end the program with an expression that describes the problem instead",
  },
  {
    // Allowed inside a block-bodied arrow; this is the rule for anywhere else.
    nodeType: "ReturnStatement",
    construct: "a return statement outside an arrow function",
    hint: "end the program with the value as a bare expression instead of return",
  },
  {
    nodeType: "ImportDeclaration",
    construct: "an import declaration",
    hint: "tools are already in scope: call them by name, e.g. read_file(path)",
  },
  {
    nodeType: "ExportNamedDeclaration",
    construct: "an export declaration",
    hint: "end the program with the value as a bare expression",
  },
  {
    nodeType: "ExportDefaultDeclaration",
    construct: "an export declaration",
    hint: "end the program with the value as a bare expression",
  },
  {
    nodeType: "ExportAllDeclaration",
    construct: "an export declaration",
    hint: "end the program with the value as a bare expression",
  },
  {
    nodeType: "ImportExpression",
    construct: "a dynamic import()",
    hint: "tools are already in scope: call them by name, e.g. read_file(path)",
  },
  {
    // `new Set(…)` and `new Map(…)` are allowed; this is the rule for anything else.
    nodeType: "NewExpression",
    construct: "new of anything but Set and Map",
    hint: "only new Set(items) and new Map(pairs) exist; for other values use literals, helpers such as dict(pairs) and list(x), or a kit tool",
  },
  { nodeType: "ThisExpression", construct: "this", hint: "use a variable" },
  { nodeType: "Super", construct: "super", hint: "use plain objects and functions from the kit" },
  { nodeType: "WithStatement", construct: "a with statement", hint: "use a variable" },
  {
    nodeType: "LabeledStatement",
    construct: "a label",
    hint: "use break or continue without a label",
  },
  { nodeType: "DebuggerStatement", construct: "debugger", hint: "remove it" },
  {
    nodeType: "SequenceExpression",
    construct: "a comma (sequence) expression",
    hint: "write one statement per line",
  },
  {
    nodeType: "TaggedTemplateExpression",
    construct: "a tagged template",
    hint: "use a plain template string `...${x}...`",
  },
  { nodeType: "YieldExpression", construct: "yield", hint: "collect values in an array instead" },
  { nodeType: "MetaProperty", construct: "new.target or import.meta", hint: "remove it" },
  { nodeType: "ClassBody", construct: "a class", hint: "use plain objects" },
  { nodeType: "MethodDefinition", construct: "a method definition", hint: "use plain objects" },
  { nodeType: "PropertyDefinition", construct: "a class field", hint: "use plain objects" },
  { nodeType: "StaticBlock", construct: "a static block", hint: "use plain objects" },
  { nodeType: "PrivateIdentifier", construct: "a private name", hint: "use plain objects" },
  {
    // Grouping is allowed: parseProgram drops the parentheses, so only a syntax tree from a parser
    // that keeps them (acorn's preserveParens) has this node.
    nodeType: "ParenthesizedExpression",
    construct: "a ParenthesizedExpression node (grouping such as (a + b) * c is allowed)",
    hint: "parse the source with parseProgram, which keeps grouping in the tree's shape and drops the node",
  },
]);
