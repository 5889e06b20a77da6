import { LackpyError } from "@lackpy/lang";

/** Codes of caller mistakes in `@lackpy/kit`. */
export type KitErrorCode =
  | "unknown_tool"
  | "unknown_kit"
  | "invalid_kit_file"
  | "invalid_kit_name"
  | "kit_exists"
  | "duplicate_tool"
  | "unknown_provider"
  | "invalid_tool"
  | "path_outside_root";

/** A caller mistake: unknown kit or tool, bad `.kit` file, bad name. */
export class KitError extends LackpyError<KitErrorCode> {
  constructor(code: KitErrorCode, message: string, options: { hint?: string } = {}) {
    super(code, message, options);
    this.name = "KitError";
  }
}

/** An error a tool throws for the program: a message for the model, `retriable` when a retry with other arguments can succeed. */
export class ToolError extends Error {
  readonly code: string;
  readonly retriable: boolean;
  readonly hint?: string;

  constructor(code: string, message: string, options: { retriable?: boolean; hint?: string } = {}) {
    super(message);
    this.name = "ToolError";
    this.code = code;
    this.retriable = options.retriable ?? false;
    if (options.hint !== undefined) this.hint = options.hint;
  }
}
