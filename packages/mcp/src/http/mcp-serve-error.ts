import { LackpyError } from "@lackpy/lang";

/** Codes of the HTTP server's refusals: at start-up, and of a call the caller's role does not allow. */
export type McpServeErrorCode =
  | "auth_required"
  | "invalid_token"
  | "invalid_option"
  | "unknown_workspace"
  | "address_in_use"
  | "forbidden";

/** A reason the HTTP server does not start (exit 2 from the CLI), or refuses a caller's tool call. */
export class McpServeError extends LackpyError<McpServeErrorCode> {
  static override readonly kind: string = "McpServeError";

  constructor(code: McpServeErrorCode, message: string, options: { hint?: string } = {}) {
    super(code, message, options);
    this.name = "McpServeError";
  }
}
