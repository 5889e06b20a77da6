import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

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

let root: string;

beforeAll(async () => {
  root = await writeWorkspace("member-phrases", FILES);
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

const rows = (output: unknown) =>
  (output as { file: string; line: number }[]).map((row) => `${row.file}:${row.line}`);

describe("a member named with its owner", () => {
  it.each([
    "where is the inc method of the SemVer class",
    "where's the inc() method of SemVer",
    "where is SemVer.inc defined",
  ])("%j is the owner's member", async (request) => {
    const { built, output } = await answerCleanly(root, request);
    expect(built.rule).toBe("definitions");
    expect(rows(output)).toEqual(["classes/semver.js:2"]);
  });

  it("never reads “the compare function of semver” as a member: it may be the package's", async () => {
    expect(
      (await answerCleanly(root, "where is the compare function of semver")).built.rule,
    ).toBeNull();
  });

  it("answers which one file has a class", async () => {
    const { built, output } = await answerCleanly(root, "which file has the LRUCache class");
    expect(built.rule).toBe("definitions");
    expect(rows(output)).toEqual(["internal/lrucache.js:1"]);
  });

  it("greps a word that is also a field's name", async () => {
    const { built, output } = await answerCleanly(root, "grep sideEffects");
    expect(built.rule).toBe("search");
    expect(rows(output)).toEqual(["package.json:1"]);
  });
});
