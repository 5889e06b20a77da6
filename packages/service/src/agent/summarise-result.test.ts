import type { TraceEntry } from "@lackpy/run";
import { describe, expect, it } from "vitest";
import { shapeResult } from "../result/shape-result.js";
import { summariseResult, type SummarisableResult } from "./summarise-result.js";

const base: SummarisableResult = {
  success: true,
  output: null,
  stdout: "",
  error: null,
  trace: [],
  filesModified: [],
};

function entry(step: number, tool: string, args: unknown[], result: unknown): TraceEntry {
  return { step, tool, args, result, durationMs: 1.234, success: true, error: null };
}

/** Validation errors as the validator gives them. */
const PROBLEMS = [
  {
    code: "forbidden_syntax",
    message: "A while loop is not allowed",
    line: 1,
    column: 0,
    hint: "use for (const x of items)",
  },
  { code: "unknown_name", message: "Unknown name 'fs'.", line: 2, column: 4 },
];

describe("summariseResult", () => {
  it("keeps a dry run's changes, changeId and pending calls, each diff cut at the cap", () => {
    const diff = `--- /dev/null\n+++ b/big.txt\n@@ -0,0 +1 @@\n+${"x".repeat(200)}\n`;
    const summary = summariseResult(
      {
        ...base,
        dryRun: true,
        changes: [
          { path: "small.txt", action: "modify", diff: "--- a/small.txt\n+++ b/small.txt\n" },
          { path: "big.txt", action: "create", diff },
        ],
        changeId: "0123456789abcdef01234567",
        runId: null,
        pending: [{ tool: "open_issue", args: ["a"] }],
      },
      { maxChars: 100 },
    );
    expect(summary.changes?.[0].diff).toBe("--- a/small.txt\n+++ b/small.txt\n");
    expect(summary.changes?.[1].diff).toHaveLength(100 + "…[truncated: 247 chars in full]".length);
    expect(summary).toMatchObject({
      changeId: "0123456789abcdef01234567",
      pending: [{ tool: "open_issue", args: ["a"] }],
      truncated: [{ part: "diff", path: "big.txt", totalChars: diff.length, shownChars: 100 }],
    });
    expect(summary.runId).toBeUndefined();
  });

  it("gives each tool once with its calls and their time, never a file's contents", () => {
    const contents = "file contents ".repeat(50);
    const failed: TraceEntry = {
      ...entry(7, "read_file", ["missing.ts"], null),
      success: false,
      error: "No file missing.ts.",
    };
    const result = {
      ...base,
      output: 3,
      trace: [
        entry(1, "find_files", ["**/*.ts"], ["a.ts", "b.ts", "c.ts"]),
        entry(2, "read_file", ["a.ts"], contents),
        entry(3, "stat", [{ path: "a.ts", deep: true }], { size: 1, mtime: 2 }),
        entry(4, "count", [], 42),
        entry(5, "one_char", [], "x"),
        failed,
      ],
    };
    const summary = summariseResult(result, { maxChars: 1000 });
    expect(summary).toEqual({
      success: true,
      output: 3,
      trace: [
        { tool: "find_files", calls: 1, totalMs: 1.2 },
        { tool: "read_file", calls: 2, totalMs: 2.5, failed: 1, error: "No file missing.ts." },
        { tool: "stat", calls: 1, totalMs: 1.2 },
        { tool: "count", calls: 1, totalMs: 1.2 },
        { tool: "one_char", calls: 1, totalMs: 1.2 },
      ],
    });
    // One definition of a trace summary: the same lines an MCP result with trace "summary" has.
    expect(summary.trace).toEqual(shapeResult(result, { trace: "summary" }).trace);
    expect(JSON.stringify(summary)).not.toContain("file contents");
  });

  it("says which limits of the tool's options were lowered to the workspace's maxima", () => {
    const lowered = [{ limit: "timeoutMs" as const, requested: 1e9, used: 60_000 }];
    const summary = summariseResult(
      { ...base, output: 1, limitsLowered: lowered },
      { maxChars: 100 },
    );
    expect(summary.limitsLowered).toEqual(lowered);
    expect(summariseResult({ ...base, output: 1 }, { maxChars: 100 })).not.toHaveProperty(
      "limitsLowered",
    );
  });

  it("cuts output and stdout at the limit as the service does, keeping the output's shape", () => {
    const summary = summariseResult(
      { ...base, output: ["x".repeat(30), "y".repeat(30)], stdout: "line\n".repeat(10) },
      { maxChars: 20 },
    );
    expect(summary.output).toEqual([
      `${"x".repeat(16)}…[truncated: 30 chars in full]`,
      "…[truncated: 1 more of 2 items]",
    ]);
    expect(summary.stdout).toBe("line\nline\nline\nline\n…[truncated: 50 chars in full]");
    expect(summary.truncated).toEqual([
      { part: "output", totalChars: 67, shownChars: 20 },
      { part: "stdout", totalChars: 50, shownChars: 20 },
    ]);
  });

  it("leaves output and stdout under the limit as they are, with no truncated", () => {
    const output = { files: ["a.ts"], lines: 4 };
    const summary = summariseResult({ ...base, output, stdout: "done\n" }, { maxChars: 100 });
    expect(summary).toEqual({ success: true, output, stdout: "done\n", trace: [] });
    expect(summary.output).toBe(output);
  });

  it.each([
    ["none", []],
    ["summary", [{ tool: "read_file", calls: 60, totalMs: 74 }]],
  ] as const)("gives the trace %s as asked", (trace, expected) => {
    const calls = Array.from({ length: 60 }, (_, index) =>
      entry(index + 1, "read_file", [`f${index}.txt`], "x"),
    );
    expect(summariseResult({ ...base, trace: calls }, { maxChars: 100, trace }).trace).toEqual(
      expected,
    );
  });

  it("gives every call with its arguments and result for trace full", () => {
    const calls = [entry(1, "read_file", ["a.txt"], "text of a")];
    expect(
      summariseResult({ ...base, trace: calls }, { maxChars: 100, trace: "full" }).trace,
    ).toEqual(calls);
  });

  it("puts the answer first, then the program a delegate ran", () => {
    const summary = summariseResult(
      { ...base, output: 2, program: "len([1, 2])", tier: "templates", stdout: "x" },
      { maxChars: 100 },
    );
    expect(Object.keys(summary)).toEqual([
      "success",
      "output",
      "stdout",
      "program",
      "tier",
      "trace",
    ]);
  });

  it("gives a failed run's error with every validation error and hint, and nothing else of them", () => {
    const summary = summariseResult(
      {
        ...base,
        success: false,
        output: null,
        error: {
          code: "invalid_program",
          message: "A while loop is not allowed (and 1 more)",
          errors: [
            ...PROBLEMS,
            { code: "unknown_name", message: "…", line: 9, column: 0, node: {} },
          ],
        } as SummarisableResult["error"],
      },
      { maxChars: 100 },
    );
    expect(summary).toEqual({
      success: false,
      error: {
        code: "invalid_program",
        message: "A while loop is not allowed (and 1 more)",
        errors: [...PROBLEMS, { code: "unknown_name", message: "…", line: 9, column: 0 }],
      },
      trace: [],
    });
  });

  it("keeps a runtime error's place, tool and hint, the program, and the files the run changed", () => {
    const error = {
      code: "tool_error",
      message: "No file b.txt.",
      line: 3,
      column: 2,
      tool: "read_file",
      hint: "call find_files first",
    };
    const delegated = {
      program: 'write_file("a.txt", "x")\nread_file(name)',
      params: { name: "b.txt" },
      tier: "templates",
    };
    const summary = summariseResult(
      {
        ...base,
        ...delegated,
        success: false,
        error: { ...error, retriable: true } as SummarisableResult["error"],
        filesModified: ["a.txt"],
      },
      { maxChars: 100 },
    );
    expect(summary).toEqual({
      success: false,
      ...delegated,
      error,
      trace: [],
      filesModified: ["a.txt"],
    });
    expect(summary.error).not.toHaveProperty("retriable");
  });
});
