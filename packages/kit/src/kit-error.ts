import { LackpyError } from "@lackpy/lang";

/** Codes of caller mistakes in `@lackpy/kit`. */
export type KitErrorCode =
  | "unknown_tool"
  | "unknown_kit"
  | "unknown_provider"
  | "unknown_doc"
  | "invalid_kit"
  | "invalid_kit_file"
  | "invalid_kit_name"
  | "invalid_tool"
  | "kit_exists"
  | "duplicate_tool"
  | "tool_load_failed"
  | "invalid_option"
  | "path_outside_root"
  | "protected_path"
  | "closed_path"
  | "missing_package"
  | "mcp_server_unavailable";

/** A caller mistake: unknown kit, tool or provider, a bad `.kit` file, a bad name. */
export class KitError extends LackpyError<KitErrorCode> {
  static override readonly kind: string = "KitError";

  constructor(
    code: KitErrorCode,
    message: string,
    options: { hint?: string; cause?: unknown } = {},
  ) {
    super(code, message, options);
    this.name = "KitError";
  }
}
