import { parseProgram, type ValidatedProgram } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool, run } from "./node.js";

afterAll(() => closeWorkerPool());

/**
 * One native call cannot be interrupted, and a worker allocation past its heap limit aborts the
 * whole process (or leaves a worker spinning after terminate()). Each program below did that
 * before the bulk pre-checks; now each must come back as a value while the host lives on.
 */
const BULK_BOMBS = [
  ["Object.keys of a long string", `Object.keys("x".repeat(2e6))`],
  ["Object.entries of a long string", `len(Object.entries("x".repeat(2e6)))`],
  ["a set of many numbers", `len(set(list(range(2e6))))`],
  ["unique of many numbers", `len(unique(list(range(2e6))))`],
  ["object spread of a long array", `len({ ...list(range(2e6)) })`],
  ["Object.assign from a long array", `len(Object.assign({}, list(range(2e6))))`],
  [
    "hoarded slices",
    `const keep = []\nconst xs = list(range(2e6))\nfor (const i of range(20)) keep.push(xs.slice())\n1`,
  ],
  [
    "hoarded splits",
    `const keep = []\nconst s = "x".repeat(2e6)\nfor (const i of range(20)) keep.push(s.split(""))\n1`,
  ],
  [
    "hoarded Array.from",
    `const keep = []\nfor (const i of range(20)) keep.push(Array.from({ length: 2e6 }))\n1`,
  ],
] as const;

describe("run: bulk native operations (isolated)", () => {
  it.each(BULK_BOMBS)("stops %s with limit_memory before allocating", async (_name, source) => {
    const result = await run(source, { mode: "isolated", limits: { memoryMb: 64 } });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe("limit_memory");
    const after = await run(`1 + 1`, { mode: "isolated", limits: { memoryMb: 64 } });
    expect(after.output).toBe(2);
  });
});

describe("run: bulk native operations (in-process)", () => {
  it("refuses an entry list that would not fit the memory budget", async () => {
    const result = await run(`Object.entries("x".repeat(1e7))`, {});
    expect(result.error?.code).toBe("limit_memory");
  });

  it("still allows bulk operations that fit", async () => {
    const result = await run(`[len(Object.keys("x".repeat(1e5))), len(set(list(range(1e5))))]`, {});
    expect(result.output).toEqual([1e5, 1e5]);
  });

  it("checks the clock during long native operations, not only every few hundred steps", async () => {
    const result = await run(
      `const xs = list(range(1e7))\nfor (const i of range(30)) xs.includes(-1)\n1`,
      { limits: { timeoutMs: 100 } },
    );
    expect(result.error?.code).toBe("limit_time");
    // Counted by steps alone, all 30 scans (about 200 steps) would run before the first clock check.
    expect(result.stats.steps).toBeLessThan(60);
  });
});

describe("run: kit tools as callbacks", () => {
  it("passes only the item, not the index and the array", async () => {
    const received: unknown[][] = [];
    const result = await run(`["a.txt", "b.txt"].map(write_log)`, {
      tools: { write_log: (...args: unknown[]) => received.push(args) },
    });
    expect(result.success).toBe(true);
    expect(received).toEqual([["a.txt"], ["b.txt"]]);
  });

  it("passes as many arguments as the ToolSpec requires", async () => {
    const received: unknown[][] = [];
    await run(`[["a", 1]].map(pair)`, {
      tools: { pair: (...args: unknown[]) => received.push(args) },
      toolSpecs: [
        {
          name: "pair",
          args: [
            { name: "first", type: "any" },
            { name: "second", type: "any" },
            { name: "third", type: "any", optional: true },
          ],
        },
      ],
    });
    expect(received).toEqual([[["a", 1], 0]]);
  });
});

describe("run: syntax trees that skipped validation", () => {
  const forged = (source: string, mutate: (ast: any) => void = () => {}): ValidatedProgram => {
    const parsed = parseProgram(source);
    if (!parsed.ok) throw new Error(parsed.message);
    const ast = parsed.ast as any;
    mutate(ast);
    return {
      kind: "lackpy.validated",
      source,
      ast,
      validation: { valid: true, errors: [], calls: [], variables: [], effects: [] } as never,
      names: { tools: [], params: [] },
    };
  };

  it.each(["constructor", "toString", "valueOf", "__proto__", "hasOwnProperty"])(
    "refuses a node of type %s instead of reaching Object.prototype",
    async (type) => {
      const program = forged("1", (ast) => (ast.body[0].expression.type = type));
      const result = await run(program, {});
      expect(result.success).toBe(false);
      expect(result.error?.code).toBe("runtime_error");
      expect(JSON.stringify(result)).not.toContain("programScope");
    },
  );

  it("refuses BigInt literals, so a result stays JSON data", async () => {
    const result = await run(forged("1n"), {});
    expect(result.error?.code).toBe("runtime_error");
    expect(() => JSON.stringify(result)).not.toThrow();
  });
});
