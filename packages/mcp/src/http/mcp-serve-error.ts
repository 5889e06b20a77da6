import { LackpyError } from "@lackpy/lang";

/** Codes of the HTTP server's start-up refusals. */
export type McpServeErrorCode =
  "auth_required" | "invalid_token" | "invalid_option" | "unknown_workspace" | "address_in_use";

/** A reason the HTTP server does not start: a caller mistake (exit 2 from the CLI). */
export class McpServeError extends LackpyError<McpServeErrorCode> {
  static override readonly kind: string = "McpServeError";

  constructor(code: McpServeErrorCode, message: string, options: { hint?: string } = {}) {
    super(code, message, options);
    this.name = "McpServeError";
  }
}
