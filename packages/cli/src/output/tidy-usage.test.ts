import { describe, expect, it } from "vitest";
import { stripAnsi } from "./report-error.js";
import { tidyUsage } from "./tidy-usage.js";

describe("tidyUsage", () => {
  it("drops the spaces citty pads table rows with", () => {
    expect(
      tidyUsage("COMMANDS\n\n  list    List things          \n  show    Show one             \n"),
    ).toBe("COMMANDS\n\n  list    List things\n  show    Show one\n");
  });

  it("wraps a long table row under its description, at spaces", () => {
    const row = `     trust    ${"Trust the workspace's config: lackpy runs nothing it names until then ".repeat(2).trim()}`;
    const lines = tidyUsage(row, 60).split("\n");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines[0].startsWith("     trust    Trust ")).toBe(true);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {14}\S/);
    expect(lines.map((line) => line.trim()).join(" ")).toBe(row.trim().replace(/\s{2,}/, "    "));
  });

  it("wraps the usage line after a |, and keeps colours out of the count", () => {
    const commands = Array.from({ length: 20 }, (_, index) => `command${index}`).join("|");
    const lines = tidyUsage(`\u001B[1mUSAGE\u001B[22m lackpy ${commands}`, 50).split("\n");
    for (const line of lines) expect(stripAnsi(line).length).toBeLessThanOrEqual(50);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {13}command\d/);
    expect(lines.join("").replace(/ +/g, "")).toContain("command0|command1|");
  });
});
