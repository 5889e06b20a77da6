import { LackpyError } from "@lackpy/lang";

/** Codes a run can end with (language spec sections 6 and 7). */
export type RunErrorCode =
  | "invalid_program"
  | "runtime_error"
  | "tool_error"
  | "forbidden_property"
  | "method_not_allowed"
  | "not_a_function"
  | "limit_steps"
  | "limit_time"
  | "limit_tool_time"
  | "limit_tool_calls"
  | "limit_size"
  | "limit_memory"
  | "cancelled"
  | "secret_access"
  // Set by the host that stages the run's writes (`@lackpy/service`), never by the interpreter:
  | "dry_run_needs_result"
  | "stale_change"
  | "apply_failed";

/** The error of a failed run, as a value. */
export interface RunErrorValue {
  code: RunErrorCode;
  message: string;
  line?: number;
  column?: number;
  tool?: string;
  retriable?: boolean;
  hint?: string;
  errors?: unknown[];
}

/** Thrown inside the interpreter when the program faults; caught by `run` and returned as a value. */
export class ProgramFault extends Error {
  readonly code: RunErrorCode;
  readonly details: Omit<RunErrorValue, "code" | "message">;

  constructor(
    code: RunErrorCode,
    message: string,
    details: Omit<RunErrorValue, "code" | "message"> = {},
  ) {
    super(message);
    this.name = "ProgramFault";
    this.code = code;
    this.details = details;
  }
}

/** A caller mistake in `@lackpy/run` (a bad limit or option): thrown, never returned. */
export class RunError extends LackpyError<"invalid_option"> {
  static override readonly kind: string = "RunError";

  constructor(message: string, hint?: string) {
    super("invalid_option", message, hint ? { hint } : {});
    this.name = "RunError";
  }
}
