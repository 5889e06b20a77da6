import { describe, expect, it } from "vitest";
import { validate } from "./index.js";

describe("README example", () => {
  it("validates as the README says", () => {
    const tools = [
      { name: "read_file", args: [{ name: "path", type: "string" }], gradeW: 1, effectsCeiling: 0 },
    ];
    const result = validate(`const text = read_file("README.md")\nlen(text.split("\\n"))`, {
      tools,
    });
    expect(result.valid).toBe(true);
    expect(result.calls).toEqual(["read_file", "len"]);
    expect(result.effects.grade).toEqual({ w: 1, d: 0 });
    expect(validate(`const s = ""\ns.constructor`).errors[0].code).toBe("forbidden_property");
  });
});
