/**
 * The kinds an error carries, under a key every copy of this file shares (`Symbol.for`): the
 * CLI's bundle holds one copy of each package and `@lackpy/mcp` loads another from its
 * dependencies, so an error made by one copy fails `instanceof` against the other's class.
 * `LackpyError.is` and its subclasses' `is` read this brand instead (decision 94).
 */
const KINDS = Symbol.for("@lackpy/error-kinds");

/**
 * Base class of every error lackpy throws for a caller's mistake (unknown kit, bad config, bad
 * option). Outcomes of a program are never thrown: they come back as values. Recognise one with
 * `LackpyError.is(error)` (or `ServiceError.is(error)`, …), never with `instanceof`, which fails
 * across two copies of a package.
 */
export class LackpyError<Code extends string = string> extends Error {
  /** The kind `is` recognises; each subclass declares its own (a string: bundles rename classes). */
  static readonly kind: string = "LackpyError";

  /** A snake_case code from the throwing package's closed union. */
  readonly code: Code;
  /** The fix, in words a person or a small model can act on. */
  readonly hint?: string;

  constructor(code: Code, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "LackpyError";
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
    const kinds: string[] = [];
    for (let type = new.target as unknown; type !== Error && typeof type === "function";) {
      if (Object.hasOwn(type, "kind")) kinds.push((type as typeof LackpyError).kind);
      type = Object.getPrototypeOf(type) as unknown;
    }
    Object.defineProperty(this, KINDS, { value: Object.freeze(kinds) });
  }

  /**
   * True when `value` is an error of this class or a subclass, made by any copy of lackpy's
   * packages (`LackpyError.is(error)`, `ServiceError.is(error)`).
   */
  static is<Instance>(
    this: { readonly kind: string; prototype: Instance },
    value: unknown,
  ): value is Instance {
    if (typeof value !== "object" || value === null) return false;
    const kinds = (value as { [KINDS]?: unknown })[KINDS];
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }
}

/** Codes of errors `@lackpy/lang` throws for caller mistakes. */
export type LangErrorCode = "invalid_rule" | "invalid_option";

/** A caller mistake in `@lackpy/lang` (an unparseable rule, a bad option). */
export class LangError extends LackpyError<LangErrorCode> {
  static override readonly kind: string = "LangError";

  constructor(code: LangErrorCode, message: string, options: { hint?: string } = {}) {
    super(code, message, options);
    this.name = "LangError";
  }
}
