import { afterAll, describe, expect, it } from "vitest";
import { TRACE_SHORT_CHARS } from "./call-tool.js";
import { closeChildPool, run } from "./node.js";
import type { RunResult } from "./run-result.js";

afterAll(() => closeChildPool());

const CHUNK_CHARS = 64 * 1024;
const CALLS = 3000;

/** A fresh 64 KiB text a call, 192 MB over the run: more than the child's whole heap. */
function chunk(index: unknown): string {
  const line = `${String(index).padStart(8, "0")} ${"x".repeat(54)}\n`;
  return line.repeat(CHUNK_CHARS / line.length);
}

/** Characters of text the trace holds: every string argument and result, and the strings inside objects. */
function traceChars(result: RunResult): number {
  let total = 0;
  const walk = (value: unknown): void => {
    if (typeof value === "string") total += value.length;
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  for (const entry of result.trace) {
    entry.args.forEach(walk);
    walk(entry.result);
  }
  return total;
}

describe("the trace of a run that reads a lot", () => {
  it.each(["in-process", "isolated"] as const)(
    "keeps at most maxOutputBytes of tool text in all (%s)",
    async (mode) => {
      const maxOutputBytes = 256 * 1024;
      const result = await run(
        `let lines = 0\nfor (const i of range(200)) lines += len(chunk(i).split("\\n"))\nlines`,
        {
          mode,
          tools: { chunk },
          limits: { maxOutputBytes, timeoutMs: 30_000 },
        },
      );
      expect(result.output).toBe(200 * 1025);
      expect(result.trace).toHaveLength(200);
      // The first results are whole while they fit; the rest are cut to a short preview.
      expect(result.trace[0].result).toBe(chunk(0));
      expect(result.trace[199].result).toBe(
        `${chunk(199).slice(0, TRACE_SHORT_CHARS)}…[truncated]`,
      );
      expect(String(result.trace[199].result).length).toBeLessThanOrEqual(
        TRACE_SHORT_CHARS + "…[truncated]".length,
      );
      expect(traceChars(result)).toBeLessThanOrEqual(
        maxOutputBytes + 200 * (TRACE_SHORT_CHARS + 20),
      );
    },
  );

  it.each(["in-process", "isolated"] as const)(
    "cuts a result past what is left to what is left, never below a short preview (%s)",
    async (mode) => {
      const result = await run(`len(chunk(1)) + len(chunk(2)) + len(chunk(3))`, {
        mode,
        tools: { chunk },
        limits: { maxOutputBytes: 100_000 },
      });
      expect(result.output).toBe(3 * CHUNK_CHARS);
      const lengths = result.trace.map((entry) => String(entry.result).length);
      // Of 100,000 chars: the first result whole, the second cut to what is left, the third to the preview.
      expect(lengths).toEqual([
        CHUNK_CHARS,
        100_000 - CHUNK_CHARS + "…[truncated]".length,
        TRACE_SHORT_CHARS + "…[truncated]".length,
      ]);
    },
  );

  it("does not grow the isolated child's memory with the bytes a program reads", async () => {
    // 192 MB of text passes through a child whose heap is 96 MiB: it keeps one chunk at a time.
    const result = await run(
      `let lines = 0\nfor (const i of range(${CALLS})) lines += len(chunk(i).split("\\n"))\nlines`,
      {
        mode: "isolated",
        tools: { chunk },
        limits: { memoryMb: 96, maxToolCalls: CALLS, timeoutMs: 60_000 },
      },
    );
    expect(result.error).toBeNull();
    expect(result.output).toBe(CALLS * 1025);
  }, 90_000);

  it("keeps no whole text alive through a piece of it passed to a tool", async () => {
    // Each argument is a slice of a 64 KiB text; a trace that kept the slice would keep the text.
    const result = await run(
      `for (const i of range(${CALLS})) note(chunk(i).slice(0, 100))
1`,
      {
        mode: "isolated",
        tools: { chunk, note: () => null },
        limits: { memoryMb: 96, maxToolCalls: 2 * CALLS, timeoutMs: 60_000 },
      },
    );
    expect(result.error).toBeNull();
    expect(result.trace.at(-1)?.args).toEqual([chunk(CALLS - 1).slice(0, 100)]);
  }, 90_000);
});
