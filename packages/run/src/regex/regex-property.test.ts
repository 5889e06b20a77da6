import { describe, expect, it } from "vitest";
import { translateProperty } from "./regex-property.js";

describe("translateProperty", () => {
  it("reads a property name as a name, never as a property of its own tables", () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      const translated = translateProperty(name, false, false);
      expect(JSON.stringify(translated), name).not.toMatch(/function|native code|object Object/);
    }
  });

  it("still translates the names it knows", () => {
    expect(translateProperty("Letter", false, false)).toBe("\\p{L}");
  });
});
