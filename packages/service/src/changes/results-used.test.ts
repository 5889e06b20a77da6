import { validate, validateProgram, type ToolSpec } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { resultsUsed } from "./results-used.js";

const TOOLS: ToolSpec[] = [
  { name: "open_issue", args: [{ name: "title", type: "string" }] },
  { name: "read_file", args: [{ name: "path", type: "string" }] },
];

function used(source: string): string[] {
  const { program, validation } = validateProgram(source, { tools: TOOLS });
  expect(validation.errors, source).toEqual([]);
  return [...resultsUsed(program!, new Set(["open_issue"]))];
}

describe("resultsUsed", () => {
  it.each([
    [`open_issue("a")\n"done"`, []],
    [`for (const t of ["a", "b"]) { open_issue(t) }\n1`, []],
    [`if (true) { open_issue("a") }\n1`, []],
    [`open_issue("a")`, ["open_issue"]],
    [`const issue = open_issue("a")\n1`, ["open_issue"]],
    [`print(open_issue("a"))`, ["open_issue"]],
    [`["a"].map(open_issue)`, ["open_issue"]],
    [`["a"].map((t) => open_issue(t))`, ["open_issue"]],
    [`const o = { open_issue: 1 }\no.open_issue`, []],
    [`read_file("a")`, []],
  ])("%j uses the results of %j", (source, expected) => {
    expect(used(source)).toEqual(expected);
  });

  it("reads a program validate() accepts", () => {
    expect(validate(`open_issue("a")\n1`, { tools: TOOLS }).valid).toBe(true);
  });
});
