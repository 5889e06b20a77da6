import { parseProgram, type ValidatedProgram } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import { ESCAPE_PROGRAMS } from "./__fixtures__/escape-programs.js";
import { TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import { run } from "./index.js";
import { closeChildPool, run as runNode } from "./node.js";

/** A program the validator never saw: the interpreter must hold on its own. */
function unvalidated(source: string): ValidatedProgram {
  const parsed = parseProgram(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return {
    kind: "lackpy.validated",
    source,
    ast: parsed.ast,
    validation: {
      valid: true,
      errors: [],
      calls: [],
      variables: [],
      effects: { tools: [], grade: { w: 0, d: 0 } },
    },
    names: { tools: [], params: [] },
  };
}

describe("run: escape attempts", () => {
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const arrayPrototypeKeys = Object.getOwnPropertyNames(Array.prototype).sort();

  it("has at least 60 of them", () => {
    expect(ESCAPE_PROGRAMS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ESCAPE_PROGRAMS)("$source", async ({ source, code, output, validate }) => {
    const { tools } = testTools();
    const program = validate === false ? unvalidated(source) : source;
    const result = await run(program, { tools, toolSpecs: TOOL_SPECS });
    if (code) {
      expect(result.success).toBe(false);
      expect(result.error?.code).toBe(code);
    } else {
      expect(result.error).toBeNull();
      expect(result.output).toEqual(output);
    }
  });

  // What a program controls is checked in both modes: the same table in an isolated child.
  it.each(ESCAPE_PROGRAMS.filter((entry) => entry.validate !== false))(
    "isolated: $source",
    async ({ source, code, output }) => {
      const { tools } = testTools();
      const result = await runNode(source, { tools, toolSpecs: TOOL_SPECS, mode: "isolated" });
      if (code) {
        expect(result.success).toBe(false);
        expect(result.error?.code).toBe(code);
      } else {
        expect(result.error).toBeNull();
        expect(result.output).toEqual(output);
      }
    },
  );

  it.each([
    [`globalThis`, "runtime_error"],
    [`process.exit(1)`, "runtime_error"],
    [`require("fs")`, "runtime_error"],
    [`new Date()`, "runtime_error"],
    [`new Set.constructor()`, "runtime_error"],
    [`const S = Set\nS`, "runtime_error"],
    [`return 1`, "runtime_error"],
    [`while (true) {}`, "runtime_error"],
    [`function f() {}`, "runtime_error"],
    [`this`, "runtime_error"],
    [`import("fs")`, "runtime_error"],
    [`[1].map(function () { return 1 })`, "runtime_error"],
    [`const o = {}\no.__proto__`, "forbidden_property"],
  ])("refuses %s even without the validator", async (source, code) => {
    const result = await run(unvalidated(source), { tools: testTools().tools });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe(code);
  });

  it("keeps callables opaque without the validator: a tool as a value is only a marker", async () => {
    const result = await run(
      unvalidated(`const f = read_file\nconst r = [f, typeof f, JSON.stringify([f])]\nr`),
      { tools: testTools().tools },
    );
    expect(result.output).toEqual(["[function]", "function", "[null]"]);
  });

  afterAll(async () => {
    await closeChildPool();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(arrayPrototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
