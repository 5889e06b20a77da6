import type { Node } from "./parse-program.js";
import type { Rule, RuleFunction } from "./rules.js";
import type { ParamSpec, ToolSpec, ValidationResult } from "./types.js";

/** What a program may reference besides the helpers and safe globals. */
export interface ValidateOptions {
  /** Kit tools, by the name the program calls (an alias when the kit maps one). Enables `bad_arity` and effects. */
  tools?: readonly ToolSpec[];
  /** Extra callable names (tools known by name only). */
  allowedNames?: readonly string[];
  /** Parameter names, or a map of name to value or ParamSpec. Parameters are read-only. */
  params?: readonly string[] | Readonly<Record<string, unknown>>;
  /** Extra rules: names like `max_calls:5`, Rule objects, or rule functions. */
  rules?: readonly (string | Rule | RuleFunction)[];
  /** `false` skips the validation cache (benchmarks). Programs with custom rule functions are never cached. */
  cache?: boolean;
}

/** A program that passed validation, with its (normalised) AST, ready for the interpreter. */
export interface ValidatedProgram {
  readonly kind: "lackpy.validated";
  readonly source: string;
  /** The acorn AST with block-bodied single-return arrows normalised to expression bodies. */
  readonly ast: Node;
  readonly validation: ValidationResult;
  /** Names the program may call by bare name, split by kind, and the names it assigns without declaring. */
  readonly names: {
    readonly tools: readonly string[];
    readonly params: readonly string[];
    /**
     * Cells: names assigned without a declaration, top-level variables of the whole program.
     * Before its first assignment runs, a cell has no value; it never falls back to a helper or
     * safe global of the same name.
     */
    readonly cells?: readonly string[];
  };
}

/** Parameter names from either form of `ValidateOptions.params`. */
export function paramNames(params: ValidateOptions["params"]): string[] {
  if (!params) return [];
  return Array.isArray(params) ? [...params] : Object.keys(params);
}

/** Re-exported for callers that type params. */
export type { ParamSpec };
