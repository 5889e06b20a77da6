import { afterAll, describe, expect, it } from "vitest";
import { alive, childPids, eventually } from "../__fixtures__/child-processes.js";
import { TOOL_SPECS, testTools } from "../__fixtures__/tools.js";
import { closeChildPool, run } from "../node.js";
import type { ToolCallContext } from "../tools/tool-call-context.js";

afterAll(() => closeChildPool());

/**
 * Programs that took the whole host down when isolation was a worker thread: V8 reports a
 * worker's heap overflow as a process-wide `FATAL ERROR: Reached heap limit` (SIGABRT). Each
 * must come back as a limit error while the host (this test process) lives on.
 */
const HEAP_BOMBS = [
  [
    "String of a doubled shared array",
    `let x = ["a".repeat(1e7)]\nfor (const i of range(6)) x = [x, x]\nlen(String(x))`,
  ],
  [
    "String of a deeper doubled array",
    `let x = ["a".repeat(1e6)]\nfor (const i of range(9)) x = [x, x]\nlen(String(x))`,
  ],
] as const;

/** Programs that aborted the host too, and are now answered without making the range a list. */
const RANGE_EXTREMES = [
  ["max of a huge range", `max(range(1e9))`, 999_999_999],
  ["min of a huge range", `min(range(1e9))`, 0],
  ["max of a large range", `max(range(3e8))`, 299_999_999],
] as const;

describe("runIsolated: heap aborts", () => {
  it.each(HEAP_BOMBS)(
    "stops %s with a limit error and the host lives on",
    async (_name, source) => {
      const result = await run(source, {
        mode: "isolated",
        limits: { memoryMb: 64, timeoutMs: 30_000 },
      });
      expect(result.success).toBe(false);
      // limit_memory when the child's heap gave out; limit_size if a pre-check caught it first.
      expect(["limit_memory", "limit_size"]).toContain(result.error?.code);
      const after = await run(`1 + 1`, { mode: "isolated", limits: { memoryMb: 64 } });
      expect(after.output).toBe(2);
    },
  );

  it.each(RANGE_EXTREMES)("answers %s in a small heap", async (_name, source, expected) => {
    const result = await run(source, { mode: "isolated", limits: { memoryMb: 64 } });
    expect(result.output).toBe(expected);
  });

  it("stops a program whose live data nears the heap limit, before V8 would abort the child", async () => {
    const memoryMb = 40;
    const pids: number[] = [];
    const mark = async () => {
      pids.push(...(await childPids(memoryMb)));
      return null;
    };
    const options = {
      mode: "isolated" as const,
      tools: { mark },
      limits: { memoryMb, maxSteps: 1e9, timeoutMs: 60_000 },
    };
    const result = await run(
      `mark()\nconst keep = []\nfor (const i of range(1e7)) keep.push("x".repeat(200) + i)`,
      options,
    );
    expect(result.error).toMatchObject({
      code: "limit_memory",
      message: "The program used nearly all of its 40 MiB of memory and was stopped.",
    });
    // Stopped, not killed: the same child serves the next run.
    expect((await run(`mark()\n"same child"`, options)).output).toBe("same child");
    expect(pids).toHaveLength(2);
    expect(pids[1]).toBe(pids[0]);
  }, 60_000);

  it("reports limit_memory when a tool's answer does not fit the child's heap", async () => {
    const big = () => Array.from({ length: 50 }, (_, index) => "x".repeat(2e6) + index);
    const result = await run(`len(big())`, {
      mode: "isolated",
      tools: { big },
      limits: { memoryMb: 32 },
    });
    expect(result.error).toEqual({
      code: "limit_memory",
      message: "The program used more than 32 MiB of memory and was stopped.",
      hint: "work on smaller pieces of data, or fewer copies of it at once",
    });
    expect(result.trace).toMatchObject([{ tool: "big", success: true }]);
    expect((await run(`len("ok")`, { mode: "isolated", limits: { memoryMb: 32 } })).output).toBe(2);
  });
});

describe("runIsolated: a child killed from outside", () => {
  it.each(["SIGKILL", "SIGTERM", "SIGINT", "SIGHUP"] as const)(
    "reports %s as a runtime_error, and the pool recovers",
    async (signal) => {
      const memoryMb = 71;
      let killed = 0;
      let toolSignal: AbortSignal | undefined;
      // The tool is still running when its child dies: its signal must abort.
      async function kill_child(this: ToolCallContext) {
        toolSignal = this.signal;
        [killed] = await childPids(memoryMb);
        process.kill(killed, signal);
        await new Promise((resolve) => this.signal.addEventListener("abort", resolve));
        return true;
      }
      const result = await run(`kill_child()\nfor (const i of range(1e12)) {}`, {
        mode: "isolated",
        tools: { kill_child },
        limits: { memoryMb, maxSteps: 1e12, timeoutMs: 20_000 },
      });
      expect(killed).toBeGreaterThan(0);
      expect(toolSignal?.aborted).toBe(true);
      expect(result.success).toBe(false);
      expect(result.error).toEqual({
        code: "runtime_error",
        message: `The process running the program stopped unexpectedly (it was killed by ${signal}).`,
        hint: "run the program again",
      });
      expect(result.trace).toMatchObject([{ tool: "kill_child" }]);
      const after = await run(`"still " + "here"`, { mode: "isolated", limits: { memoryMb } });
      expect(after.output).toBe("still here");
      expect(await childPids(memoryMb)).not.toContain(killed);
    },
  );
});

describe("runIsolated: time and cancellation", () => {
  /** Runs `source` (which calls `mark()` first) and returns the result and the pid of its child. */
  async function runMarked(source: string, memoryMb: number, limits: Record<string, number> = {}) {
    let pid = 0;
    const mark = async () => {
      [pid] = await childPids(memoryMb);
      return null;
    };
    // Stops the child where it cannot stop itself (SIGSTOP): only the host's kill ends the run.
    const freeze = async () => {
      [pid] = await childPids(memoryMb);
      process.kill(pid, "SIGSTOP");
      return null;
    };
    const result = await run(source, {
      mode: "isolated",
      tools: { mark, freeze },
      limits: { memoryMb, timeoutMs: 300, maxSteps: 1e12, ...limits },
    });
    return { result, pid };
  }

  it("kills a child stuck where it cannot stop itself past the time limit and replaces it", async () => {
    const { result, pid } = await runMarked(`freeze()\n1`, 72);
    expect(result.error?.code).toBe("limit_time");
    expect(result.error?.message).toBe(
      "The run, tools included, took longer than 300 ms and was stopped.",
    );
    await eventually(() => !alive(pid));
    await eventually(async () => (await childPids(72)).length === 1);
    expect((await run(`2 * 21`, { mode: "isolated", limits: { memoryMb: 72 } })).output).toBe(42);
  });

  it("lets a child that stopped itself at a limit serve the next run", async () => {
    const memoryMb = 73;
    const first = await runMarked(`mark()\nfor (const i of range(1e12)) {}`, memoryMb, {
      maxSteps: 1_000,
    });
    expect(first.result.error?.code).toBe("limit_steps");
    const next = await runMarked(`mark()\n1`, memoryMb);
    expect(next.result.output).toBe(1);
    expect(next.pid).toBe(first.pid);
  });

  it.each([
    ["a busy loop", `mark()\nfor (const i of range(1e12)) {}`],
    ["a stuck child", `freeze()\n1`],
    ["a slow tool call", `mark()\nslow()`],
  ])("kills the child when the caller cancels %s, and replaces it", async (_name, source) => {
    const controller = new AbortController();
    let pid = 0;
    const mark = async () => {
      [pid] = await childPids(74);
      setTimeout(() => controller.abort(), 50);
      return null;
    };
    const freeze = async () => {
      await mark();
      process.kill(pid, "SIGSTOP");
      return null;
    };
    const slow = () => new Promise((resolve) => setTimeout(() => resolve(1), 5_000));
    const result = await run(source, {
      mode: "isolated",
      tools: { mark, freeze, slow },
      limits: { memoryMb: 74, timeoutMs: 10_000, maxSteps: 1e12 },
      signal: controller.signal,
    });
    expect(result.error).toEqual({ code: "cancelled", message: "The run was cancelled." });
    await eventually(() => !alive(pid));
    expect((await run(`"next"`, { mode: "isolated", limits: { memoryMb: 74 } })).output).toBe(
      "next",
    );
  });

  it("returns cancelled at once for a signal that aborted before the run", async () => {
    const result = await run(`1`, { mode: "isolated", signal: AbortSignal.abort() });
    expect(result.error?.code).toBe("cancelled");
  });
});

describe("runIsolated: tools over IPC", () => {
  const options = (limits: Record<string, number> = {}) => ({
    mode: "isolated" as const,
    tools: {
      ...testTools().tools,
      add: (left: number, right: number) => left + right,
      later: async (value: unknown) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [value, value];
      },
      refuse: () => {
        throw Object.assign(new Error("the disk is busy"), { retriable: true, hint: "wait" });
      },
      hang: () => new Promise(() => {}),
      wait: (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
    },
    toolSpecs: TOOL_SPECS,
    limits,
  });

  it.each([
    ["a synchronous tool", `add(2, 3)`, 5],
    ["an asynchronous tool", `later("x")`, ["x", "x"]],
    ["a Map from a tool", `give("map").get("a")`, 1],
    ["a Set from a tool", `len(give("set"))`, 2],
    ["a Date from a tool (as an ISO string)", `give("date")`, "2026-01-02T03:04:05.000Z"],
    ["a class instance from a tool (as plain data)", `give("instance")`, { key: 1 }],
    [
      "arguments that are data structures",
      `echo({ a: [1, { b: null }] })`,
      { a: [1, { b: null }] },
    ],
    ["many calls in a loop", `let n = 0\nfor (const i of range(50)) n = add(n, i)\nn`, 1225],
  ])("passes %s", async (_name, source, output) => {
    const result = await run(source, options());
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });

  it("turns a throwing tool into a tool_error with its retriable flag and hint", async () => {
    const result = await run(`refuse()`, options());
    expect(result.error).toEqual({
      code: "tool_error",
      message: "Tool refuse failed: the disk is busy",
      tool: "refuse",
      retriable: true,
      hint: "wait",
      line: 1,
      column: 1,
    });
  });

  it("stops a tool that runs past toolTimeoutMs, and its late answer reaches no later run", async () => {
    const hung = await run(`hang()`, options({ toolTimeoutMs: 50, memoryMb: 75 }));
    expect(hung.error).toMatchObject({ code: "limit_tool_time", tool: "hang" });
    const late = await run(`wait(300)`, options({ toolTimeoutMs: 50, memoryMb: 75 }));
    expect(late.error?.code).toBe("limit_tool_time");
    const next = await run(`wait(600)`, options({ memoryMb: 75 }));
    expect(next.output).toBe(600);
  });

  it("records reads and writes of the tool specs as in-process does", async () => {
    const source = `write_file("out.txt", read_file("README.md"))`;
    const isolated = await run(source, options());
    const inProcess = await run(source, { ...options(), mode: "in-process" });
    expect(isolated.filesRead).toEqual(["README.md"]);
    expect(isolated.filesModified).toEqual(inProcess.filesModified);
    expect(isolated.trace.map((entry) => entry.tool)).toEqual(["read_file", "write_file"]);
  });
});

describe("runIsolated: concurrent runs", () => {
  it("runs several programs at once, each with its own child and tools", async () => {
    const runs = Array.from({ length: 5 }, (_, index) =>
      run(`const parts = []\nfor (const i of range(20)) parts.push(tag(i))\nparts.join("")`, {
        mode: "isolated",
        tools: { tag: async (i: number) => (i % 10 === 0 ? `${index}` : "") },
      }),
    );
    const results = await Promise.all(runs);
    expect(results.map((result) => result.output)).toEqual(["00", "11", "22", "33", "44"]);
    expect(results.every((result) => result.stats.toolCalls === 20)).toBe(true);
  });

  it("keeps runs apart when one of them dies", async () => {
    const [healthy, dying] = await Promise.all([
      run(`let n = 0\nfor (const i of range(200)) n = n + add(i)\nn`, {
        mode: "isolated",
        tools: { add: async (i: number) => i },
      }),
      run(HEAP_BOMBS[0][1], { mode: "isolated", limits: { memoryMb: 64, timeoutMs: 30_000 } }),
    ]);
    expect(healthy.output).toBe(19900);
    expect(dying.success).toBe(false);
  });
});
