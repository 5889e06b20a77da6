import { describe, expect, it } from "vitest";
import { FILE_TOOL_SPECS } from "../files/file-tool-specs.js";
import { toolSummary } from "./describe-tools.js";

const spec = (description: string) => ({ name: "t", description });

describe("toolSummary", () => {
  it("gives the first sentence whole when it fits", () => {
    expect(toolSummary(spec("Reads a file. Then more."))).toBe("Reads a file.");
    expect(toolSummary({ name: "t" })).toBe("");
  });

  it("shortens a long sentence by whole clauses, never inside a list or a word", () => {
    const text =
      "Where name is defined as a function, class, method, interface, type, enum or variable in the code files (or those matching glob): the defining lines.";
    expect(toolSummary(spec(text), 110)).toBe(
      "Where name is defined as a function, class, method, interface, type, enum or variable in the code files…",
    );
    expect(toolSummary(spec("One clause only, with commas, and no end that fits here."), 20)).toBe(
      "One clause only, with commas, and no end that fits here.",
    );
    expect(toolSummary(spec("A first clause that is too long; a second."), 10)).toBe(
      "A first clause that is too long…",
    );
  });

  it("cuts no description of the builtin file tools mid-clause at the index width", () => {
    for (const tool of FILE_TOOL_SPECS) {
      const summary = toolSummary(tool, 80);
      const first = tool.description!.split(/(?<=[.!?]) (?=[A-Z])/)[0];
      expect(first.startsWith(summary.replace(/…$/, "")), tool.name).toBe(true);
      if (summary.endsWith("…")) expect(first[summary.length - 1]).toMatch(/[;:( ]/);
    }
  });
});
