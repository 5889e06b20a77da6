/**
 * The lackpy language as data: the one source that the validator, the interpreter, the prompt
 * builder and the docs all read. Change the language here, and every consumer follows. The
 * tables live in files by concern; this one assembles them into `languageSpec()`.
 */
import { ALLOWED_NODE_TYPES, ALLOWED_OPERATORS } from "./allowed-syntax.js";
import {
  DEFAULT_LIMITS,
  LANGUAGE_VERSION,
  MAX_SOURCE_BYTES,
  MAX_SYNTAX_DEPTH,
} from "./default-limits.js";
import { COMMON_FORMS } from "./common-forms.js";
import { CONSTRUCTORS } from "./constructors.js";
import { FORBIDDEN_NAMES, FORBIDDEN_PROPERTIES } from "./forbidden-names.js";
import { HELPERS } from "./helper-builtins.js";
import type { LanguageSpec, NameRulesSpec } from "./language-spec-types.js";
import { METHOD_ALLOWLIST } from "./method-allowlist.js";
import { REJECTED_SYNTAX } from "./rejected-syntax.js";
import { ARGUMENT_TYPE_RULE } from "./argument-types.js";
import { SAFE_GLOBALS } from "./safe-globals.js";
import { SECRET_RULE } from "./secret-rule.js";

/** How program variables relate to predefined names: lookup order, shadowing and constants. */
export const NAME_RULES: NameRulesSpec = Object.freeze({
  lookupOrder: Object.freeze([
    "param",
    "tool",
    "helper",
    "safe_global_function",
    "safe_global_namespace",
    "safe_global_value",
    "constructor",
  ] as const),
  shadowable: Object.freeze(["helper", "safe_global_function", "safe_global_namespace"] as const),
  constant: Object.freeze(["param", "tool", "safe_global_value", "constructor"] as const),
  shadowing: Object.freeze([
    "A const or let declaration, a for...of variable or an arrow parameter may reuse the name of a helper or safe global (const items = ..., let sum = 0): it is a variable in its whole block, as in JavaScript.",
    "Assigning an undeclared name (cell style, count = 0) makes it a top-level variable of the whole program.",
    "Where the variable is in scope, the name is the variable: calling it is unknown_function, and passing it as a callback passes the variable.",
    "Parameters, kit tools and undefined, NaN and Infinity can never be declared or assigned (assign_to_constant).",
    "Set and Map can only be called with new (new Set(items), new Map(pairs)): they cannot be declared, assigned, called without new or used as values.",
  ]),
});

const SPEC: LanguageSpec = deepFreeze({
  version: LANGUAGE_VERSION,
  ecmaVersion: 2022 as const,
  allowedNodeTypes: ALLOWED_NODE_TYPES,
  operators: ALLOWED_OPERATORS,
  rejectedSyntax: REJECTED_SYNTAX,
  names: NAME_RULES,
  forbiddenNames: FORBIDDEN_NAMES,
  forbiddenProperties: FORBIDDEN_PROPERTIES,
  forbiddenPropertyPrefix: "__",
  readOnlyProperties: Object.freeze(["length"]),
  helpers: HELPERS,
  safeGlobals: SAFE_GLOBALS,
  constructors: CONSTRUCTORS,
  commonForms: COMMON_FORMS,
  methods: METHOD_ALLOWLIST,
  limits: DEFAULT_LIMITS,
  maxSourceBytes: MAX_SOURCE_BYTES,
  maxDepth: MAX_SYNTAX_DEPTH,
  secrets: SECRET_RULE,
  argumentTypes: ARGUMENT_TYPE_RULE,
});

/** Returns the whole language as a frozen value. */
export function languageSpec(): LanguageSpec {
  return SPEC;
}

/** Freezes a value and everything it holds, including children of already frozen tables. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  Object.freeze(value);
  for (const child of Object.values(value))
    if (child !== null && typeof child === "object") deepFreeze(child);
  return value;
}
