import { describe, expect, it } from "vitest";
import { normaliseIntent } from "@lackpy/infer/node";
import { generaliseProgram, isEmptyProgram, referencedNames } from "./generalise-program.js";

describe("normaliseIntent", () => {
  it("folds case, spaces and trailing punctuation", () => {
    expect(normaliseIntent("  Count   the TODOs in src/App.ts! ")).toBe(
      "count the todos in src/app.ts",
    );
  });
});

describe("generaliseProgram", () => {
  it("binds a path that appears in both the intent and a literal", () => {
    const result = generaliseProgram(
      "count lines in src/app.ts",
      `len(read_file("src/app.ts").split("\\n"))`,
    );
    expect(result).toEqual({
      pattern: "count lines in {arg1}",
      program: `len(read_file(arg1).split("\\n"))`,
      params: ["arg1"],
    });
  });

  it("binds quoted text and keeps the quotes literal", () => {
    const result = generaliseProgram(
      `find files containing "TODO" under src`,
      `const hits = find_files("src/**/*").filter(f => read_file(f).includes("TODO"))\nhits`,
    );
    expect(result?.pattern).toBe(`find files containing "{arg1}" under src`);
    expect(result?.program).toContain(`includes(arg1)`);
    expect(result?.program).toContain(`find_files("src/**/*")`);
  });

  it("keeps a program without shared literals as it is", () => {
    expect(generaliseProgram("list all python files", `find_files("**/*.py")`)).toEqual({
      pattern: "list all python files",
      program: `find_files("**/*.py")`,
      params: [],
    });
  });

  it("refuses intents with braces, which patterns cannot express", () => {
    expect(generaliseProgram("read {config}", `read_file("config")`)).toBeNull();
  });

  it("never reuses a reserved parameter name", () => {
    expect(generaliseProgram("read a.txt", `read_file("a.txt")`, ["arg1"])?.params).toEqual([
      "arg1_",
    ]);
  });
});

describe("isEmptyProgram", () => {
  it.each([
    ["", true],
    ["   \n\t", true],
    ["// nothing here\n/* at all */", true],
    [";;\n;", true],
    ["1", false],
    ["const x = 1", false],
    ["len(", false],
  ])("says %j is empty: %s", (program, empty) => {
    expect(isEmptyProgram(program)).toBe(empty);
  });
});

describe("referencedNames", () => {
  it("lists the given names the program reads, in the given order", () => {
    expect(
      referencedNames(`const cities = read_file(country + ".txt")\ncities`, ["limit", "country"]),
    ).toEqual(["country"]);
    expect(referencedNames(`find_files("*")`, ["country"])).toEqual([]);
  });
});

describe("generaliseProgram and trailing punctuation", () => {
  it("leaves the intent's trailing punctuation out of the pattern", () => {
    expect(
      generaliseProgram("Count lines in src/app.ts.", `len(read_file("src/app.ts"))`)?.pattern,
    ).toBe("Count lines in {arg1}");
  });
});
