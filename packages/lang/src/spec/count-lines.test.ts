import { describe, expect, it } from "vitest";
import { countLines } from "./count-lines.js";

describe("countLines", () => {
  it.each([
    ["", 0],
    ["a", 1],
    ["a\n", 1],
    ["a\nb", 2],
    ["a\nb\n", 2],
    ["\n", 1],
    ["\n\n", 2],
    ["a\n\nb", 3],
    ["a\r\nb\r\n", 2],
    ["no newline at all, however long ".repeat(100), 1],
  ])("counts %j as %i lines", (text, lines) => {
    expect(countLines(text)).toBe(lines);
  });

  it("agrees with splitting at newlines and dropping the empty run after a final one", () => {
    for (const text of ["x\ny\n\nz\n", "\n\nlast", "one"]) {
      const runs = text.split("\n");
      if (runs.at(-1) === "") runs.pop();
      expect(countLines(text)).toBe(runs.length);
    }
  });
});
