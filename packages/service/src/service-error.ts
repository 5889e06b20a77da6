import { LackpyError } from "@lackpy/lang";

/** Codes of caller mistakes the service reports. */
export type ServiceErrorCode =
  | "invalid_config"
  | "invalid_program"
  | "invalid_param"
  | "invalid_name"
  | "invalid_option"
  | "empty_intent"
  | "unknown_tool"
  | "unknown_kit"
  | "unknown_template"
  | "invalid_template"
  | "unknown_provider"
  | "template_exists"
  | "policy_refused"
  | "untrusted_config"
  | "workspace_not_found"
  | "workspace_locked"
  | "file_busy"
  | "unknown_change"
  | "change_expired"
  | "change_applied"
  | "stale_change"
  | "apply_failed"
  | "unknown_run"
  | "not_undoable"
  | "undo_conflict"
  | "store_unavailable"
  | "store_too_new"
  | "forbidden_workspace"
  | "invalid_store_export";

/** A caller mistake in `@lackpy/service`: bad config, unknown kit, bad parameter. */
export class ServiceError extends LackpyError<ServiceErrorCode> {
  static override readonly kind: string = "ServiceError";

  /** The file the problem is in, when there is one. */
  readonly file?: string;
  /** 1-based line in `file`, when known. */
  readonly line?: number;
  /** Validation errors, for `invalid_program`. */
  readonly errors?: readonly unknown[];

  constructor(
    code: ServiceErrorCode,
    message: string,
    options: {
      hint?: string;
      file?: string;
      line?: number;
      cause?: unknown;
      errors?: readonly unknown[];
    } = {},
  ) {
    super(code, message, options);
    this.name = "ServiceError";
    if (options.file !== undefined) this.file = options.file;
    if (options.line !== undefined) this.line = options.line;
    if (options.errors !== undefined) this.errors = options.errors;
  }
}
