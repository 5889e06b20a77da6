import { describe, expect, it } from "vitest";
import { cleanup, sanitize } from "@lackpy/infer";
import { validate } from "@lackpy/lang";
import {
  fenced,
  finalConsoleLog,
  fsLeak,
  hallucinateKeys,
  helperFunction,
  importLeak,
  pathPrefix,
  returnStatement,
  unknownTool,
} from "./mistakes.js";

const TOOLS = ["read_file", "find_files", "find_callers"];
const codes = (program: string) =>
  validate(program, { allowedNames: TOOLS }).errors.map((error) => error.code);
/** What lackpy does with a raw answer before validating it. */
const repaired = (raw: string) => cleanup(sanitize(raw)).program;

const READ = 'text = read_file("docs/guide.md")\nlen(text.split("\\n"))';
const CALLERS = 'unique(find_callers("loadConfig").map(c => c.file))';

describe("mistakes", () => {
  it("a valid gold program stays valid", () => {
    expect(codes(READ)).toEqual([]);
    expect(codes(CALLERS)).toEqual([]);
  });

  it("fenced output with prose is rejected as is, and sanitize recovers the program", () => {
    const raw = fenced(READ);
    expect(raw).toMatch(/^Here is/);
    expect(codes(raw)).toContain("parse_error");
    expect(sanitize(raw)).toBe(READ);
  });

  it("pathPrefix makes the first path absolute; null without a path literal", () => {
    expect(pathPrefix(READ)).toContain('read_file("/workspace/docs/guide.md")');
    expect(pathPrefix("len(find_callers(name))")).toBeNull();
  });

  it("hallucinateKeys renames a result field; null when there is none to rename", () => {
    expect(hallucinateKeys(CALLERS)).toBe('unique(find_callers("loadConfig").map(c => c.path))');
    expect(hallucinateKeys('find_files("**/*.py")')).toBeNull();
  });

  it("fsLeak and importLeak are rejected, and cleanup repairs them", () => {
    const leak = fsLeak(READ)!;
    expect(leak).toContain('require("fs")');
    expect(codes(leak).length).toBeGreaterThan(0);
    expect(codes(repaired(leak))).toEqual([]);
    expect(fsLeak(CALLERS)).toBeNull();
    const imported = importLeak(CALLERS);
    expect(codes(imported)).toContain("forbidden_syntax");
    expect(repaired(imported)).not.toContain("import");
    expect(codes(repaired(imported))).toEqual([]);
  });

  it("a final console.log or return of the answer is repaired into the final expression", () => {
    const logged = finalConsoleLog(READ)!;
    expect(logged).toMatch(/console\.log\(len\(text\.split\("\\n"\)\)\);$/);
    expect(codes(logged).length).toBeGreaterThan(0);
    expect(codes(repaired(logged))).toEqual([]);
    const returned = returnStatement(CALLERS)!;
    expect(codes(returned)).toContain("forbidden_syntax");
    expect(codes(repaired(returned))).toEqual([]);
  });

  it("a helper function is rejected and stays rejected after cleanup", () => {
    const helper = helperFunction(CALLERS);
    expect(codes(helper).length).toBeGreaterThan(0);
    expect(codes(repaired(helper)).length).toBeGreaterThan(0);
  });

  it("unknownTool calls another framework's name, which the validator rejects", () => {
    expect(unknownTool('find_files("**/*.md")')).toBe('glob("**/*.md")');
    expect(codes(unknownTool(READ)!)).toContain("unknown_function");
    expect(unknownTool(CALLERS)).toBeNull();
  });
});
