import { validate } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import {
  CONVERSION_PROGRAMS,
  SHADOWING_PROGRAMS,
  type NameCase,
} from "../__fixtures__/name-programs.js";
import { TOOL_SPECS, testTools } from "../__fixtures__/tools.js";
import { closeChildPool, run } from "../node.js";
import { RUN_MODES } from "../run.js";

afterAll(() => closeChildPool());

describe.each(RUN_MODES)("run: names resolve as the validator resolves them (%s)", (mode) => {
  async function check({ source, output, error }: NameCase) {
    const { tools } = testTools();
    expect(validate(source, { tools: TOOL_SPECS, params: ["p"] }).errors).toEqual([]);
    const result = await run(source, { tools, toolSpecs: TOOL_SPECS, params: { p: "7" }, mode });
    if (error === undefined) {
      expect(result.error).toBeNull();
      expect(result.output).toEqual(output);
    } else {
      expect(result.success).toBe(false);
      expect(result.error?.code).toBe(error);
    }
  }

  describe("variables shadow helpers and safe globals", () => {
    it.each(SHADOWING_PROGRAMS)("$name", check);

    it("names an unassigned cell in the error, with a hint", async () => {
      const result = await run(`const f = len\nlen = 1\nf`, { mode });
      expect(result.error).toMatchObject({
        code: "runtime_error",
        message: "'len' is used before it is assigned.",
        hint: "assign len before this line",
        line: 1,
      });
    });
  });

  describe("conversion globals", () => {
    it.each(CONVERSION_PROGRAMS)("$name", check);
  });
});
