import { parseProgram, type ValidatedProgram } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import { SAFE_GLOBAL_VALUES } from "./builtins/globals.js";
import { prepareProgram, runInProcess } from "./run-program.js";
import { compiledProgram } from "./compile/program-cache.js";
import { Namespace } from "./values/values.js";

/** Counts the host's event-loop turns while `work` runs. */
async function hostTurnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  done = true;
  return { turns, value };
}

describe("runInProcess: the host keeps its event loop", () => {
  it.each([
    ["a for…of loop", `let n = 0\nfor (const i of range(300000)) n += 1\nn`, 300000],
    ["a callback loop", `len(list(range(300000)).map(x => x + 1))`, 300000],
    ["a sort with a comparator", `len(list(range(20000)).sort((a, b) => b - a))`, 20000],
  ])("yields during %s with no tool calls", async (_name, source, expected) => {
    const { turns, value } = await hostTurnsDuring(() =>
      runInProcess(source, { limits: { maxSteps: 5e6, timeoutMs: 60_000 } }),
    );
    expect(value.error).toBeNull();
    expect(value.output).toBe(expected);
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it("does not yield in a short synchronous run", async () => {
    const { turns, value } = await hostTurnsDuring(() => runInProcess(`[1, 2].map(x => x * 2)`));
    expect(value.output).toEqual([2, 4]);
    expect(turns).toBe(0);
  });

  it("stops a synchronous loop when the caller aborts between turns", async () => {
    const controller = new AbortController();
    setImmediate(() => controller.abort());
    const result = await runInProcess(`[1, 2, 3].map(x => x)\nfor (const i of range(1e12)) {}`, {
      signal: controller.signal,
      limits: { maxSteps: 1e12, timeoutMs: 60_000 },
    });
    expect(result.error?.code).toBe("cancelled");
    expect(result.stats.steps).toBeLessThan(200_000);
  });
});

describe("runInProcess: counts steps as the tree-walking interpreter did", () => {
  // Counts measured with the tree-walker this compiler replaced: one step per evaluated node, per
  // loop iteration, per block entered, per object property and per callback call.
  it.each([
    [
      61,
      `const files = find_files("*")\nconst hits = []\nfor (const f of files) {\n  const text = read_file(f)\n  if (text.includes("TODO")) hits.push({ file: f, lines: len(text.split("\\n")) })\n}\nsort_by(hits, "lines", true)`,
    ],
    [
      102,
      `const out = []\nfor (const i of range(10)) { if (i % 2) continue\n if (i > 6) break\n out.push(i) }\nout`,
    ],
    [21, `const o = { a: { b: 1 } };\n[o?.a?.b, o.x?.y, o?.["a"]?.b]`],
    [33, `[1, 2, 3].map(x => x * 2).filter(x => x > 2)`],
    [20, `let n = 0\nfor (const [k, v] of Object.entries({ a: 1, b: 2 })) n += v\nn`],
    [8, '`${1 + 2}-${"a".repeat(2)}`'],
    [
      17,
      `const { a, ...rest } = { a: 1, b: 2 }\nlet [x = 5, y] = [undefined, 2]\n;[a, rest, x, y]`,
    ],
  ])("takes %i steps for %j", async (steps, source) => {
    const result = await runInProcess(source, { tools: testTools().tools, toolSpecs: TOOL_SPECS });
    expect(result.error).toBeNull();
    expect(result.stats.steps).toBe(steps);
  });
});

describe("runInProcess: the trace", () => {
  it("keeps what a tool returned even when the program changes it later", async () => {
    const result = await runInProcess(`const r = config()\nr.mode = "changed"\nr.list.push(3)\nr`, {
      tools: { config: () => ({ mode: "original", list: [1, 2] }) },
    });
    expect(result.output).toEqual({ mode: "changed", list: [1, 2, 3] });
    expect(result.trace[0].result).toEqual({ mode: "original", list: [1, 2] });
  });

  it("keeps what a tool was given even when the tool or the program changes it later", async () => {
    const result = await runInProcess(`const o = { a: 1 }\nkeep(o)\no.a = 2\nkeep("x")`, {
      tools: {
        keep: (value: unknown) => {
          if (typeof value === "object" && value !== null) (value as { a: number }).a = 99;
          return null;
        },
      },
    });
    expect(result.trace.map((entry) => entry.args)).toEqual([[{ a: 1 }], ["x"]]);
  });

  it("caps long strings in the trace at the output cap", async () => {
    const result = await runInProcess(`echo("x".repeat(5000))\n1`, {
      tools: testTools().tools,
      limits: { maxOutputBytes: 100 },
    });
    expect(String(result.trace[0].args[0])).toMatch(/^x{100}…\[truncated\]$/);
  });
});

describe("runInProcess: caches", () => {
  const options = { tools: testTools().tools, toolSpecs: TOOL_SPECS };

  it("validates the same source with the same tools, specs and params once", () => {
    const source = `read_file("README.md")`;
    const first = prepareProgram(source, options);
    const second = prepareProgram(source, { ...options });
    expect("program" in first && "program" in second).toBe(true);
    if (!("program" in first) || !("program" in second)) return;
    expect(second.program).toBe(first.program);
    const otherParams = prepareProgram(source, { ...options, params: { p: 1 } });
    expect("program" in otherParams && otherParams.program).not.toBe(first.program);
  });

  it("validates again when the tool specs change what is valid", () => {
    const source = `pair(1)`;
    const tools = { pair: (a: unknown) => a };
    expect("program" in prepareProgram(source, { tools })).toBe(true);
    const strict = prepareProgram(source, {
      tools,
      toolSpecs: [
        {
          name: "pair",
          args: [
            { name: "a", type: "any" },
            { name: "b", type: "any" },
          ],
        },
      ],
    });
    expect("result" in strict && strict.result.error?.errors).toMatchObject([
      { code: "bad_arity" },
    ]);
  });

  it("compiles a validated program once per set of tool and parameter names", () => {
    const prepared = prepareProgram(`len(find_files("*"))`, options);
    if (!("program" in prepared)) throw new Error("invalid");
    const names = Object.keys(options.tools);
    const compiled = compiledProgram(prepared.program, names, []);
    expect(compiledProgram(prepared.program, [...names], [])).toBe(compiled);
    expect(compiledProgram(prepared.program, names, ["extra"])).not.toBe(compiled);
  });

  it("runs a cached program again with fresh state", async () => {
    const source = `const xs = []\nfor (const f of find_files("*")) xs.push(f)\nlen(xs)`;
    const first = await runInProcess(source, options);
    const second = await runInProcess(source, options);
    expect(second).toMatchObject({ output: 3, variables: { xs: first.variables.xs } });
    expect(second.trace).toHaveLength(1);
  });
});

describe("runInProcess: one compiled program, many runs", () => {
  it("keeps the state of concurrent runs of the same program apart", async () => {
    const tools = (offset: number) => ({
      slow: (value: number) =>
        new Promise((resolve) => setTimeout(() => resolve(value + offset), 5 * (3 - value))),
    });
    const counting = `const seen = []\nfor (const i of range(3)) { last = slow(i)\nseen.push([i, last]) }\n;[seen, last]`;
    const [a, b] = await Promise.all([
      runInProcess(counting, { tools: tools(100) }),
      runInProcess(counting, { tools: tools(200) }),
    ]);
    expect([a.output, b.output]).toEqual([
      [
        [
          [0, 100],
          [1, 101],
          [2, 102],
        ],
        102,
      ],
      [
        [
          [0, 200],
          [1, 201],
          [2, 202],
        ],
        202,
      ],
    ]);
    expect(a.stats.steps).toBe(b.stats.steps);
  });

  it("returns an error value for a syntax tree too deep to compile", async () => {
    const parsed = parseProgram("1");
    if (!parsed.ok) throw new Error("parse");
    let expression: any = { type: "Literal", value: 1, start: 0, end: 1 };
    for (let depth = 0; depth < 200_000; depth++)
      expression = {
        type: "UnaryExpression",
        operator: "-",
        argument: expression,
        start: 0,
        end: 1,
      };
    const ast: any = parsed.ast;
    ast.body[0].expression = expression;
    const program = { ...(prepareProgram("1", {}) as { program: ValidatedProgram }).program, ast };
    const result = await runInProcess(program as ValidatedProgram);
    expect(result.error?.code).toBe("limit_steps");
  });
});

describe("safe globals", () => {
  it("are built once per process and frozen", () => {
    const json = SAFE_GLOBAL_VALUES.get("JSON");
    expect(json).toBeInstanceOf(Namespace);
    expect(Object.isFrozen(json)).toBe(true);
    expect(Object.isFrozen(SAFE_GLOBAL_VALUES.get("String"))).toBe(true);
  });

  it("report errors at the call that used them", async () => {
    const result = await runInProcess(`const text = "{"\nconst o = JSON.parse(text)`);
    expect(result.error).toMatchObject({ code: "runtime_error", line: 2, column: 11 });
  });
});
