import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson, checkAnswer, checkValue } from "./checks.js";

describe("checkValue", () => {
  it("equals compares deeply, ignoring object key order", () => {
    expect(
      checkValue({ kind: "equals", value: { a: 1, b: [1, 2] } }, { b: [1, 2], a: 1 }).pass,
    ).toBe(true);
    expect(checkValue({ kind: "equals", value: 8 }, 8).pass).toBe(true);
    expect(checkValue({ kind: "equals", value: 8 }, "8").pass).toBe(false);
    expect(checkValue({ kind: "equals", value: [1, 2] }, [2, 1]).pass).toBe(false);
    expect(checkValue({ kind: "equals", value: null }, undefined).pass).toBe(false);
  });

  it("set_equals ignores order and duplicates but not missing or extra elements", () => {
    const check = { kind: "set_equals" as const, value: ["a", "b", { x: 1 }] };
    expect(checkValue(check, [{ x: 1 }, "b", "a", "a"]).pass).toBe(true);
    expect(checkValue(check, new Set(["a", "b", { x: 1 }])).pass).toBe(true);
    expect(checkValue(check, ["a", "b"])).toMatchObject({
      pass: false,
      detail: expect.stringContaining("missing 1"),
    });
    expect(checkValue(check, ["a", "b", { x: 1 }, "c"]).detail).toContain("extra 1");
    expect(checkValue(check, "a,b").pass).toBe(false);
  });

  it("contains works on strings (every part) and arrays (deep elements)", () => {
    expect(checkValue({ kind: "contains", value: "EUR" }, "price: 3 EUR").pass).toBe(true);
    expect(checkValue({ kind: "contains", value: ["a", "z"] }, "abc").pass).toBe(false);
    expect(
      checkValue({ kind: "contains", value: { id: "p1" } }, [{ id: "p1" }, { id: "p2" }]).pass,
    ).toBe(true);
    expect(checkValue({ kind: "contains", value: [1, 3] }, [1, 2]).pass).toBe(false);
    expect(checkValue({ kind: "contains", value: "x" }, 42).pass).toBe(false);
  });

  it("matches tests a regular expression against text or JSON", () => {
    expect(checkValue({ kind: "matches", value: "^1\\.5\\.0$" }, "1.5.0").pass).toBe(true);
    expect(checkValue({ kind: "matches", value: '"port":9090' }, { port: 9090 }).pass).toBe(true);
    expect(checkValue({ kind: "matches", value: "^1\\.5\\.0$" }, "1.5.01").pass).toBe(false);
  });

  it.each([
    ["src/a.ts", ["src/a.ts"], true],
    [{ file: "src/a.ts", line: 8 }, ["src/a.ts:8"], true],
    ["src/a.ts:8", ["src/a.ts:8"], true],
    ["src/a.ts:18", ["src/a.ts:8"], false],
    [[{ file: "src/a.ts" }, { file: "src/b.ts" }], ["src/a.ts"], false],
    [["src/a.ts", "src/b.ts"], ["src/a.ts", "src/b.ts"], true],
    ["see src/a.ts", ["src/a.ts", "src/b.ts"], false],
    ["lib/src/a.ts", ["src/a.ts"], false],
    ["src/a.tsx", ["src/a.ts"], false],
    [null, ["src/a.ts"], false],
  ])("locates %j as %j: %s", (answer, value, pass) => {
    const files = ["src/a.ts", "src/b.ts", "lib/src/a.ts", "src/a.tsx"];
    expect(checkValue({ kind: "locates", value }, answer, files).pass).toBe(pass);
  });

  it("locates names the files it misses and the ones it did not ask for", () => {
    const files = ["src/a.ts", "src/b.ts", "src/c.ts"];
    expect(checkValue({ kind: "locates", value: ["src/a.ts:3"] }, "src/b.ts, src/c.ts", files))
      .toMatchInlineSnapshot(`
      {
        "detail": "does not name src/a.ts:3; also names 2 other file(s) (src/b.ts, src/c.ts)",
        "pass": false,
      }
    `);
  });

  it("refuses an answer longer than maxLength before looking at it", () => {
    const check = { kind: "matches" as const, value: "TODO", maxLength: 20 };
    expect(checkValue(check, "TODO: fix").pass).toBe(true);
    expect(checkValue(check, `TODO: fix${" ".repeat(20)}`)).toEqual({
      pass: false,
      detail: "the answer has 29 characters, more than the 20 a right answer needs",
    });
    expect(
      checkValue({ ...check, kind: "equals", value: [1, 2, 3], maxLength: 6 }, [1, 2, 3]).pass,
    ).toBe(false);
  });

  it("canonicalJson sorts keys and turns sets and maps into plain data", () => {
    expect(canonicalJson({ b: 1, a: new Set([1]) })).toBe('{"a":[1],"b":1}');
    expect(canonicalJson(new Map([["k", 1]]))).toBe('{"k":1}');
    expect(canonicalJson(undefined)).toBe("undefined");
  });
});

describe("checkAnswer with a file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-checks-"));
    await writeFile(path.join(dir, "notes.md"), "version 1.5.0\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("checks the file's text after the run, not the output", () => {
    const check = { kind: "contains" as const, value: "1.5.0", file: "notes.md" };
    expect(checkAnswer(check, { output: null, workspace: dir }).pass).toBe(true);
    expect(
      checkAnswer({ ...check, value: "1.6.0" }, { output: "1.6.0", workspace: dir }).pass,
    ).toBe(false);
  });

  it("fails, naming the file, when the file is missing", () => {
    expect(
      checkAnswer(
        { kind: "contains", value: "x", file: "missing.md" },
        { output: "x", workspace: dir },
      ),
    ).toEqual({ pass: false, detail: "missing.md is missing after the run" });
  });
});
