/**
 * Base class of every error lackpy throws for a caller's mistake (unknown kit, bad config, bad
 * option). Outcomes of a program are never thrown: they come back as values.
 */
export class LackpyError<Code extends string = string> extends Error {
  /** A snake_case code from the throwing package's closed union. */
  readonly code: Code;
  /** The fix, in words a person or a small model can act on. */
  readonly hint?: string;

  constructor(code: Code, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "LackpyError";
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
  }
}

/** Codes of errors `@lackpy/lang` throws for caller mistakes. */
export type LangErrorCode = "invalid_rule" | "invalid_option";

/** A caller mistake in `@lackpy/lang` (an unparseable rule, a bad option). */
export class LangError extends LackpyError<LangErrorCode> {
  constructor(code: LangErrorCode, message: string, options: { hint?: string } = {}) {
    super(code, message, options);
    this.name = "LangError";
  }
}
