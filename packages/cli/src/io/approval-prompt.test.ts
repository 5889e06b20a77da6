import { describe, expect, it } from "vitest";
import { palette } from "./code-frame.js";
import type { CommandContext } from "./command-context.js";
import { terminalApprover } from "./approval-prompt.js";

/** The approver over typed lines; the questions it wrote to stderr. */
function approverTyping(lines: string[]) {
  const written: string[] = [];
  const context = {
    io: { stderr: (text: string) => written.push(text) },
    colors: palette(false),
  } as unknown as CommandContext;
  const terminal = {
    isTTY: true,
    readLine: async () => lines.shift() ?? null,
    close: () => {},
  };
  return { approve: terminalApprover(context, terminal), written };
}

const call = { kind: "call" as const, tool: "write_file", args: ["a.md", "x"] };

describe("terminalApprover", () => {
  it("takes y, n and a and asks again for anything else", async () => {
    expect(await approverTyping(["Y"]).approve(call)).toBe("yes");
    expect(await approverTyping(["maybe", " n "]).approve(call)).toBe("no");
    expect(await approverTyping(["all"]).approve(call)).toBe("all");
    expect(await approverTyping([]).approve(call)).toBe("no");
  });

  it.each(["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf"])(
    "never reads %j as an answer: it is asked again, and the end of input is no",
    async (word) => {
      const { approve, written } = approverTyping([word]);
      expect(await approve(call)).toBe("no");
      expect(written.join("")).toContain("answer y (yes), n (no) or a");
    },
  );
});
