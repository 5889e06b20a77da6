import { describe, expect, it } from "vitest";
import { languageSpec } from "./language-spec.js";
import { methodsExceptLine, methodsLine } from "./summary-lines.js";

const PROTOTYPES: Record<string, object> = {
  string: String.prototype,
  array: Array.prototype,
  number: Number.prototype,
  regex: RegExp.prototype,
  set: Set.prototype,
  map: Map.prototype,
};

/** The names a line states as left out for a receiver (after "receiver:" or "a and b:"), up to the next ";". */
function leftOut(line: string, receiver: string): string[] {
  const group = new RegExp(
    `(?:^|; |except )(?:\\w+ and )?${receiver}(?: and \\w+)?: ([^;.]*)`,
  ).exec(line);
  return group
    ? group[1]!
        .replace(/the HTML ones.*$/, "")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
    : [];
}

describe("methodsExceptLine", () => {
  const spec = languageSpec();
  const line = methodsExceptLine(spec);

  it("is shorter than the full list it stands for", () => {
    expect(line.length).toBeLessThan(methodsLine(spec).length);
  });

  it("leaves out only host methods the spec does not allow, and every one of them", () => {
    for (const [receiver, prototype] of Object.entries(PROTOTYPES)) {
      const allowed = new Set<string>(
        (spec.methods as Readonly<Record<string, readonly string[]>>)[receiver],
      );
      for (const name of leftOut(line, receiver)) {
        expect(allowed.has(name), `${receiver}.${name}`).toBe(false);
        expect(typeof Reflect.get(prototype, name), `${receiver}.${name}`).toBe("function");
      }
      const stated = new Set(leftOut(line, receiver));
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const value = Object.getOwnPropertyDescriptor(prototype, name)?.value;
        if (name === "constructor" || typeof value !== "function" || allowed.has(name)) continue;
        // The conversions and Annex B's HTML methods are named once for all receivers.
        const grouped = /^(?:toString|valueOf|toLocale\w*)$/.test(name)
          ? line.includes(name.startsWith("toLocale") ? "toLocale…" : name)
          : receiver === "string" && line.includes("the HTML ones") && !/[A-Z]/.test(name);
        expect(stated.has(name) || grouped, `${receiver}.${name} is left out but not said`).toBe(
          true,
        );
      }
    }
  });

  it("lists in full the receivers JavaScript has no prototype for", () => {
    expect(line).toContain(`range: only ${spec.methods.range!.join(" ")}`);
  });

  it("says the conversions a receiver does allow", () => {
    expect(spec.methods.number).toContain("toString");
    expect(line).toContain("but toString on numbers");
  });
});
