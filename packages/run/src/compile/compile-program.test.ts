import { parseProgram, validateProgram, type ValidatedProgram } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { compileProgram } from "./compile-program.js";
import { resolveLimits } from "../limits.js";
import { run } from "../index.js";
import { RunContext } from "../run-context.js";

/** A program the validator never saw (or would not yet allow): the compiler must resolve it on its own. */
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

const TOOLS = {
  read_file: (path: string) => `text of ${path}`,
  slow_read: async (path: string) => `text of ${path}`,
};

async function outcome(source: string, params: Record<string, unknown> = {}) {
  const result = await run(unvalidated(source), { tools: TOOLS, params });
  return result.error ? { code: result.error.code, message: result.error.message } : result.output;
}

describe("compileProgram: names resolve lexically", () => {
  it.each([
    ["a const shadows a helper for the rest of its scope", `const items = [1, 2]\nlen(items)`, 2],
    ["a const shadows a helper used as a value", `const count = 3\ncount + 1`, 4],
    ["a let shadows a safe global", `let JSON = 2\nJSON * 2`, 4],
    ["a block's const shadows only inside the block", `if (true) { const len = 5 }\nlen("abc")`, 3],
    [
      "an inner declaration shadows an outer one, then the outer one is back",
      `const x = 1\nconst r = []\nif (true) { const x = 2\nr.push(x) }\nr.push(x)\nr`,
      [2, 1],
    ],
    ["an arrow parameter shadows a helper", `[1, 2].map(sum => sum * 2)`, [2, 4]],
    [
      "a loop variable shadows a helper",
      `const r = []\nfor (const keys of [1, 2]) r.push(keys)\nr`,
      [1, 2],
    ],
    ["an assignment shadows a helper after it runs", `count = 2\ncount * 2`, 4],
    [
      "before its first assignment a cell is not the helper of its name",
      `const before = count([1, 1], 1)\ncount = 5\ncount`,
      { code: "runtime_error", message: "'count' is used before it is assigned." },
    ],
    [
      "typeof a cell before its first assignment is undefined",
      `const before = typeof len\nlen = 1\n;[before, typeof len]`,
      ["undefined", "number"],
    ],
    ["a declared name shadows a parameter", `const path = "mine"\npath`, "mine"],
    ["parameters read as values", `path + "!"`, "p!"],
  ])("%s", async (_name, source, expected) => {
    expect(await outcome(source, { path: "p" })).toEqual(expected);
  });

  it.each([
    [`const count = 3\ncount([1], 1)`, "not_a_function", "'count' is number, not a function."],
    [`path = "x"`, "runtime_error", "'path' is a constant and cannot be reassigned."],
    [`read_file = 1`, "runtime_error", "'read_file' is a kit tool and cannot be assigned."],
    [`const x = 1\nx = 2`, "runtime_error", "'x' is a constant and cannot be reassigned."],
    [
      `if (true) { const y = x\nconst x = 1 }`,
      "runtime_error",
      "'x' is used before its declaration.",
    ],
    [`nothing + 1`, "runtime_error", "'nothing' is not defined."],
    [`process = 1`, "runtime_error", "'process' is not available in lackpy programs."],
  ])("keeps tools, params and constants constant: %s", async (source, code, message) => {
    expect(await outcome(source, { path: "p" })).toEqual({ code, message });
  });

  it("gives each loop iteration its own binding when a closure can capture it", async () => {
    const source = `const fs = []\nfor (const i of range(3)) fs.push(x => i * 10 + x)\nfs.map(f => f(1))`;
    expect(await outcome(source)).toEqual([1, 11, 21]);
  });

  it("resets a block's bindings each time the block is entered", async () => {
    const source = `const r = []\nfor (const i of range(2)) { if (i === 1) r.push(typeof y)\nlet y = i }\nr`;
    expect(await outcome(source)).toEqual({
      code: "runtime_error",
      message: "'y' is used before its declaration.",
    });
  });
});

describe("compileProgram: synchronous unless something can wait", () => {
  const start = (source: string, tools: Record<string, (...args: any[]) => unknown> = {}) => {
    const { program } = validateProgram(source, {
      tools: Object.keys(tools).map((name) => ({ name })),
    });
    if (!program) throw new Error(`invalid: ${source}`);
    const compiled = compileProgram(program.ast, { tools: Object.keys(tools), params: [] });
    const context = new RunContext({
      toolNames: compiled.toolNames,
      tools,
      params: [],
      limits: resolveLimits(undefined),
    });
    return compiled.run(context, compiled.frame());
  };

  it.each([
    `const xs = [3, 1, 2]\nsorted(xs).map(x => x * 2).filter(x => x > 2)`,
    `let total = 0\nfor (const i of range(100)) total += i\ntotal`,
    `JSON.stringify(Object.entries({ a: 1 }))`,
  ])("returns the output itself, not a promise, for %j", (source) => {
    expect(start(source)).not.toBeInstanceOf(Promise);
  });

  it("calls a synchronous tool without making a promise", () => {
    expect(start(`read_file("a").length`, { read_file: TOOLS.read_file })).toBe(9);
  });

  it("returns a promise only when an async tool is called", async () => {
    const pending = start(`const t = slow_read("a")\nt.length`, { slow_read: TOOLS.slow_read });
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe(9);
    expect(start(`if (false) slow_read("a")\n1`, { slow_read: TOOLS.slow_read })).toBe(1);
  });

  it("awaits a tool reached through a callback", async () => {
    const pending = start(`["a", "b"].map(p => slow_read(p).length)`, {
      slow_read: TOOLS.slow_read,
    });
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual([9, 9]);
  });

  it("awaits a tool reached through a replacement callback", async () => {
    const pending = start(`"a-b-c".replaceAll("-", m => slow_read(m).length)`, {
      slow_read: TOOLS.slow_read,
    });
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe("a9b9c");
    expect(start(`"a-b".replace("-", m => m + m)`)).toBe("a--b");
  });
});
