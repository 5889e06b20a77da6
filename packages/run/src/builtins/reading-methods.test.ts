import { describe, expect, it } from "vitest";
import { run } from "../node.js";

/** Calls that take the direct path for string methods that only read (`includes`, `indexOf`, …). */
const DIRECT: readonly (readonly [string, unknown])[] = [
  [`"a TODO here".includes("TODO")`, true],
  [`"a TODO here".includes("TODO", 3)`, false],
  [`"abc".includes()`, false],
  [`"undefined".includes()`, true],
  [`"abcabc".indexOf("c", 3)`, 5],
  [`"abcabc".lastIndexOf("a")`, 3],
  [`"abcabc".lastIndexOf("a", undefined)`, 3],
  [`"abc".startsWith("b", 1)`, true],
  [`"abc".endsWith("b", 2)`, true],
  [`"abc".at(-1)`, "c"],
  [`"abc".charAt(1)`, "b"],
  [`"abc".at()`, "a"],
  [`["x TODO", "y"].filter(line => line.includes("TODO"))`, ["x TODO"]],
];

/** Calls the direct path must leave to the general one, with its errors. */
const GENERAL: readonly (readonly [string, string])[] = [
  [`"abc".includes(/b/)`, "runtime_error"],
  [`(5).includes("5")`, "method_not_allowed"],
  [`"abc".includes("b", x => x)`, "not_a_function"],
  // A tool's echo of a secret is a marker the validator cannot see.
  [`const t = echo(token)\n"abc".includes(t)`, "secret_access"],
  [`const t = echo(token)\n"abc".indexOf(t, 1)`, "secret_access"],
];

describe.each(["in-process", "isolated"] as const)("string methods that only read (%s)", (mode) => {
  it.each(DIRECT)("%s", async (source, expected) => {
    const result = await run(source, { mode });
    expect(result.error).toBeNull();
    expect(result.output).toEqual(expected);
  });

  it.each(GENERAL)("%s fails with %s", async (source, code) => {
    const result = await run(source, {
      mode,
      tools: { echo: (value: unknown) => value },
      params: { token: "s3cret-value" },
      secretParams: ["token"],
    });
    expect(result.error?.code).toBe(code);
  });
});
