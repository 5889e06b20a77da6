import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

let root: string;
beforeAll(async () => {
  root = await writeWorkspace("folder-names", {
    "test/a.js": "",
    "lib/dialects/pg/index.js": "",
    "lib/test/b.js": "",
    "node_modules/x/test/c.js": "",
  });
  // An empty folder is a folder: the walk sees it, where a listing of files would not.
  await mkdir(path.join(root, "lib", "seeds"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("whether there is a folder of a name", () => {
  it.each<[string, string[]]>([
    ["is there a test folder?", ["lib/test", "test"]],
    ["is there a folder called dialects", ["lib/dialects"]],
    ["is there a seeds directory", ["lib/seeds"]],
    ["is there a src folder?", []],
  ])("%s", async (request, expected) => {
    const { built, output } = await answerCleanly(root, request);
    expect(built.rule && built.reading).toMatch(/^the folders named/);
    expect([...(output as string[])].sort()).toEqual(expected);
  });
});
