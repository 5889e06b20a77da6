import { LackpyError } from "@lackpy/lang";

/** A mistake in how the command was called: exit code 2, one line on stderr. */
export class UsageError extends LackpyError<"usage"> {
  static override readonly kind: string = "UsageError";

  constructor(message: string, hint?: string) {
    super("usage", message, hint ? { hint } : {});
    this.name = "UsageError";
  }
}
