/** The types of the language spec data (`languageSpec()`). */
import type { ArgumentTypeRuleSpec } from "./argument-types.js";
import type { SecretRuleSpec } from "./secret-rule.js";

/** A helper builtin: Python-named functions every program can call by bare name. */
export interface HelperSpec {
  name: string;
  signature: string;
  description: string;
  /** What the signature alone leaves open, in a few words: summaries and prompts show it after the signature. */
  note?: string;
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
  /** How to call it, for globals a program can call: every `function`, and namespaces such as `Number(x)`. */
  signature?: string;
  members?: GlobalMemberSpec[];
}

/** The kinds of predefined names, as the name rules of the spec refer to them. */
export type PredefinedNameKind =
  | "param"
  | "tool"
  | "helper"
  | "safe_global_function"
  | "safe_global_namespace"
  | "safe_global_value"
  | "constructor";

/** How program variables relate to the predefined names (language.md §3 and §5). */
export interface NameRulesSpec {
  /** Where a bare name is looked up, in order, after the program's own variables. */
  lookupOrder: readonly PredefinedNameKind[];
  /** Kinds a declaration, arrow parameter or cell assignment may shadow for the rest of its scope. */
  shadowable: readonly PredefinedNameKind[];
  /** Kinds that can never be declared or assigned (`assign_to_constant`). */
  constant: readonly PredefinedNameKind[];
  /** The scoping of shadowing, in sentences, for docs and prompts. */
  shadowing: readonly string[];
}

/** The receiver types that have a method allowlist. */
export type MethodReceiverType = "string" | "array" | "number" | "regex" | "set" | "map" | "range";

/** A constructor a program may call, only with `new`: `Set` and `Map`. */
export interface ConstructorSpec {
  name: string;
  /** How a program makes one, e.g. `new Set(iterable?)`. */
  signature: string;
  description: string;
  /** The receiver type of the values it makes, whose methods `methods` lists. */
  receiver: MethodReceiverType;
}

/** A construct models often write that stays refused, with the fix to state up front. */
export interface RefusedFormSpec {
  construct: string;
  hint: string;
  /** What to write instead, in a few words, for descriptions with little room (tool descriptions). */
  instead: string;
}

/**
 * What capable models write by habit (language.md §2, "What models write"): forms that are
 * accepted, each as code that validates, and forms that stay refused, for prompts to state first.
 */
export interface CommonFormsSpec {
  accepted: readonly { code: string; note: string }[];
  refused: readonly RefusedFormSpec[];
}

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
  names: NameRulesSpec;
  forbiddenNames: readonly string[];
  forbiddenProperties: readonly string[];
  forbiddenPropertyPrefix: string;
  readOnlyProperties: readonly string[];
  helpers: readonly HelperSpec[];
  safeGlobals: readonly SafeGlobalSpec[];
  /** `Set` and `Map`: the only names a program may call with `new`. */
  constructors: readonly ConstructorSpec[];
  /** Forms models write by habit: which are accepted and which stay refused. */
  commonForms: CommonFormsSpec;
  methods: Readonly<Record<MethodReceiverType, readonly string[]>>;
  limits: LimitDefaults;
  maxSourceBytes: number;
  maxDepth: number;
  /** Secret parameters: what a program may do with one (only pass it to a kit tool). */
  secrets: SecretRuleSpec;
  /** Literal arguments of kit tools are checked against their declared types (`bad_argument_type`). */
  argumentTypes: ArgumentTypeRuleSpec;
}
