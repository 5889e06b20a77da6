import { describe, expect, it } from "vitest";
import { LackpyError, LangError } from "./lackpy-error.js";

/** A second copy of the module, as the CLI's bundle and @lackpy/mcp's dependencies each hold one. */
async function secondCopy(): Promise<typeof import("./lackpy-error.js")> {
  // @ts-expect-error: the query makes Vite load the file again as a module of its own.
  return (await import("./lackpy-error.js?copy")) as typeof import("./lackpy-error.js");
}

describe("LackpyError.is", () => {
  it("recognises an error made by another copy of the module, where instanceof does not", async () => {
    const other = await secondCopy();
    expect(other.LackpyError).not.toBe(LackpyError);
    const error = new other.LangError("invalid_rule", "bad rule", { hint: "fix it" });
    expect(Object.getPrototypeOf(error) === LangError.prototype).toBe(false);
    expect(LackpyError.is(error)).toBe(true);
    expect(LangError.is(error)).toBe(true);
    expect(other.LackpyError.is(new LangError("invalid_option", "x"))).toBe(true);
  });

  it("tells a subclass from its base: a base error is not a subclass's", () => {
    class OtherError extends LackpyError<"other"> {
      static override readonly kind: string = "OtherError";
    }
    const base = new LackpyError("x", "base");
    const other = new OtherError("other", "other");
    expect(LackpyError.is(other)).toBe(true);
    expect(OtherError.is(other)).toBe(true);
    expect(OtherError.is(base)).toBe(false);
    expect(LangError.is(other)).toBe(false);
  });

  it("refuses values that only look like an error: a plain object with a code, an Error, null", () => {
    expect(LackpyError.is({ name: "LackpyError", code: "x", message: "m" })).toBe(false);
    expect(LackpyError.is(Object.assign(new Error("m"), { code: "x" }))).toBe(false);
    expect(LackpyError.is(null)).toBe(false);
    expect(LackpyError.is("invalid_rule")).toBe(false);
  });

  it("keeps code, message and hint, and the brand stays out of JSON and keys", () => {
    const error = new LangError("invalid_rule", "bad", { hint: "fix" });
    expect({ code: error.code, message: error.message, hint: error.hint }).toEqual({
      code: "invalid_rule",
      message: "bad",
      hint: "fix",
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "LangError",
      code: "invalid_rule",
      hint: "fix",
    });
  });
});
