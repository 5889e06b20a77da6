/**
 * The lackpy language as data: the one source that the validator, the interpreter, the prompt
 * builder and the docs all read. Change the language here, and every consumer follows.
 */
import { SECRET_RULE, type SecretRuleSpec } from "./secret-rule.js";

/** A helper builtin: Python-named functions every program can call by bare name. */
export interface HelperSpec {
  name: string;
  signature: string;
  description: string;
}

/** A member of a safe global facade such as `Math.max` or `JSON.parse`. */
export interface GlobalMemberSpec {
  name: string;
  /** `function` members are called; `value` members (like `Math.PI`) are read. */
  kind: "function" | "value";
  signature?: string;
  description?: string;
}

/** A safe global: a frozen facade over a host object, never the host object itself. */
export interface SafeGlobalSpec {
  name: string;
  /** `namespace` has members (`Math`), `function` is called (`String(x)`), `value` is read (`NaN`). */
  kind: "namespace" | "function" | "value";
  description: string;
  members?: GlobalMemberSpec[];
}

/** The receiver types that have a method allowlist. */
export type MethodReceiverType = "string" | "array" | "number" | "regex" | "set" | "map";

/** One kind of rejected construct with the code and the fix we report for it. */
export interface RejectedSyntaxSpec {
  nodeType: string;
  construct: string;
  hint: string;
}

/** Runtime limit defaults (language spec section 6). */
export interface LimitDefaults {
  maxSteps: number;
  timeoutMs: number;
  toolTimeoutMs: number;
  maxToolCalls: number;
  maxSize: number;
  maxOutputBytes: number;
  memoryMb: number;
}

/** The whole language as a value. */
export interface LanguageSpec {
  version: string;
  ecmaVersion: 2022;
  allowedNodeTypes: readonly string[];
  operators: {
    binary: readonly string[];
    logical: readonly string[];
    unary: readonly string[];
    update: readonly string[];
    assignment: readonly string[];
  };
  rejectedSyntax: readonly RejectedSyntaxSpec[];
  forbiddenNames: readonly string[];
  forbiddenProperties: readonly string[];
  forbiddenPropertyPrefix: string;
  readOnlyProperties: readonly string[];
  helpers: readonly HelperSpec[];
  safeGlobals: readonly SafeGlobalSpec[];
  methods: Readonly<Record<MethodReceiverType, readonly string[]>>;
  limits: LimitDefaults;
  maxSourceBytes: number;
  maxDepth: number;
  /** Secret parameters: what a program may do with one (only pass it to a kit tool). */
  secrets: SecretRuleSpec;
}

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

/** Constructs that are rejected, in words, with the fix a model should apply. */
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
    hint: "use for (const x of items) or for (const i of range(n))",
  },
  {
    nodeType: "DoWhileStatement",
    construct: "a do-while loop",
    hint: "use for (const x of items) or for (const i of range(n))",
  },
  {
    nodeType: "ForStatement",
    construct: "a C-style for loop",
    hint: "use for (const i of range(n)) or for (const x of items)",
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
    nodeType: "ReturnStatement",
    construct: "a return statement",
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
    nodeType: "NewExpression",
    construct: "new",
    hint: "use helpers instead: set(xs), dict(pairs), list(x)",
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
  { nodeType: "ParenthesizedExpression", construct: "parentheses", hint: "remove them" },
]);

/** Names that may not appear anywhere in name position: host access and reflection. */
export const FORBIDDEN_NAMES = Object.freeze([
  "eval",
  "Function",
  "globalThis",
  "global",
  "window",
  "self",
  "process",
  "require",
  "module",
  "exports",
  "Reflect",
  "Proxy",
  "Symbol",
  "WeakRef",
  "FinalizationRegistry",
  "SharedArrayBuffer",
  "Atomics",
  "WebAssembly",
  "Buffer",
  "setTimeout",
  "setInterval",
  "setImmediate",
  "queueMicrotask",
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "Worker",
  "Deno",
  "Bun",
  "arguments",
  "constructor",
  "__proto__",
  "prototype",
]);

/** Member and key names that are never readable or writable (besides the `__` prefix). */
export const FORBIDDEN_PROPERTIES = Object.freeze([
  "constructor",
  "__proto__",
  "prototype",
  "caller",
  "callee",
  "arguments",
]);

/** Helper builtins, in the order the docs and prompts list them. */
export const HELPERS: readonly HelperSpec[] = Object.freeze([
  {
    name: "len",
    signature: "len(x)",
    description: "Length of a string, array, set or map, or the key count of a plain object.",
  },
  {
    name: "range",
    signature: "range(stop) | range(start, stop, step?)",
    description: "Lazy sequence of numbers from start (default 0) up to, not including, stop.",
  },
  {
    name: "sorted",
    signature: "sorted(xs, key?, reverse?)",
    description:
      "New sorted array; key is a field name or a function (null sorts by the values); stable.",
  },
  {
    name: "reversed",
    signature: "reversed(xs)",
    description: "New array (or string) in reverse order.",
  },
  {
    name: "enumerate",
    signature: "enumerate(xs, start?)",
    description: "Array of [index, item] pairs.",
  },
  {
    name: "zip",
    signature: "zip(...arrays)",
    description: "Array of tuples, as long as the shortest input.",
  },
  {
    name: "min",
    signature: "min(xs) | min(a, b, ...)",
    description: "Smallest of an array or of the arguments.",
  },
  {
    name: "max",
    signature: "max(xs) | max(a, b, ...)",
    description: "Largest of an array or of the arguments.",
  },
  { name: "sum", signature: "sum(xs, start?)", description: "Sum of the numbers in xs." },
  { name: "any", signature: "any(xs)", description: "true when at least one item is truthy." },
  { name: "all", signature: "all(xs)", description: "true when every item is truthy." },
  { name: "abs", signature: "abs(x)", description: "Absolute value." },
  {
    name: "round",
    signature: "round(x, digits?)",
    description: "Round half to even, like Python: round(2.5) === 2.",
  },
  {
    name: "str",
    signature: "str(x)",
    description: "String(x) for primitives, JSON for arrays and objects.",
  },
  {
    name: "int",
    signature: "int(x)",
    description:
      "Integer from a number (truncated) or a decimal string; an error for anything else.",
  },
  {
    name: "float",
    signature: "float(x)",
    description: "Number from a number or a numeric string; an error for anything else.",
  },
  { name: "bool", signature: "bool(x)", description: "JavaScript truthiness of x." },
  {
    name: "list",
    signature: "list(x)",
    description: "Array from a string, array, set, map, range or an object's keys.",
  },
  {
    name: "dict",
    signature: "dict(pairs?)",
    description: "Plain object from [key, value] pairs, a map or an object.",
  },
  { name: "set", signature: "set(xs?)", description: "A new Set of the items." },
  { name: "keys", signature: "keys(obj)", description: "Keys of a plain object or map." },
  { name: "values", signature: "values(obj)", description: "Values of a plain object or map." },
  {
    name: "items",
    signature: "items(obj)",
    description: "[key, value] pairs of a plain object or map.",
  },
  {
    name: "has",
    signature: "has(container, key)",
    description: "Own key for objects and maps, membership for arrays, strings and sets.",
  },
  {
    name: "unique",
    signature: "unique(xs)",
    description: "Items without duplicates, first occurrences kept in order.",
  },
  { name: "count", signature: "count(xs, value)", description: "How many items are === value." },
  {
    name: "print",
    signature: "print(...args)",
    description: "Appends the arguments, joined by one space, as a line to stdout.",
  },
  {
    name: "sort_by",
    signature: "sort_by(items, field, reverse?)",
    description: "New array of objects sorted by a field; stable.",
  },
]);

const fn = (name: string, signature: string, description?: string): GlobalMemberSpec => ({
  name,
  kind: "function",
  signature,
  description,
});
const value = (name: string): GlobalMemberSpec => ({ name, kind: "value" });

/** Safe global facades: only the listed members exist. */
export const SAFE_GLOBALS: readonly SafeGlobalSpec[] = Object.freeze([
  {
    name: "Math",
    kind: "namespace",
    description: "Math functions and constants.",
    members: [
      ...[
        "abs",
        "ceil",
        "floor",
        "round",
        "trunc",
        "sign",
        "sqrt",
        "cbrt",
        "exp",
        "log",
        "log2",
        "log10",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "atan2",
        "hypot",
        "pow",
      ].map((name) => fn(name, `Math.${name}(...)`)),
      fn("max", "Math.max(...numbers)"),
      fn("min", "Math.min(...numbers)"),
      ...["PI", "E", "LN2", "LN10", "LOG2E", "LOG10E", "SQRT2", "SQRT1_2"].map(value),
    ],
  },
  {
    name: "JSON",
    kind: "namespace",
    description: "JSON parsing and printing; parse refuses forbidden keys.",
    members: [
      fn("parse", "JSON.parse(text)"),
      fn("stringify", "JSON.stringify(value, null?, indent?)"),
    ],
  },
  {
    name: "Object",
    kind: "namespace",
    description: "Object helpers for plain objects.",
    members: [
      fn("keys", "Object.keys(obj)"),
      fn("values", "Object.values(obj)"),
      fn("entries", "Object.entries(obj)"),
      fn("fromEntries", "Object.fromEntries(pairs)"),
      fn(
        "assign",
        "Object.assign(target, ...sources)",
        "Copies keys onto a program-created object.",
      ),
    ],
  },
  {
    name: "Array",
    kind: "namespace",
    description: "Array helpers.",
    members: [
      fn("isArray", "Array.isArray(x)"),
      fn("from", "Array.from(iterable | {length}, fn?)"),
    ],
  },
  {
    name: "Number",
    kind: "namespace",
    description: "Number helpers.",
    members: [
      fn("isInteger", "Number.isInteger(x)"),
      fn("isFinite", "Number.isFinite(x)"),
      fn("isNaN", "Number.isNaN(x)"),
      fn("parseInt", "Number.parseInt(text, radix?)"),
      fn("parseFloat", "Number.parseFloat(text)"),
      value("MAX_SAFE_INTEGER"),
      value("MIN_SAFE_INTEGER"),
      value("EPSILON"),
    ],
  },
  { name: "String", kind: "function", description: "String(x): x as a string." },
  { name: "Boolean", kind: "function", description: "Boolean(x): truthiness of x." },
  { name: "parseInt", kind: "function", description: "parseInt(text, radix?)." },
  { name: "parseFloat", kind: "function", description: "parseFloat(text)." },
  { name: "isNaN", kind: "function", description: "isNaN(x)." },
  {
    name: "Promise",
    kind: "namespace",
    description:
      "Promise.all / allSettled over already-awaited values (tool calls are awaited for you).",
    members: [fn("all", "Promise.all(values)"), fn("allSettled", "Promise.allSettled(values)")],
  },
  { name: "undefined", kind: "value", description: "undefined." },
  { name: "NaN", kind: "value", description: "Not a number." },
  { name: "Infinity", kind: "value", description: "Infinity." },
]);

/** Methods a program may call, by the receiver's actual type at run time. */
export const METHOD_ALLOWLIST: Readonly<Record<MethodReceiverType, readonly string[]>> =
  Object.freeze({
    string: Object.freeze([
      "split",
      "trim",
      "trimStart",
      "trimEnd",
      "startsWith",
      "endsWith",
      "includes",
      "indexOf",
      "lastIndexOf",
      "slice",
      "substring",
      "toLowerCase",
      "toUpperCase",
      "replace",
      "replaceAll",
      "padStart",
      "padEnd",
      "repeat",
      "at",
      "charAt",
      "match",
      "matchAll",
      "search",
      "localeCompare",
      "concat",
      "normalize",
    ]),
    array: Object.freeze([
      "map",
      "filter",
      "find",
      "findIndex",
      "findLast",
      "findLastIndex",
      "some",
      "every",
      "reduce",
      "flatMap",
      "flat",
      "includes",
      "indexOf",
      "lastIndexOf",
      "join",
      "slice",
      "concat",
      "at",
      "push",
      "pop",
      "shift",
      "unshift",
      "sort",
      "reverse",
      "toSorted",
      "toReversed",
      "forEach",
      "keys",
      "values",
      "entries",
    ]),
    number: Object.freeze(["toFixed", "toPrecision", "toString"]),
    regex: Object.freeze(["test", "exec"]),
    set: Object.freeze(["has", "add", "delete", "size"]),
    map: Object.freeze(["has", "get", "set", "delete", "size"]),
  });

/** Runtime limit defaults (language spec section 6). */
export const DEFAULT_LIMITS: Readonly<LimitDefaults> = Object.freeze({
  maxSteps: 1_000_000,
  timeoutMs: 5_000,
  toolTimeoutMs: 30_000,
  maxToolCalls: 1_000,
  maxSize: 10_000_000,
  maxOutputBytes: 1_048_576,
  memoryMb: 256,
});

/** Largest program source accepted, in bytes (checked before parsing). */
export const MAX_SOURCE_BYTES = 1_048_576;

/** Deepest syntax nesting accepted. */
export const MAX_SYNTAX_DEPTH = 256;

/** The version of the language described here. */
export const LANGUAGE_VERSION = "1.0";

/** Returns the whole language as a frozen value. */
export function languageSpec(): LanguageSpec {
  return SPEC;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  } else if (value !== null && typeof value === "object") {
    for (const child of Object.values(value)) if (!Object.isFrozen(child)) deepFreeze(child);
  }
  return value;
}

const SPEC: LanguageSpec = deepFreeze({
  version: LANGUAGE_VERSION,
  ecmaVersion: 2022 as const,
  allowedNodeTypes: ALLOWED_NODE_TYPES,
  operators: ALLOWED_OPERATORS,
  rejectedSyntax: REJECTED_SYNTAX,
  forbiddenNames: FORBIDDEN_NAMES,
  forbiddenProperties: FORBIDDEN_PROPERTIES,
  forbiddenPropertyPrefix: "__",
  readOnlyProperties: Object.freeze(["length"]),
  helpers: HELPERS,
  safeGlobals: SAFE_GLOBALS,
  methods: METHOD_ALLOWLIST,
  limits: DEFAULT_LIMITS,
  maxSourceBytes: MAX_SOURCE_BYTES,
  maxDepth: MAX_SYNTAX_DEPTH,
  secrets: SECRET_RULE,
});
