import { afterAll, describe, expect, it } from "vitest";
import { TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import { run as runInProcessEntry } from "./index.js";
import { closeWorkerPool, run } from "./node.js";
import { RunError } from "./run-error.js";
import { getHeapStatistics } from "node:v8";
import { HOST_HEAP_SHARE, hostHeapGauge } from "./isolated/host-heap-gauge.js";

afterAll(() => closeWorkerPool());

const MODES = ["in-process", "isolated"] as const;

describe.each(MODES)("limits (%s)", (mode) => {
  const attempt = (source: string, limits: Record<string, number> = {}) =>
    run(source, { tools: testTools().tools, toolSpecs: TOOL_SPECS, mode, limits });

  it.each([
    [
      "a for over range(1e12)",
      `for (const i of range(1e12)) {}`,
      { maxSteps: 50_000 },
      "limit_steps",
    ],
    ["a callback loop", `range(1e6).map(x => x)`, { maxSteps: 50_000 }, "limit_steps"],
    ["Array.from a huge length", `Array.from({ length: 1e9 })`, {}, "limit_size"],
    ["a string bomb by repeat", `"x".repeat(1e9)`, {}, "limit_size"],
    [
      "a string bomb by doubling",
      `let s = "x"\nfor (const i of range(40)) { s = s + s }`,
      {},
      "limit_size",
    ],
    [
      "a join bomb",
      `const xs = Array.from({ length: 1000 }, () => "x".repeat(100000))\nxs.join("")`,
      { maxSteps: 1e7 },
      "limit_size",
    ],
    ["padStart", `"x".padStart(1e9)`, {}, "limit_size"],
    [
      "spread of a huge array",
      // Small sizes against a small limit: the same check, without building millions of items.
      `const xs = Array.from({ length: 6e4 })\nconst ys = [...xs, ...xs]`,
      { maxSteps: 1e7, maxSize: 100_000 },
      "limit_size",
    ],
    [
      "JSON.stringify of a shared structure",
      `const big = "x".repeat(1e4)\nconst xs = Array.from({ length: 100 }, () => big)\nJSON.stringify(xs)`,
      { maxSteps: 1e7, maxSize: 100_000 },
      "limit_size",
    ],
    [
      "tool calls",
      `for (const i of range(100)) { noop() }`,
      { maxToolCalls: 10 },
      "limit_tool_calls",
    ],
    ["tool time", `slow()`, { toolTimeoutMs: 50 }, "limit_tool_time"],
    [
      "wall time",
      `for (const i of range(1e12)) {}`,
      { timeoutMs: 150, maxSteps: 1e12 },
      "limit_time",
    ],
  ])("stops %s with a structured error", async (_name, source, limits, code) => {
    const result = await attempt(source, limits);
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe(code);
    expect(result.error?.message.length).toBeGreaterThan(10);
  });

  it("runs a catastrophic regular expression in linear time", async () => {
    // On a backtracking engine this never returns, and in-process nothing could stop it.
    const result = await attempt(`/(a+)+$/.test("a".repeat(40) + "!")`, { timeoutMs: 200 });
    expect(result.error).toBeNull();
    expect(result.output).toBe(false);
  });

  it("truncates an output bomb at the output cap and reports it", async () => {
    const result = await attempt(
      `const xs = Array.from({ length: 3000 }, (_, i) => "line " + i)\nfor (const x of xs) print(x)\nxs`,
      { maxOutputBytes: 4096 },
    );
    expect(result.success).toBe(true);
    expect(JSON.stringify(result.output).length).toBeLessThan(4096 + 200);
    expect(result.stdout.length).toBeLessThan(4096 + 100);
    expect(result.stdout).toContain("[stdout truncated]");
    expect(result.stats.truncated).toEqual(["output", "variables", "stdout"]);
  });

  it("marks cycles and cuts deep nesting in the output", async () => {
    const result = await attempt(
      `const o = { name: "o" }\no.self = o\nlet deep = []\nfor (const i of range(100)) { deep = [deep] }\nconst r = [o, deep]\nr`,
    );
    expect(result.success).toBe(true);
    const text = JSON.stringify(result.output);
    expect(text).toContain('"self":"[circular]"');
    expect(text).toContain("[depth limit]");
  });

  it("stops with cancelled when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const result = await run(`for (const i of range(1e12)) {}`, {
      mode,
      signal: controller.signal,
      limits: { maxSteps: 1e12, timeoutMs: 60_000 },
    });
    expect(result.error?.code).toBe("cancelled");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("marks a tool error retriable when the tool says so", async () => {
    const result = await attempt(`read_file("missing.txt")`);
    expect(result.error).toMatchObject({
      code: "tool_error",
      tool: "read_file",
      retriable: true,
      line: 1,
      column: 1,
    });
    expect(result.error?.message).toContain(
      "no file missing.txt; files: src/a.ts, src/b.ts, README.md",
    );
    expect(result.trace).toMatchObject([{ tool: "read_file", success: false }]);
  });
});

describe("isolated mode", () => {
  it("gives limit_memory when the program outgrows its heap", async () => {
    const result = await run(
      `let xs = []\nfor (const i of range(1e7)) { xs.push("x".repeat(100) + i) }`,
      { mode: "isolated", limits: { memoryMb: 48, maxSteps: 1e9, timeoutMs: 30_000 } },
    );
    expect(result.error?.code).toBe("limit_memory");
  });

  it("calls tools in the host and returns the same result as in-process", async () => {
    const source = `const out = {}\nfor (const f of find_files("*")) out[f] = len(read_file(f))\nout`;
    const isolated = await run(source, {
      mode: "isolated",
      tools: testTools().tools,
      toolSpecs: TOOL_SPECS,
    });
    const inProcess = await run(source, {
      mode: "in-process",
      tools: testTools().tools,
      toolSpecs: TOOL_SPECS,
    });
    expect(isolated.output).toEqual(inProcess.output);
    expect(isolated.filesRead).toEqual(inProcess.filesRead);
    expect(isolated.trace.map((entry) => entry.tool)).toEqual(
      inProcess.trace.map((entry) => entry.tool),
    );
  });
});

describe("memory gauge", () => {
  const MIB = 1024 * 1024;
  // A gauge that says the heap is past the budget: what a host near its heap limit reports.
  const nearlyFull = () => 257 * MIB;

  it.each([
    [
      "many small strings that add up",
      `const xs = []\nfor (const i of range(100)) xs.push("x".repeat(50000) + i)`,
    ],
    [
      "a loop that only keeps small objects",
      `const xs = []\nfor (const i of range(10000)) xs.push({ i })`,
    ],
    ["one bulk result", `"x".repeat(5e6)`],
  ])("stops %s once the gauge says the heap is full", async (_name, source) => {
    const result = await runInProcessEntry(source, { heapUsedBytes: nearlyFull });
    expect(result.error?.code).toBe("limit_memory");
    expect(result.error?.message).toContain("the memory limit is 256 MiB");
  });

  it("lets the same programs run when the heap has room", async () => {
    const result = await runInProcessEntry(
      `const xs = []\nfor (const i of range(100)) xs.push("x".repeat(50000) + i)\nlen(xs)`,
      { heapUsedBytes: () => 10 * MIB },
    );
    expect(result.output).toBe(100);
  });

  it("gauges the host's heap in-process: nothing used while the host has room, the excess past its share otherwise", () => {
    expect(hostHeapGauge(256)()).toBe(0);
    const limitMb = getHeapStatistics().heap_size_limit / MIB;
    const used = getHeapStatistics().used_heap_size;
    // A budget as large as the heap limit is past the host's share by (1 - share) of it, plus what is in use.
    const reported = hostHeapGauge(limitMb)();
    expect(reported).toBeGreaterThan((1 - HOST_HEAP_SHARE) * limitMb * MIB + used * 0.5);
  });
});

describe("options", () => {
  it.each([[{ maxSteps: 0 }], [{ timeoutMs: -1 }], [{ nope: 1 }], [{ maxSize: Number.NaN }]])(
    "throws RunError for the caller mistake %j",
    async (limits) => {
      await expect(run("1", { limits: limits as never })).rejects.toBeInstanceOf(RunError);
    },
  );

  it("asks for the node entry for isolated mode in the browser-safe entry", async () => {
    await expect(runInProcessEntry("1", { mode: "isolated" })).rejects.toThrow("@lackpy/run/node");
  });
});
