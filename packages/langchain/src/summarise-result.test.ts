import { describe, expect, it } from "vitest";
import { MAX_LISTED_CALLS, summariseResult, type SummarisableResult } from "./summarise-result.js";

const base: SummarisableResult = {
  success: true,
  output: null,
  stdout: "",
  error: null,
  trace: [],
  filesModified: [],
};

const entry = (tool: string, args: unknown[], result: unknown, error: string | null = null) => ({
  step: 1,
  tool,
  args,
  result,
  durationMs: 1,
  success: error === null,
  error,
});

describe("summariseResult", () => {
  it("lists each call with an argument preview and the size of its result, not the result", () => {
    const secret = "file contents ".repeat(50);
    const summary = summariseResult(
      {
        ...base,
        output: 3,
        trace: [
          entry("find_files", ["**/*.ts"], ["a.ts", "b.ts", "c.ts"]),
          entry("read_file", ["a.ts"], secret),
          entry("stat", [{ path: "a.ts", deep: true }], { size: 1, mtime: 2 }),
          entry("count", [], 42),
          entry("first", [["a.ts"]], ["a.ts"]),
          entry("one_char", [], "x"),
          entry("read_file", ["missing.ts"], null, "No file missing.ts."),
        ],
      },
      { maxChars: 1000 },
    );
    expect(summary).toEqual({
      success: true,
      output: 3,
      calls: [
        { tool: "find_files", arguments: '"**/*.ts"', result: "3 items" },
        { tool: "read_file", arguments: '"a.ts"', result: "700 chars" },
        { tool: "stat", arguments: '{"path":"a.ts","deep":true}', result: "2 keys" },
        { tool: "count", arguments: "", result: "42" },
        { tool: "first", arguments: '["a.ts"]', result: "1 item" },
        { tool: "one_char", arguments: "", result: "1 char" },
        {
          tool: "read_file",
          arguments: '"missing.ts"',
          result: "error",
          error: "No file missing.ts.",
        },
      ],
    });
    expect(JSON.stringify(summary)).not.toContain("file contents");
  });

  it("cuts long arguments, output and stdout at the limit and says so", () => {
    const summary = summariseResult(
      {
        ...base,
        output: ["x".repeat(30), "y".repeat(30)],
        stdout: "line\n".repeat(10),
        trace: [entry("write_file", ["a.txt", "z".repeat(200)], 200)],
      },
      { maxChars: 20 },
    );
    expect(summary.output).toBe(`["${"x".repeat(18)}… (47 more characters)`);
    expect(summary.stdout).toBe("line\nline\nline\nline\n… (30 more characters)");
    expect(summary.truncated).toEqual(["output", "stdout"]);
    expect(summary.calls[0].arguments).toBe(`"a.txt", "${"z".repeat(70)}… (131 more characters)`);
  });

  it("keeps what the run itself cut in truncated", () => {
    const summary = summariseResult(
      { ...base, output: "short", stats: { truncated: ["variables"] } },
      { maxChars: 100 },
    );
    expect(summary).toEqual({
      success: true,
      output: "short",
      calls: [],
      truncated: ["variables"],
    });
  });

  it(`lists the first ${MAX_LISTED_CALLS} calls and counts the others`, () => {
    const trace = Array.from({ length: MAX_LISTED_CALLS + 7 }, (_, index) =>
      entry("read_file", [`f${index}.txt`], "x"),
    );
    const summary = summariseResult({ ...base, trace }, { maxChars: 100 });
    expect(summary.calls).toHaveLength(MAX_LISTED_CALLS);
    expect(summary.calls.at(-1)?.arguments).toBe(`"f${MAX_LISTED_CALLS - 1}.txt"`);
    expect(summary.omittedCalls).toBe(7);
  });

  it("gives a failed run's error with every validation error and hint, and no output", () => {
    const summary = summariseResult(
      {
        ...base,
        success: false,
        output: null,
        error: {
          code: "invalid_program",
          message: "A while loop is not allowed (and 1 more)",
          errors: [
            {
              code: "forbidden_syntax",
              message: "A while loop is not allowed",
              line: 1,
              column: 0,
              hint: "use for (const x of items)",
            },
            { code: "unknown_name", message: "Unknown name 'fs'.", line: 2, column: 4 },
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
        errors: [
          {
            code: "forbidden_syntax",
            message: "A while loop is not allowed",
            line: 1,
            column: 0,
            hint: "use for (const x of items)",
          },
          { code: "unknown_name", message: "Unknown name 'fs'.", line: 2, column: 4 },
        ],
      },
      calls: [],
    });
  });

  it("keeps a runtime error's place, tool and hint, and the files the run changed", () => {
    const summary = summariseResult(
      {
        ...base,
        success: false,
        error: {
          code: "tool_error",
          message: "No file b.txt.",
          line: 3,
          column: 2,
          tool: "read_file",
          hint: "call find_files first",
          retriable: true,
        } as SummarisableResult["error"],
        filesModified: ["a.txt"],
        program: 'write_file("a.txt", "x")\nread_file(name)',
        params: { name: "b.txt" },
        tier: "templates",
      },
      { maxChars: 100 },
    );
    expect(summary).toEqual({
      success: false,
      program: 'write_file("a.txt", "x")\nread_file(name)',
      params: { name: "b.txt" },
      tier: "templates",
      error: {
        code: "tool_error",
        message: "No file b.txt.",
        line: 3,
        column: 2,
        tool: "read_file",
        hint: "call find_files first",
      },
      calls: [],
      filesModified: ["a.txt"],
    });
  });
});
