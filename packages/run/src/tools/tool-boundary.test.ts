import { afterAll, describe, expect, it } from "vitest";
import { randomSource } from "../__fixtures__/random-source.mjs";
import { randomValue } from "../__fixtures__/random-values.js";
import { closeWorkerPool, run } from "../node.js";
import type { RunResult } from "../run-result.js";

afterAll(() => closeWorkerPool());

const SEEDS = Array.from({ length: 60 }, (_, index) => index + 1);

/**
 * Programs that read a tool's result every way a program can, with the error codes each may end
 * with: the boundary itself only ever gives `tool_error` (or `limit_size`); a program that turns a
 * cyclic result into JSON is at fault itself (`runtime_error`).
 */
const PROGRAMS: [string, string[]][] = [
  [`give()`, ["tool_error", "limit_size"]],
  [`fail()`, ["tool_error"]],
  [`const r = give()\nconst out = [r, r]\nout`, ["tool_error", "limit_size"]],
  [
    `const r = give()\nconst out = [typeof r, str(r), String(r), len(JSON.stringify([r]))]\nout`,
    ["tool_error", "limit_size", "runtime_error"],
  ],
  [
    `const r = give()\nprint(r)\nconst back = echo(r)\nback`,
    ["tool_error", "limit_size", "runtime_error"],
  ],
];

/** A result that can leave the run: JSON data, an error value with a readable message, no stack or host path. */
function expectWellFormed(result: RunResult, codes: string[]): void {
  const text = JSON.stringify(result);
  expect(typeof text).toBe("string");
  expect(text).not.toMatch(/\n\s+at |\/work\/|node_modules/);
  if (result.success) {
    expect(result.error).toBeNull();
    expect(JSON.stringify(JSON.parse(JSON.stringify(result.output)))).toBe(
      JSON.stringify(result.output),
    );
  } else {
    expect(codes).toContain(result.error?.code);
    expect(result.error?.message.length).toBeGreaterThan(10);
  }
}

describe.each(["in-process", "isolated"] as const)("tool results (%s)", (mode) => {
  it.each(SEEDS)("never throw and always give a result (seed %i)", async (seed) => {
    const random = randomSource(seed);
    for (const [program, codes] of PROGRAMS) {
      const value = randomValue(random);
      const result = await run(program, {
        mode,
        tools: {
          give: () => value,
          echo: (item: unknown) => item,
          fail: () => {
            throw value;
          },
        },
        limits: { timeoutMs: 5000 },
      });
      expectWellFormed(result, codes);
    }
  });

  it.each([
    [
      "a map with object keys",
      () =>
        new Map<unknown, unknown>([
          [{ a: 1 }, "x"],
          [[1, 2], "y"],
        ]),
      { "[object Object]": "x", "1,2": "y" },
    ],
    ["a map with a forbidden key", () => new Map([["__proto__", 1]]), { "[key __proto__]": 1 }],
    [
      "a map inside itself",
      () => {
        const map = new Map<unknown, unknown>();
        map.set("self", map);
        return map;
      },
      { self: "[circular]" },
    ],
    ["a date", () => new Date("2026-01-02T03:04:05Z"), "2026-01-02T03:04:05.000Z"],
    ["an invalid date", () => new Date(Number.NaN), null],
    ["a big BigInt", () => 2n ** 70n, "1180591620717411303424"],
    ["a typed array", () => new Int16Array([1, -2]), [1, -2]],
    ["a buffer", () => new Uint8Array([7, 8]).buffer, [7, 8]],
    [
      "a class instance",
      () =>
        new (class {
          a = 1;
          method() {}
        })(),
      { a: 1 },
    ],
    [
      "a throwing getter",
      () =>
        Object.defineProperty({ a: 1 }, "b", {
          get: () => {
            throw new Error("no");
          },
          enumerable: true,
        }),
      { a: 1 },
    ],
    ["symbols", () => ({ [Symbol("k")]: 1, s: Symbol("v") }), {}],
  ])("turns %s into plain data", async (_name, make, output) => {
    const result = await run(`give()`, { mode, tools: { give: make } });
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });

  it.each([
    [
      "a revoked proxy",
      () => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      },
    ],
    [
      "a proxy whose trap throws",
      () =>
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("trap");
            },
          },
        ),
    ],
    [
      "data nested 5,000 levels deep",
      () => {
        let deep: unknown = 1;
        for (let level = 0; level < 5000; level++) deep = [deep];
        return deep;
      },
    ],
    ["an object with a forbidden key", () => JSON.parse(`{"constructor": 1}`)],
  ])("refuses %s with a tool_error", async (_name, make) => {
    const result = await run(`give()`, { mode, tools: { give: make } });
    expect(result.error?.code).toBe("tool_error");
    expect(result.error?.message).toMatch(/^Tool give /);
  });

  it("reads a thrown value that throws when read", async () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error("trap");
        },
        get: () => {
          throw new Error("trap");
        },
      },
    );
    const result = await run(`fail()`, {
      mode,
      tools: {
        fail: () => {
          throw hostile;
        },
      },
    });
    expect(result.error).toMatchObject({ code: "tool_error", tool: "fail" });
  });
});
