import { LackpyError } from "@lackpy/lang";

/** Codes of caller mistakes in `@lackpy/infer`. */
export type InferErrorCode =
  "invalid_template" | "invalid_provider_config" | "invalid_option" | "missing_package";

/** A caller mistake in `@lackpy/infer`. */
export class InferError extends LackpyError<InferErrorCode> {
  static override readonly kind: string = "InferError";

  constructor(code: InferErrorCode, message: string, options: { hint?: string } = {}) {
    super(code, message, options);
    this.name = "InferError";
  }
}
