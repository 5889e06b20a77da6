import { describe, expect, it } from "vitest";
import { matchesAny, matchesGold } from "./compare-answer.js";

describe("matchesGold", () => {
  it("compares numbers and texts exactly", () => {
    expect(matchesGold(3, { kind: "number", value: 3 })).toBe(true);
    expect(matchesGold("3", { kind: "number", value: 3 })).toBe(false);
    expect(matchesGold([1, 2, 3], { kind: "number", value: 3 })).toBe(false);
    expect(matchesGold("a\n", { kind: "text", value: "a\n" })).toBe(true);
    expect(matchesGold("a", { kind: "text", value: "a\n" })).toBe(false);
  });

  it("compares paths as sets, or in order, from paths, rows or one path", () => {
    const gold = { kind: "paths" as const, value: ["a.js", "b.js"] };
    expect(matchesGold(["b.js", "a.js"], gold)).toBe(true);
    expect(
      matchesGold(
        [
          { file: "a.js", bytes: 2 },
          { file: "b.js", bytes: 1 },
        ],
        gold,
      ),
    ).toBe(true);
    expect(matchesGold(["a.js"], gold)).toBe(false);
    expect(matchesGold(["a.js", "b.js", "c.js"], gold)).toBe(false);
    expect(matchesGold(["b.js", "a.js"], { ...gold, ordered: true })).toBe(false);
    expect(matchesGold("a.js", { kind: "paths", value: ["a.js"] })).toBe(true);
    expect(matchesGold([], { kind: "paths", value: [] })).toBe(true);
  });

  it("compares names as sets, from a list or an object's keys", () => {
    const gold = { kind: "strings" as const, value: ["build", "test"] };
    expect(matchesGold(["test", "build"], gold)).toBe(true);
    expect(matchesGold({ build: "tsc", test: "vitest" }, gold)).toBe(true);
    expect(matchesGold({ build: "tsc" }, gold)).toBe(false);
  });

  it("compares JSON deeply with keys in any order, and hits as a set of file and line", () => {
    expect(matchesGold({ b: 1, a: [1, 2] }, { kind: "json", value: { a: [1, 2], b: 1 } })).toBe(
      true,
    );
    expect(matchesGold({ a: [2, 1] }, { kind: "json", value: { a: [1, 2] } })).toBe(false);
    const hits = { kind: "hits" as const, value: [{ file: "a.js", line: 2 }] };
    expect(matchesGold([{ file: "a.js", line: 2, text: "x" }], hits)).toBe(true);
    expect(matchesGold([{ file: "a.js", line: 3, text: "x" }], hits)).toBe(false);
    expect(
      matchesAny(false, [
        { kind: "paths", value: [] },
        { kind: "json", value: false },
      ]),
    ).toBe(true);
  });
});
