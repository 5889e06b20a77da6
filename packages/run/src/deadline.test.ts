import { afterAll, describe, expect, it } from "vitest";
import { closeChildPool, run } from "./node.js";
import type { ToolCallContext } from "./tools/tool-call-context.js";

afterAll(() => closeChildPool());

const MODES = ["in-process", "isolated"] as const;

/** Tools that take time: `wait(ms)` listens to its signal and records why a pending call stopped. */
function slowTools() {
  const aborted: string[] = [];
  const started: number[] = [];
  return {
    aborted,
    started,
    tools: {
      wait(this: ToolCallContext, ms: number) {
        started.push(ms);
        return new Promise((resolve) => {
          let done = false;
          const timer = setTimeout(() => {
            done = true;
            resolve(ms);
          }, ms);
          // Every call's signal aborts when the run ends; only a pending one counts here.
          this.signal.addEventListener("abort", () => {
            if (done) return;
            clearTimeout(timer);
            aborted.push(String((this.signal.reason as Error)?.message ?? this.signal.reason));
            resolve(null);
          });
        });
      },
      block: (ms: number) => {
        const until = performance.now() + ms;
        while (performance.now() < until);
        return ms;
      },
    },
  };
}

describe.each(MODES)("the run's deadline, tool calls included (%s)", (mode) => {
  const options = (tools: ReturnType<typeof slowTools>["tools"], limits: object) => ({
    mode,
    tools,
    limits: { memoryMb: 96, ...limits },
  });

  it("ends a run of several slow tool calls at timeoutMs, with limit_time", async () => {
    const { tools, aborted, started } = slowTools();
    const result = await run(
      `const a = wait(300)\nconst b = wait(300)\nconst c = wait(300)\nconst d = wait(300)\na + b + c + d`,
      options(tools, { timeoutMs: 500 }),
    );
    expect(result.error).toMatchObject({
      code: "limit_time",
      message: "The run, tools included, took longer than 500 ms (it was waiting for tool wait).",
      tool: "wait",
    });
    // A call was pending at the deadline (the second, unless the machine is slow): it was aborted
    // through its signal, and the calls after it never started.
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(started.length).toBeLessThanOrEqual(2);
    await expect.poll(() => aborted.length).toBe(1);
  });

  it("ends a run whose tool never answers at the deadline, not at the tool's own limit", async () => {
    const { tools, aborted } = slowTools();
    const result = await run(
      `wait(1e9)`,
      options(tools, { timeoutMs: 300, toolTimeoutMs: 60_000 }),
    );
    expect(result.error?.code).toBe("limit_time");
    await expect.poll(() => aborted.length).toBe(1);
  });

  it("still ends a call at toolTimeoutMs when that comes first", async () => {
    const { tools } = slowTools();
    const result = await run(
      `wait(5000)`,
      options(tools, { timeoutMs: 10_000, toolTimeoutMs: 200 }),
    );
    expect(result.error).toMatchObject({
      code: "limit_tool_time",
      message: "Tool wait took longer than 200 ms.",
    });
  });

  it("ends the run once a synchronous tool that ran past the deadline returns", async () => {
    const { tools } = slowTools();
    const result = await run(
      `const t = block(400)\nlet n = 0\nfor (const i of range(10)) n += i\nn`,
      {
        ...options(tools, { timeoutMs: 200 }),
      },
    );
    expect(result.error?.code).toBe("limit_time");
  });

  it("does not start a tool call once the deadline has passed", async () => {
    const { tools, started } = slowTools();
    const result = await run(`block(300)\nwait(1)`, options(tools, { timeoutMs: 100 }));
    expect(result.error?.code).toBe("limit_time");
    expect(started).toEqual([]);
  });

  it("lets a run whose tools fit the deadline finish", async () => {
    const { tools } = slowTools();
    const result = await run(
      `const xs = [wait(20), wait(20), wait(20)]\nsum(xs)`,
      options(tools, { timeoutMs: 5000 }),
    );
    expect(result.error).toBeNull();
    expect(result.output).toBe(60);
    expect(result.stats.toolMs).toBeGreaterThan(0);
  });
});
