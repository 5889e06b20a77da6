import { describe, expect, it } from "vitest";
import {
  renderGeneration,
  renderRun,
  renderValidation,
  type RenderableRun,
} from "./render-result.js";

const base: RenderableRun = {
  success: true,
  output: ["a", "b"],
  stdout: "",
  error: null,
  trace: [
    { tool: "find_files", calls: 1, totalMs: 2.5 },
    { tool: "read_file", calls: 2, totalMs: 30.4 },
  ],
  filesRead: ["x.md", "y.md"],
  filesModified: [],
  stats: { toolCalls: 3 },
};

describe("renderRun", () => {
  it.each([
    [
      base,
      'output:\n  ["a","b"]\ntool calls: 3 (find_files ×1 in 2.5 ms, read_file ×2 in 30 ms); files read: 2',
    ],
    [
      { ...base, output: "line one\nline two", program: "read_file(p)", tier: "templates" },
      "output:\n  line one\n  line two\nprogram (from templates):\n  read_file(p)\ntool calls: 3 (find_files ×1 in 2.5 ms, read_file ×2 in 30 ms); files read: 2",
    ],
    [{ ...base, trace: [], stats: undefined, filesRead: [] }, 'output:\n  ["a","b"]'],
    [
      { ...base, trace: base.trace.slice(0, 1), stats: { toolCalls: 61 } },
      'output:\n  ["a","b"]\ntool calls: 61; files read: 2',
    ],
    [
      {
        ...base,
        trace: [
          { tool: "read_file", durationMs: 4 },
          { tool: "read_file", durationMs: 12_000 },
        ],
        stats: undefined,
        filesRead: undefined,
      },
      'output:\n  ["a","b"]\ntool calls: 2 (read_file ×2 in 12.0 s)',
    ],
    [
      { ...base, filesModified: ["out.txt"], stdout: "hello\n" },
      'output:\n  ["a","b"]\nstdout:\n  hello\ntool calls: 3 (find_files ×1 in 2.5 ms, read_file ×2 in 30 ms); files read: 2; files modified: out.txt',
    ],
    [
      {
        ...base,
        success: false,
        output: null,
        trace: [],
        stats: { toolCalls: 0 },
        filesRead: [],
        error: {
          code: "invalid_program",
          message: "'var' declarations are not allowed. (and 1 more)",
          errors: [
            {
              code: "forbidden_syntax",
              message: "'var' declarations are not allowed.",
              line: 1,
              column: 1,
              hint: "use let",
            },
            { code: "unknown_name", message: "Unknown name 'fs'.", line: 2, column: 5 },
          ],
        },
      },
      "error[invalid_program]: 'var' declarations are not allowed. (and 1 more)\n  1:1 forbidden_syntax: 'var' declarations are not allowed. (hint: use let)\n  2:5 unknown_name: Unknown name 'fs'.\ntool calls: none",
    ],
    [
      {
        ...base,
        output: "x".repeat(10),
        truncated: [{ part: "output", totalChars: 5000, shownChars: 10 }],
      },
      "output:\n  xxxxxxxxxx\ntool calls: 3 (find_files ×1 in 2.5 ms, read_file ×2 in 30 ms); files read: 2\noutput cut to 10 of 5000 chars (ask for less, or raise maxOutputChars)",
    ],
  ])("renders case %#", (result, text) => {
    expect(renderRun(result)).toBe(text);
  });

  it("adds the hint of a run error", () => {
    expect(
      renderRun({
        ...base,
        success: false,
        output: null,
        error: {
          code: "tool_error",
          message: "Tool read_file failed: no such file.",
          hint: "check the path",
        },
      }),
    ).toContain("error[tool_error]: Tool read_file failed: no such file.\nhint: check the path\n");
  });

  it("gives a run error's position, from 1, and the tool's own code", () => {
    expect(
      renderRun({
        ...base,
        success: false,
        output: null,
        error: {
          code: "tool_error",
          toolCode: "edit_ambiguous",
          message: "Tool edit_file failed: \"a\" occurs 2 times in 'x.md'.",
          line: 2,
          column: 1,
        },
      }),
    ).toContain(
      "error[tool_error/edit_ambiguous] at 2:1: Tool edit_file failed: \"a\" occurs 2 times in 'x.md'.\n",
    );
  });
});

describe("renderValidation and renderGeneration", () => {
  it("renders a valid and an invalid program", () => {
    expect(
      renderValidation({
        valid: true,
        errors: [],
        calls: ["len", "find_files"],
        grade: { w: 1, d: 0 },
      }),
    ).toBe("valid; calls: len, find_files; grade w=1 d=0");
    const errors = Array.from({ length: 7 }, (_, index) => ({
      code: "bad_arity",
      message: `e${index}`,
      line: index + 1,
    }));
    expect(
      renderValidation({ valid: false, errors, calls: [], grade: { w: 0, d: 0 } }).split("\n"),
    ).toEqual([
      "invalid: 7 errors",
      "  1:1 bad_arity: e0",
      "  2:1 bad_arity: e1",
      "  3:1 bad_arity: e2",
      "  4:1 bad_arity: e3",
      "  5:1 bad_arity: e4",
      "  … and 2 more",
    ]);
  });

  it("renders a generated program and a failure", () => {
    expect(
      renderGeneration({
        success: true,
        program: "find_files(p)",
        tier: "rules",
        provider: "rules",
      }),
    ).toBe("program (from rules, provider rules):\n  find_files(p)");
    expect(
      renderGeneration({
        success: false,
        error: { code: "generation_failed", message: "No tier could write a valid program." },
      }),
    ).toBe("error[generation_failed]: No tier could write a valid program.");
  });
});
