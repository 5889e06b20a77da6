import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

/**
 * "the word knex": strangers' golds match it as grep -w does (a whole word, case-sensitive),
 * while "knex" alone is every occurrence. Run by the real interpreter over the real file tools.
 */
const FILES: Readonly<Record<string, string>> = {
  "README.md": "knex is a query builder\nuse knexfile.js and Knex\nknex, knex!\n",
  "lib/a.js": "// knexfile loader\n",
  "lib/b.js": "const knex = require('knex');\n",
};

let root: string;

beforeAll(async () => {
  root = await writeWorkspace("whole-word", FILES);
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

describe("the word X", () => {
  it.each([
    ["how many times does the word knex appear in README.md", "count-occurrences", 3],
    ["how many times does knex appear in README.md", "count-occurrences", 4],
    ["how many lines contain the word knex in README.md", "count-lines-containing", 2],
    ["which files contain the word knex", "files-containing", ["README.md", "lib/b.js"]],
    ["which files contain knex", "files-containing", ["README.md", "lib/a.js", "lib/b.js"]],
  ] as const)("%j", async (request, rule, gold) => {
    const { built, output } = await answerCleanly(root, request);
    expect(built.rule).toBe(rule);
    expect(output).toEqual(gold);
    if (built.rule !== null && request.includes("the word"))
      expect(built.reading).toMatch(/whole word “knex”/);
  });
});
