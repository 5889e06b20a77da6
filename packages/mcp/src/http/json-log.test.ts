import { describe, expect, it } from "vitest";
import { jsonLog } from "./json-log.js";

describe("jsonLog", () => {
  it("writes what a client sent with its hidden code units escaped, parsing back to the same value", () => {
    const lines: string[] = [];
    const tool = "run\u202e_program\u009b2K\u200b\u001b]0;t\u0007 😀";
    jsonLog((line) => lines.push(line)).info("request", { tool });
    expect(lines[0]!.trimEnd()).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b\u202e]/); // eslint-disable-line no-control-regex
    expect(lines[0]).toContain(
      "run\\u202e_program\\u009b2K\\u200b\\u001b]0;t\\u0007 \\ud83d\\ude00",
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", event: "request", tool });
  });
});
