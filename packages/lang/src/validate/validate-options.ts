import type { Node } from "../parse/parse-program.js";
import type { Rule, RuleFunction } from "../rules/rules.js";
import type { ParamSpec, ToolSpec, ValidationResult } from "../types.js";

/** What a program may reference besides the helpers and safe globals. */
export interface ValidateOptions {
  /** Kit tools, by the name the program calls (an alias when the kit maps one). Enables `bad_arity` and effects. */
  tools?: readonly ToolSpec[];
  /**
   * Tools the kit lacks, by name, with the kits that have them (`{ write_file: ["files"] }`): a
   * program that uses one is told which kit has it (`unknown_function` or `unknown_name`), with
   * `kitHint` as the hint.
   */
  otherKits?: Readonly<Record<string, readonly string[]>>;
  /** The hint for a tool of another kit, `{kit}` standing for the kit's name; `use kit "{kit}"` by default. */
  kitHint?: string;
  /** Extra callable names (tools known by name only). */
  allowedNames?: readonly string[];
  /**
   * Parameter names, or a map of name to value or ParamSpec. Parameters are read-only. A
   * ParamSpec with `secret: true` makes the parameter opaque: it may only be passed directly to
   * a kit tool (`secret_access` otherwise).
   */
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
    /** The parameters validated as secret (opaque: only direct kit-tool arguments). */
    readonly secretParams?: readonly string[];
  };
}

/** Parameter names from either form of `ValidateOptions.params`. */
export function paramNames(params: ValidateOptions["params"]): string[] {
  if (!params) return [];
  return Array.isArray(params) ? [...params] : Object.keys(params);
}

const PARAM_SPEC_KEYS = new Set(["value", "type", "description", "secret"]);

/** Names of the parameters given as a ParamSpec with `secret: true` (only the map form can mark one). */
export function secretParamNames(params: ValidateOptions["params"]): string[] {
  if (!params || Array.isArray(params)) return [];
  return Object.entries(params as Record<string, unknown>)
    .filter(([, spec]) => isSecretSpec(spec))
    .map(([name]) => name);
}

function isSecretSpec(spec: unknown): boolean {
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) return false;
  const prototype = Object.getPrototypeOf(spec);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const record = spec as Record<string, unknown>;
  return record.secret === true && Object.keys(record).every((key) => PARAM_SPEC_KEYS.has(key));
}

/** Re-exported for callers that type params. */
export type { ParamSpec };
