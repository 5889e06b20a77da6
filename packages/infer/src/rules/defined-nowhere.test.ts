import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

/**
 * "where is the function fooBarBaz defined" for a name no file has: the strangers' corpora
 * expect `[]`. Finding no definition is no answer (the parser may not see one); a name typed
 * with its own inner capitals that no file mentions, whatever the case of its first letter, is
 * defined nowhere, and then `[]` is a checked answer (`emptyIsChecked`).
 */
const FILES: Readonly<Record<string, string>> = {
  "lib/a.js": "function loadConfig() {}\nmodule.exports = { loadConfig };\n",
  "lib/b.js": "// makeClient lives in a plugin we do not ship\nconst x = 1;\n",
  "lib/c.js": "exports.makeWidget = require('./widget');\n",
  "docs/notes.md": "The FooBarQux helper is gone.\n",
};

let root: string;

beforeAll(async () => {
  root = await writeWorkspace("nowhere", FILES);
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

describe("a name defined nowhere", () => {
  it.each([
    "where is the function fooBarBaz defined",
    "where is FooBarBaz defined",
    "where is fooBarBaz defined in lib",
  ])("%j is [] when no file mentions it", async (request) => {
    const { built, output } = await answerCleanly(root, request);
    expect(built.rule).toBe("definitions");
    expect(output).toEqual([]);
    if (built.rule === null) return;
    expect(built.emptyIsChecked).toBe(true);
    expect(built.noneIsUnknown).toBe(true);
    expect(built.reading).toMatch(/unless no file mentions “ooBarBaz”, then `\[\]`/);
  });

  it.each([
    // A comment mentions it: the parser may have missed a definition, so none is no answer.
    "where is makeClient defined",
    // The first letter in the other case: a mention all the same.
    "where is fooBarQux defined",
    // Mentioned, but only as an import: not a definition, and not known to be none.
    "where is makeWidget defined",
  ])("%j is null (no answer) when a file mentions it", async (request) => {
    const { built, output } = await answerCleanly(root, request);
    expect(built.rule).toBe("definitions");
    expect(output).toBeNull();
  });

  it.each([
    // All one case: a person may have meant a name with capitals, so nothing is checked.
    "where is foobarbaz defined",
    "where is MAX_SIZE defined",
    // One file was asked for: several files defining it is null, so none stays unknown.
    "which file defines fooBarBaz",
  ])("%j is not a checked none", async (request) => {
    const { built, output } = await answerCleanly(root, request);
    expect(built.rule).toBe("definitions");
    expect(output === null || (Array.isArray(output) && output.length === 0)).toBe(true);
    if (built.rule === null) return;
    expect(built.emptyIsChecked).toBeUndefined();
  });

  it("still answers a name that is defined", async () => {
    const { output } = await answerCleanly(root, "where is loadConfig defined");
    expect(output).toEqual([expect.objectContaining({ file: "lib/a.js", line: 1 })]);
  });
});

describe("a function called nowhere", () => {
  it.each([
    ["who calls fooBarBaz", []],
    ["how many files call fooBarBaz", 0],
    ["does anything call eval( ?", []],
  ] as const)("%j is none, checked, when no file mentions it", async (request, gold) => {
    const { built, output } = await answerCleanly(root, request);
    expect(built.rule).toBe("callers-parsed");
    expect(output).toEqual(gold);
    if (built.rule !== null) expect(built.emptyIsChecked).toBe(true);
  });

  it("is no answer when a file mentions it but the parser finds no call", async () => {
    const { output } = await answerCleanly(root, "how many files call makeClient");
    expect(output).toBeNull();
  });

  it("checks nothing for a name all in lower case that is not one of JavaScript's", async () => {
    const { built, output } = await answerCleanly(root, "who calls foobarbaz");
    expect(output).toEqual([]);
    if (built.rule !== null) expect(built.emptyIsChecked).toBeUndefined();
  });
});
