import type { ValidationError } from "@lackpy/lang";
import { startRootSpan, type TraceSpan } from "./telemetry.js";

/**
 * Records a validation as a `lackpy.validate` span (under `parent` when given, a root span when
 * `parent` is undefined, none when it is null or nothing records): the kit, whether the program
 * is valid, and for an invalid one the error count, every error code
 * (`lackpy.validation.error_codes`) and the first one as `error.type`, with its message.
 * `redact` takes secret values out of the message.
 */
export function traceValidation(
  errors: readonly ValidationError[],
  options: { kit: string; parent?: TraceSpan | null; redact?: (text: string) => string },
): void {
  const attributes = { "lackpy.kit": options.kit, "lackpy.valid": errors.length === 0 };
  const span =
    options.parent === undefined
      ? startRootSpan("lackpy.validate", attributes)
      : (options.parent?.child("lackpy.validate", attributes) ?? null);
  if (!span) return;
  if (errors.length > 0) {
    span.set({
      "lackpy.validation.errors": errors.length,
      "lackpy.validation.error_codes": [...new Set(errors.map((error) => error.code))],
    });
    const message = options.redact ? options.redact(errors[0].message) : errors[0].message;
    span.fail(errors[0].code, message);
  }
  span.end();
}
