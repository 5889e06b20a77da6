import { describe, expect, it } from "vitest";
import { roleForCall } from "./tool-roles.js";

describe("roleForCall", () => {
  it("needs admin for a tool it does not list, a prototype property's name too", () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype))
      expect(roleForCall(name, {}), name).toBe("admin");
    expect(roleForCall("run_program", {})).not.toBe("admin");
  });
});
