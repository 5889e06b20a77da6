/** Codes of the errors the builtin file tools throw. */
export type FileToolErrorCode =
  | "workspace_missing"
  | "invalid_path"
  | "path_outside_root"
  | "protected_path"
  | "closed_path"
  | "executable_file"
  | "not_found"
  | "is_directory"
  | "not_a_file"
  | "binary_file"
  | "too_large"
  | "permission_denied"
  | "read_only"
  | "not_a_folder"
  | "name_too_long"
  | "aborted"
  | "invalid_pattern"
  | "pattern_too_long"
  | "pattern_too_complex"
  | "too_many_results"
  | "invalid_argument"
  | "read_failed"
  | "write_failed"
  | "stale_change"
  | "not_a_module"
  | "exports_unknown";

/** The brand of a `ToolError`, shared by every copy of this package (`Symbol.for`). */
const TOOL_ERROR = Symbol.for("@lackpy/tool-error");

/**
 * An error a tool throws for the program. The message is written for a small model;
 * `retriable` is true when the same call with other arguments can succeed (the interpreter reads
 * it by duck typing: `error.retriable === true`), and `hint` says how. Recognise one with
 * `ToolError.is(error)`, which holds across copies of this package; `instanceof` does not.
 */
export class ToolError extends Error {
  /** A snake_case code; the builtin file tools use `FileToolErrorCode`, other tools their own. */
  readonly code: string;
  /** True when a retry with other arguments can succeed (a wrong path, a missing file). */
  readonly retriable: boolean;
  /** The fix, in words a small model can act on. */
  readonly hint?: string;

  constructor(
    code: string,
    message: string,
    options: { retriable?: boolean; hint?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolError";
    this.code = code;
    this.retriable = options.retriable ?? false;
    if (options.hint !== undefined) this.hint = options.hint;
    Object.defineProperty(this, TOOL_ERROR, { value: true });
  }

  /** True when `value` is a `ToolError` made by any copy of `@lackpy/kit`. */
  static is(value: unknown): value is ToolError {
    return typeof value === "object" && value !== null && TOOL_ERROR in value;
  }
}
