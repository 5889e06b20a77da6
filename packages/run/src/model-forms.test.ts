import { parseProgram, type ValidatedProgram } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import {
  MODEL_FORM_ATTACKS,
  MODEL_FORM_BOUNDS,
  MODEL_FORM_PROGRAMS,
} from "./__fixtures__/model-forms.js";
import { TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import { closeChildPool, run } from "./node.js";
import type { RunErrorValue } from "./run-error.js";

afterAll(() => {
  closeChildPool();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

const MODES = ["in-process", "isolated"] as const;

/** The codes a failed run reports: the validator's errors, or the run's own error. */
function codesOf(error: RunErrorValue | null): string[] {
  if (!error) return [];
  return error.code === "invalid_program"
    ? ((error.errors ?? []) as { code: string }[]).map((item) => item.code)
    : [error.code];
}

describe.each(MODES)("what models write (%s)", (mode) => {
  const attempt = (source: string, limits: Record<string, number> = {}) =>
    run(source, {
      tools: testTools().tools,
      toolSpecs: TOOL_SPECS,
      mode,
      limits: { timeoutMs: 5_000, ...limits },
    });

  it.each(MODEL_FORM_PROGRAMS)("runs $name", async ({ source, output, stdout, variables }) => {
    const result = await attempt(source);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
    if (stdout !== undefined) expect(result.stdout).toBe(stdout);
    if (variables !== undefined) expect(result.variables).toEqual(variables);
  });

  it.each(MODEL_FORM_ATTACKS)("answers $source", async ({ source, code, stage, output }) => {
    const result = await attempt(source);
    if (code === undefined) {
      expect(result.error).toBeNull();
      expect(result.output).toEqual(output);
      return;
    }
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe(stage === "validate" ? "invalid_program" : code);
    expect(codesOf(result.error)).toContain(code);
    expect(result.error?.message.length).toBeGreaterThan(10);
  });

  it("never makes a live __proto__ key from a map's key, in output, variables or trace", async () => {
    const result = await attempt(
      `const m = new Map([["__proto__", { polluted: 1 }], ["constructor", { a: 1 }]])\necho(m)\nm`,
    );
    expect(result.error).toBeNull();
    for (const value of [
      result.output,
      result.variables.m,
      result.trace[0].args[0],
      result.trace[0].result,
    ]) {
      expect(value).toEqual({
        "[key __proto__]": { polluted: 1 },
        "[key constructor]": { a: 1 },
      });
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.keys(value as object)).not.toContain("__proto__");
      expect((value as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it.each(MODEL_FORM_BOUNDS)("stops $name", async ({ source, limits, code }) => {
    const result = await attempt(source, limits);
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe(code);
    expect(result.error?.message.length).toBeGreaterThan(10);
  });

  it("counts a step for each iteration and each statement of a callback", async () => {
    const steps = async (source: string) => (await attempt(source)).stats.steps;
    const loop = (n: number) => `for (let i = 0; i < ${n}; i++) {}`;
    expect((await steps(loop(20))) - (await steps(loop(10)))).toBeGreaterThanOrEqual(10 * 4);
    const callback = (statements: string) => `range(10).forEach(i => { ${statements} })`;
    expect(
      (await steps(callback("const a = 1; const b = 2; const c = 3"))) -
        (await steps(callback("const a = 1"))),
    ).toBeGreaterThanOrEqual(10 * 2);
  });
});

/** A program the validator never saw: the interpreter must refuse it on its own. */
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

describe("what models write, without the validator", () => {
  // An arrow returned from an arrow is harmless at run time (a closure is an opaque value, see
  // escapes.test.ts); every other static refusal must hold in the interpreter too.
  it.each(
    MODEL_FORM_ATTACKS.filter(
      (attack) => attack.stage === "validate" && attack.code !== "arrow_position",
    ),
  )("refuses $source at run time", async ({ source }) => {
    const result = await run(unvalidated(source), { tools: testTools().tools });
    expect(result.success).toBe(false);
    expect(result.error?.code).toMatch(
      /^(runtime_error|forbidden_property|method_not_allowed|not_a_function)$/,
    );
  });

  it("gives each iteration of a C-style for its own binding, as JavaScript does", async () => {
    for (const [source, output] of [
      [`const fs = []\nfor (let i = 0; i < 3; i++) fs.push(() => i)\nfs.map(f => f())`, [0, 1, 2]],
      [
        `const fs = []\nfor (let i = 0; i < 6; i++) { fs.push(() => i)\n i++ }\nfs.map(f => f())`,
        [1, 3, 5],
      ],
      [
        `const fs = []\nfor (let i = 0, g = () => i; i < 2; i++) fs.push(g)\nfs.map(f => f())`,
        [0, 0],
      ],
      [
        `const fs = []\nlet j = 0\nfor (j = 0; j < 3; j++) fs.push(() => j)\nfs.map(f => f())`,
        [3, 3, 3],
      ],
    ] as const) {
      const result = await run(unvalidated(source));
      expect(result.error).toBeNull();
      expect(result.output).toEqual(output);
    }
  });
});
