import { formatLanguageSpec, languageSpec, validate } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { languageSummary } from "./language-summary.js";
import { toolDescription } from "./tool-description.js";

const KIT = {
  name: "readonly",
  description: "read_file(path: string) -> string — Read a UTF-8 text file from the workspace.",
};

describe("languageSummary", () => {
  const summary = languageSummary();
  const spec = languageSpec();

  it("names every helper signature, safe global and method of the spec", () => {
    for (const helper of spec.helpers) expect(summary).toContain(helper.signature);
    for (const global of spec.safeGlobals) expect(summary).toContain(global.name);
    for (const [receiver, methods] of Object.entries(spec.methods))
      expect(summary).toContain(`${receiver}: ${methods.join(", ")}`);
  });

  it("names the refused constructs a program can contain", () => {
    for (const construct of [
      "a while loop",
      "a return statement outside an arrow function",
      "a try statement",
      "new of anything but Set and Map",
      "regex lookaround and backreferences",
    ])
      expect(summary).toContain(construct);
    expect(summary).not.toContain("C-style");
  });

  it("shows only forms the validator accepts as allowed", () => {
    const allowed = /^Allowed: (.*)$/m.exec(summary)![1];
    // What the line shows, and a whole program of that form.
    for (const [shown, program] of [
      ["for (let i = 0; i < n; i++)", "for (let i = 0; i < n; i++) {}"],
      ["xs.forEach(x => { ...; return y })", "xs.forEach(x => { print(x); return x })"],
      ["new Set(xs)", "[...new Set(xs)]"],
      ["new Map(pairs)", "new Map(pairs)"],
      ["range(n).filter(i => i > 0)", "range(n).filter(i => i > 0)"],
    ]) {
      expect(allowed).toContain(shown);
      expect(validate(program, { params: ["xs", "n", "pairs"] }).errors).toEqual([]);
    }
  });

  it("leaves out parentheses, since grouping is allowed", () => {
    expect(summary).not.toContain("parentheses");
    expect(validate("const total = (1 + 2) * 3\ntotal").valid).toBe(true);
  });

  it("is a fraction of the full reference", () => {
    expect(summary.length).toBeLessThan(formatLanguageSpec().length / 2);
  });
});

describe("toolDescription", () => {
  it("gives a program-writing model the kit's signatures and the language", () => {
    const description = toolDescription("program", KIT);
    expect(description).toContain(`Kit 'readonly', tools:\n${KIT.description}`);
    expect(description).toContain(languageSummary());
    expect(description).toContain("fix the program and call this tool again");
  });

  it("gives a delegating model the kit's signatures without the language", () => {
    const description = toolDescription("delegate", KIT);
    expect(description).toContain(KIT.description);
    expect(description).toContain("give the intent in words");
    expect(description).not.toContain("Helpers:");
  });
});
