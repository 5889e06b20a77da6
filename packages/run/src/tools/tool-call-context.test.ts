import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool, run } from "../node.js";
import type { ToolCallContext } from "./tool-call-context.js";

afterAll(() => closeWorkerPool());

/** Resolves once a signal is aborted (at once when it already is). */
function aborted(signal: AbortSignal): Promise<true> {
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(true)));
}

/** Tools that keep the signals they were called with. */
function signalTools() {
  const signals: AbortSignal[] = [];
  const changes: string[] = [];
  let wrote: Promise<void> = Promise.resolve();
  const tools = {
    /** Holds its call until the signal aborts, then "writes" only if it still may. */
    slow(this: ToolCallContext, name: string) {
      signals.push(this.signal);
      wrote = aborted(this.signal).then(() => {
        if (!this.signal.aborted) changes.push(name);
      });
      return wrote.then(() => 1);
    },
    /** Returns at once, keeping its signal. */
    leave(this: ToolCallContext) {
      signals.push(this.signal);
      return 1;
    },
    args(this: ToolCallContext, a: unknown, b: unknown) {
      return [a, b, typeof this.signal.aborted];
    },
  };
  return { tools, signals, changes, settled: () => wrote };
}

describe.each(["in-process", "isolated"] as const)("tool call signals (%s)", (mode) => {
  it("passes the context as this and keeps the arguments in place", async () => {
    const { tools } = signalTools();
    const result = await run(`args(1, "x")`, { tools, mode });
    expect(result.output).toEqual([1, "x", "boolean"]);
  });

  it("gives every call the run's tool context fields besides its own signal", async () => {
    const marker = { run: "one" };
    const seen: unknown[] = [];
    const tools = {
      look(this: ToolCallContext & { marker?: unknown }) {
        seen.push(this.marker);
        return typeof this.signal.aborted;
      },
    };
    const result = await run(`[look(), look()]`, {
      tools,
      mode,
      toolContext: { marker, signal: "not a signal" },
    });
    expect(result.output).toEqual(["boolean", "boolean"]);
    expect(seen).toEqual([marker, marker]);
  });

  it("aborts a call that runs past the tool time limit, so it never writes", async () => {
    const { tools, signals, changes, settled } = signalTools();
    const result = await run(`slow("a.txt")`, { tools, mode, limits: { toolTimeoutMs: 40 } });
    expect(result.error?.code).toBe("limit_tool_time");
    await settled();
    expect(signals).toHaveLength(1);
    expect(signals[0].aborted).toBe(true);
    expect(changes).toEqual([]);
  });

  it("aborts every call's signal once the run has ended", async () => {
    const { tools, signals } = signalTools();
    const result = await run(`leave()\nleave()`, { tools, mode });
    expect(result.success).toBe(true);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it("aborts a pending call when the run is cancelled", async () => {
    const { tools, signals, changes, settled } = signalTools();
    const controller = new AbortController();
    const pending = run(`slow("b.txt")\nslow("c.txt")`, { tools, mode, signal: controller.signal });
    while (signals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const result = await pending;
    expect(result.error?.code).toBe("cancelled");
    await settled();
    expect(signals[0].aborted).toBe(true);
    expect(changes).toEqual([]);
  });
});
