import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/**
 * A member named with its owner after "of" ("the inc method of the SemVer class") is read as
 * `SemVer.inc`; "which file has the LRUCache class" asks for one file's definition; "grep
 * sideEffects" searches for a word that is also a package.json field's name.
 */
const FILES: Readonly<Record<string, string>> = {
  "package.json": JSON.stringify({ name: "demo", sideEffects: false }),
  "classes/semver.js":
    "class SemVer {\n  inc(release) {}\n  compare(other) {}\n}\nmodule.exports = SemVer;\n",
  "classes/range.js": "class Range {\n  inc() {}\n}\nmodule.exports = Range;\n",
  "internal/lrucache.js": "class LRUCache {}\nmodule.exports = LRUCache;\n",
  "functions/compare.js": "module.exports = function compare(a, b) {}\n",
};

const { ask } = workspaceFor("member-phrases", FILES);

const rows = (output: unknown) =>
  (output as { file: string; line: number }[]).map((row) => `${row.file}:${row.line}`);

describe("a member named with its owner", () => {
  it.each([
    "where is the inc method of the SemVer class",
    "where's the inc() method of SemVer",
    "where is SemVer.inc defined",
  ])("%j is the owner's member", async (request) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("definitions");
    expect(rows(output)).toEqual(["classes/semver.js:2"]);
  });

  it("never reads “the compare function of semver” as a member: it may be the package's", async () => {
    expect((await ask("where is the compare function of semver")).built.rule).toBeNull();
  });

  it("answers which one file has a class", async () => {
    const { built, output } = await ask("which file has the LRUCache class");
    expect(built.rule).toBe("definitions");
    expect(rows(output)).toEqual(["internal/lrucache.js:1"]);
  });

  it("greps a word that is also a field's name", async () => {
    const { built, output } = await ask("grep sideEffects");
    expect(built.rule).toBe("search");
    expect(rows(output)).toEqual(["package.json:1"]);
  });
});
