import { describe, expect, it } from "vitest";
import type { ToolSpec } from "../types.js";
import { validate } from "./validate-program.js";

const READONLY: ToolSpec[] = [
  { name: "read_file", args: [{ name: "path", type: "string" }] },
  { name: "find_files", args: [{ name: "pattern", type: "string" }] },
];
const OTHER_KITS = { write_file: ["files"], edit_file: ["files", "editor"] };

describe("validate with otherKits", () => {
  it("names the kit that has a tool the kit lacks, with the caller's wording as the hint", () => {
    const result = validate('write_file("a.txt", "x")', {
      tools: READONLY,
      otherKits: OTHER_KITS,
      kitHint: "pass --kit {kit}",
    });
    expect(result.errors).toEqual([
      {
        code: "unknown_function",
        message: "'write_file' is not a tool of this kit; it is in kit files.",
        line: 1,
        column: 1,
        hint: "pass --kit files",
      },
    ]);
  });

  it("lists every kit that has it, uses the default hint, and covers a tool used as a value", () => {
    const result = validate('["a"].map(edit_file)', { tools: READONLY, otherKits: OTHER_KITS });
    expect(result.errors).toEqual([
      {
        code: "unknown_name",
        message: "'edit_file' is not a tool of this kit; it is in kits files, editor.",
        line: 1,
        column: 11,
        hint: 'use kit "files"',
      },
    ]);
  });

  it("keeps the generic error without otherKits, for names of no kit, and for the kit's own variables", () => {
    expect(validate('write_file("a", "b")', { tools: READONLY }).errors[0].message).toBe(
      "'write_file' is not a kit tool, helper or safe global.",
    );
    expect(
      validate('wrte_file("a", "b")', { tools: READONLY, otherKits: OTHER_KITS }).errors[0].message,
    ).toBe("'wrte_file' is not a kit tool, helper or safe global.");
    expect(
      validate("const write_file = 1\nwrite_file", { tools: READONLY, otherKits: OTHER_KITS })
        .valid,
    ).toBe(true);
  });

  it("is part of the cache key: the hint follows the caller's wording", () => {
    const source = 'write_file("b.txt", "y")';
    const cli = validate(source, {
      tools: READONLY,
      otherKits: OTHER_KITS,
      kitHint: "pass --kit {kit}",
    });
    const mcp = validate(source, {
      tools: READONLY,
      otherKits: OTHER_KITS,
      kitHint: 'call it again with "kit": "{kit}"',
    });
    expect(cli.errors[0].hint).toBe("pass --kit files");
    expect(mcp.errors[0].hint).toBe('call it again with "kit": "files"');
    expect(validate(source, { tools: READONLY }).errors[0].hint).not.toContain("files");
  });
});
