import type { TraceEntry } from "@lackpy/run";
import { describe, expect, it } from "vitest";
import { fitText, fitValue } from "./fit-value.js";
import { checkShapeOptions, shapeResult, summariseTrace } from "./shape-result.js";

function entry(step: number, tool: string, args: unknown[], result: unknown): TraceEntry {
  return { step, tool, args, result, durationMs: 1.234, success: true, error: null };
}

const content = "x".repeat(5000);
const result = {
  success: true,
  output: ["a.ts:1: TODO one"],
  stdout: "",
  error: null,
  trace: [
    entry(1, "find_files", ["**/*.ts"], ["a.ts", "b.ts"]),
    entry(2, "read_file", ["a.ts"], content),
  ],
  variables: { files: ["a.ts", "b.ts"], text: content },
  filesRead: ["a.ts"],
  filesModified: [],
  stats: { steps: 9, toolCalls: 2, durationMs: 3, toolMs: 2, truncated: [] as string[] },
};

describe("shapeResult", () => {
  it("returns the same result for the full trace without a cap", () => {
    expect(shapeResult(result)).toBe(result);
    expect(shapeResult(result, { trace: "full" })).toBe(result);
  });

  it("summarises the trace to one line per tool: its calls and their total time", () => {
    const shaped = shapeResult(result, { trace: "summary" });
    expect(shaped.trace).toEqual([
      { tool: "find_files", calls: 1, totalMs: 1.2 },
      { tool: "read_file", calls: 1, totalMs: 1.2 },
    ]);
    expect(shaped).not.toHaveProperty("variables");
    expect(shaped.filesRead).toEqual(["a.ts"]);
    expect(JSON.stringify(shaped).length).toBeLessThan(450);
    expect(result.trace[1].result).toBe(content);
  });

  it("puts the answer first", () => {
    const shaped = shapeResult(
      { trace: result.trace, filesRead: [], stdout: "", error: null, output: 1, success: true },
      { trace: "summary" },
    );
    expect(Object.keys(shaped).slice(0, 4)).toEqual(["success", "output", "stdout", "error"]);
  });

  it("drops the trace for none", () => {
    const shaped = shapeResult(result, { trace: "none" });
    expect(shaped.trace).toEqual([]);
    expect(shaped.output).toEqual(result.output);
  });

  it("names each tool once however many calls it had, in the order of first calls", () => {
    const trace = [
      ...Array.from({ length: 500 }, (_, index) =>
        entry(index + 2, "read_file", [`f${index}`], "text"),
      ),
      entry(502, "file_size", ["f0"], 4),
    ];
    const shaped = shapeResult(
      { ...result, trace: [entry(1, "find_files", ["*"], []), ...trace] },
      { trace: "summary" },
    );
    expect(shaped.trace).toEqual([
      { tool: "find_files", calls: 1, totalMs: 1.2 },
      { tool: "read_file", calls: 500, totalMs: 617 },
      { tool: "file_size", calls: 1, totalMs: 1.2 },
    ]);
  });

  it("counts a tool's failed calls and keeps the first failure's message", () => {
    const failed = (step: number, error: string): TraceEntry => ({
      ...entry(step, "read_file", ["x"], null),
      success: false,
      error,
    });
    expect(
      summariseTrace([
        entry(1, "read_file", ["a"], "a"),
        failed(2, "no such file"),
        failed(3, "later"),
      ]),
    ).toEqual([{ tool: "read_file", calls: 3, totalMs: 3.7, failed: 2, error: "no such file" }]);
  });

  it("cuts output and stdout over the cap with markers and the full size", () => {
    const shaped = shapeResult(
      { ...result, output: { text: content, n: 1 }, stdout: "y".repeat(300) },
      { trace: "full", maxOutputChars: 100 },
    );
    expect((shaped.output as { text: string }).text).toMatch(
      /^x{80,100}…\[truncated: 5000 chars in full\]$/,
    );
    expect(shaped.stdout).toBe(`${"y".repeat(100)}…[truncated: 300 chars in full]`);
    expect(shaped.truncated).toEqual([
      {
        part: "output",
        totalChars: JSON.stringify({ text: content, n: 1 }).length,
        shownChars: 100,
      },
      { part: "stdout", totalChars: 300, shownChars: 100 },
    ]);
    expect(shaped.stats.truncated).toEqual(["output", "stdout"]);
    expect(shaped.trace).toBe(result.trace);
  });

  it("leaves output under the cap alone", () => {
    const shaped = shapeResult(result, { maxOutputChars: 1000 });
    expect(shaped.output).toBe(result.output);
    expect(shaped).not.toHaveProperty("truncated");
  });

  it.each([
    [{ trace: "verbose" }, "Unknown trace detail 'verbose'."],
    [{ maxOutputChars: 0 }, "maxOutputChars must be a whole number above 0, not 0."],
    [{ maxOutputChars: 1.5 }, "maxOutputChars must be a whole number above 0, not 1.5."],
  ])("refuses %j", (options, message) => {
    expect(() => checkShapeOptions(options as never)).toThrow(message);
  });
});

describe("fitValue", () => {
  it.each([
    [Array.from({ length: 100 }, (_, index) => index), 40],
    [Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`key${index}`, index])), 60],
    [["short", "z".repeat(500), "after"], 50],
    [{ nested: { list: Array.from({ length: 30 }, () => "abcdefghij") } }, 80],
  ])("keeps the shape and stays near the cap (%#)", (value, maxChars) => {
    const fitted = fitValue(value, maxChars);
    expect(fitted.truncated).toBe(true);
    expect(fitted.totalChars).toBe(JSON.stringify(value).length);
    expect(Array.isArray(fitted.value)).toBe(Array.isArray(value));
    const text = JSON.stringify(fitted.value);
    expect(text).toContain("…[truncated");
    expect(text.length).toBeLessThan(maxChars + 80);
  });

  it("counts the items left out of an array", () => {
    expect(fitValue([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 8).value).toEqual([
      1,
      2,
      3,
      "…[truncated: 7 more of 10 items]",
    ]);
  });

  it("cuts text at the cap", () => {
    expect(fitText("abcdef", 3)).toEqual({
      value: "abc…[truncated: 6 chars in full]",
      truncated: true,
      totalChars: 6,
    });
    expect(fitText("abc", 3).truncated).toBe(false);
  });
});
