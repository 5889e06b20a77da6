import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { validate } from "@lackpy/lang";
import { LONG_PAIR, PYTHON_COMPARISON_KIT, TYPICAL_PAIR } from "./python-programs.js";

const HAS_PYTHON = spawnSync("python3", ["--version"]).status === 0;
const TOOLS = PYTHON_COMPARISON_KIT.map((name) => ({ name }));

describe("the Python comparison programs", () => {
  it.each([
    ["typical", TYPICAL_PAIR],
    ["long", LONG_PAIR],
  ])("%s is valid lackpy", (_name, pair) => {
    expect(validate(pair.javascript, { tools: TOOLS }).errors).toEqual([]);
  });

  it("are as long on both sides, the long one 1,000 lines", () => {
    expect(LONG_PAIR.javascript.split("\n")).toHaveLength(1000);
    expect(LONG_PAIR.python.split("\n")).toHaveLength(1000);
    expect(TYPICAL_PAIR.python.split("\n")).toHaveLength(
      TYPICAL_PAIR.javascript.split("\n").length,
    );
  });

  it.skipIf(!HAS_PYTHON)("parse as Python", () => {
    for (const pair of [TYPICAL_PAIR, LONG_PAIR]) {
      const parsed = spawnSync("python3", ["-c", "import ast, sys; ast.parse(sys.stdin.read())"], {
        input: pair.python,
        encoding: "utf8",
      });
      expect(parsed.stderr).toBe("");
      expect(parsed.status).toBe(0);
    }
  });
});
