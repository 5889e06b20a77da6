import { LackpyError } from "@lackpy/lang";

/** Codes of the caller mistakes an adapter throws. */
export type AdapterErrorCode = "invalid_option";

/** A caller mistake when building a lackpy tool (no workspace, an unknown mode). */
export class AdapterError extends LackpyError<AdapterErrorCode> {
  static override readonly kind: string = "AdapterError";

  constructor(code: AdapterErrorCode, message: string, options: { hint?: string } = {}) {
    super(code, message, options);
    this.name = "AdapterError";
  }
}
