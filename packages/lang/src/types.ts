/** The type of one argument of a tool, as shown in prompts and mapped to JSON Schema. */
export interface ArgSpec {
  /** Argument name as the program sees it in docs and prompts. */
  name: string;
  /** Type name: `string`, `number`, `boolean`, `array`, `object`, `any`, or a list like `string[]`. */
  type: string;
  /** One line for prompts and docs. */
  description?: string;
  /** An optional argument may be left out at the end of a call. */
  optional?: boolean;
  /**
   * `read` or `write` when this argument is a workspace path the tool reads or writes. A `write`
   * call that returns `false` wrote nothing, and its path is not listed in `filesModified`.
   */
  path?: "read" | "write";
}

/** An example of a tool in use, retrieved into prompts. */
export interface ToolExample {
  intent: string;
  code: string;
  tags?: string[];
}

/** Everything lackpy knows about one tool of a kit. */
export interface ToolSpec {
  name: string;
  provider?: string;
  providerConfig?: Record<string, unknown>;
  description?: string;
  args?: ArgSpec[];
  returns?: string;
  /** World coupling, 0 (pure) to 3 (scoped write). Missing counts as 3. */
  gradeW?: number;
  /** Effects ceiling, 0 to 3. Missing counts as 3. */
  effectsCeiling?: number;
  examples?: ToolExample[];
  /** Markdown docs path (relative to the docs root) or inline text. */
  docs?: string;
  /** The tool's errors are worth a retry by the model. */
  retriable?: boolean;
  /**
   * False when the tool must never get a secret parameter (`secret_access` instead), because
   * what it is given can come back to the program as data: a file's content or name, an echo,
   * an error. Missing counts as true (a tool that needs an API key gets it).
   */
  acceptsSecrets?: boolean;
}

/** A kit's grade: the element-wise maximum of its tools' world coupling and effects ceiling. */
export interface Grade {
  w: number;
  d: number;
}

/** A parameter as declared for a program: a bare value, or a value with metadata. */
export interface ParamSpec {
  value?: unknown;
  type?: string;
  description?: string;
  /**
   * A secret parameter is opaque: the program may only pass it (or a field of it) directly as a
   * kit-tool argument; its value is never shown in prompts, results, traces or errors.
   */
  secret?: boolean;
}

/** Every code a validation error can carry (language spec section 5). */
export type ValidationErrorCode =
  | "parse_error"
  | "program_too_large"
  | "too_deep"
  | "forbidden_syntax"
  | "forbidden_name"
  | "forbidden_property"
  | "unknown_function"
  | "arrow_position"
  | "await_position"
  | "bad_arity"
  | "bad_argument_type"
  | "assign_to_constant"
  | "unknown_name"
  | "callable_as_value"
  | "rule_violation"
  | "asi_hazard"
  | "secret_access";

/** One problem found in a program, with a position and a fix a small model can act on. */
export interface ValidationError {
  readonly code: ValidationErrorCode;
  readonly message: string;
  /** From 1. */
  readonly line: number;
  /** From 1, in UTF-16 units (the first character of a line is column 1). */
  readonly column: number;
  readonly hint?: string;
}

/** What a program may do: the kit tools it can call, with their grades. */
export interface EffectSummary {
  readonly tools: readonly {
    readonly name: string;
    readonly gradeW: number;
    readonly effectsCeiling: number;
  }[];
  readonly grade: Readonly<Grade>;
}

/** The outcome of `validate`: deeply frozen, and shared between callers when it comes from the cache. */
export interface ValidationResult {
  readonly valid: boolean;
  readonly errors: readonly ValidationError[];
  /** Bare-name calls in source order, duplicates kept. */
  readonly calls: readonly string[];
  /** Top-level bindings the program creates, in order of first appearance. */
  readonly variables: readonly string[];
  readonly effects: EffectSummary;
}
