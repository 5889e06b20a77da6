import { afterAll, describe, expect, it } from "vitest";
import { closeChildPool, run } from "./node.js";

afterAll(() => closeChildPool());

/** A tool that fails the way the file tools do: an error with a code, a hint and `retriable`. */
function failing(code: unknown) {
  return () => {
    throw Object.assign(new Error("'x' is not in 'a.txt'; the file is unchanged."), {
      code,
      hint: "copy old from the file",
      retriable: true,
    });
  };
}

describe.each(["in-process", "isolated"] as const)("a tool's own error code (%s)", (mode) => {
  it("comes back as the run error's toolCode, with the message, hint and position", async () => {
    const result = await run(`const n = 1\nedit("a.txt")`, {
      tools: { edit: failing("edit_not_found") },
      mode,
    });
    expect(result.error).toEqual({
      code: "tool_error",
      message: "Tool edit failed: 'x' is not in 'a.txt'; the file is unchanged.",
      tool: "edit",
      toolCode: "edit_not_found",
      retriable: true,
      hint: "copy old from the file",
      line: 2,
      column: 1,
    });
  });

  it.each([["ENOENT"], ["Not A Code"], [42], [{ code: "x" }], ["a".repeat(65)]])(
    "passes on only a snake_case word: %j is left out",
    async (code) => {
      const result = await run(`edit("a.txt")`, { tools: { edit: failing(code) }, mode });
      expect(result.error).toMatchObject({ code: "tool_error", tool: "edit" });
      expect(result.error).not.toHaveProperty("toolCode");
    },
  );

  it("leaves out a code that holds a secret's text", async () => {
    const echo = (token: unknown) => failing(`code_${String(token)}`)();
    const result = await run(`edit(token)`, {
      tools: { edit: echo },
      params: { token: "hunter" },
      secretParams: ["token"],
      mode,
    });
    expect(result.error).toMatchObject({ code: "tool_error", tool: "edit" });
    expect(result.error).not.toHaveProperty("toolCode");
    expect(JSON.stringify(result)).not.toContain("hunter");
  });
});
