import { parseProgram, type ValidatedProgram } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import { ESCAPE_PROGRAMS } from "./__fixtures__/escape-programs.js";
import { TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import type { RunErrorCode } from "./run-error.js";
import type { RunResult } from "./run-result.js";
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

/** The run ended with `code`, or without an error with `output`. */
function expectOutcome(result: RunResult, code: RunErrorCode | undefined, output: unknown): void {
  if (code) {
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe(code);
  } else {
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  }
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
    expectOutcome(result, code, output);
  });

  // What a program controls is checked in both modes: the same table in an isolated child, where
  // a `validate: false` tree reaches the child never validated (decision 155).
  it.each(ESCAPE_PROGRAMS)("isolated: $source", async ({ source, code, output, validate }) => {
    const { tools } = testTools();
    const program = validate === false ? unvalidated(source) : source;
    const result = await runNode(program, { tools, toolSpecs: TOOL_SPECS, mode: "isolated" });
    expectOutcome(result, code, output);
  });

  // In-process, the interpreter refuses what it cannot run; an isolated child, which checks the
  // shape of every tree it is sent (decision 155), refuses other syntax before it compiles.
  const UNVALIDATED: [string, RunErrorCode, RunErrorCode][] = [
    [`globalThis`, "runtime_error", "runtime_error"],
    [`process.exit(1)`, "runtime_error", "runtime_error"],
    [`require("fs")`, "runtime_error", "runtime_error"],
    [`new Date()`, "runtime_error", "runtime_error"],
    [`new Set.constructor()`, "runtime_error", "runtime_error"],
    [`const S = Set\nS`, "runtime_error", "runtime_error"],
    [`return 1`, "runtime_error", "runtime_error"],
    [`while (true) {}`, "runtime_error", "invalid_program"],
    [`function f() {}`, "runtime_error", "invalid_program"],
    [`this`, "runtime_error", "invalid_program"],
    [`import("fs")`, "runtime_error", "invalid_program"],
    [`[1].map(function () { return 1 })`, "runtime_error", "invalid_program"],
    [`"constructor" in {}`, "runtime_error", "invalid_program"],
    [`const o = {}\no.__proto__`, "forbidden_property", "forbidden_property"],
  ];

  it.each(UNVALIDATED)("refuses %s even without the validator", async (source, code) => {
    const result = await run(unvalidated(source), { tools: testTools().tools });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe(code);
  });

  it.each(UNVALIDATED)(
    "isolated: refuses %s in a child sent a tree no validator saw",
    async (source, _code, childCode) => {
      const { tools } = testTools();
      const result = await runNode(unvalidated(source), { tools, mode: "isolated" });
      expect(result.success).toBe(false);
      expect(result.error?.code).toBe(childCode);
    },
  );

  it("isolated: a child sent a tree no validator saw still keeps the run's limits", async () => {
    const { tools } = testTools();
    const loop = unvalidated(`let n = 0\nfor (const i of range(1e12)) { n += i }`);
    const steps = await runNode(loop, { tools, mode: "isolated", limits: { maxSteps: 500 } });
    expect(steps.error?.code).toBe("limit_steps");
    const calls = unvalidated(`for (const i of range(100)) { read_file("src/a.ts") }`);
    const counted = await runNode(calls, { tools, mode: "isolated", limits: { maxToolCalls: 3 } });
    expect(counted.error?.code).toBe("limit_tool_calls");
    const size = unvalidated(`"x".repeat(1e8)`);
    const big = await runNode(size, { tools, mode: "isolated", limits: { maxSize: 1_000 } });
    expect(big.error?.code).toBe("limit_size");
  });

  it("isolated: a child refuses a malformed tree with a coded error, and serves the next run", async () => {
    const { tools } = testTools();
    const shared = unvalidated(`[read_file("src/a.ts"), 2]`);
    const elements = shared.ast.body[0].expression.elements;
    elements[1] = elements[0];
    const result = await runNode(shared, { tools, mode: "isolated" });
    expect(result.error).toEqual({
      code: "invalid_program",
      message:
        "The isolated run was refused: its host sent a program tree with a node reached twice.",
      hint: expect.stringContaining("a fault in lackpy"),
    });
    expect(result.trace).toEqual([]);
    expect((await runNode(`1 + 1`, { tools, mode: "isolated" })).output).toBe(2);
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
