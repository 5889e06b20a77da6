import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView } from "@lackpy/kit/node";
import { matchRules } from "./match-rules.js";

/** A noun read as the one folder of its name, only where that leaves one reading. */
const FILES = [
  "locales/en.json",
  "locales/fr.json",
  "lib/rules/a.js",
  "lib/rules/utils/u.js",
  "a/widget/x.js",
  "b/widgets/y.js",
  "src/helpers/one.js",
  "src/helpers/two.js",
];

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-folder-nouns-"));
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), "{}\n");
  }
});

afterAll(() => rm(root, { recursive: true, force: true }));

const read = (intent: string) =>
  matchRules(intent, {
    tools: new Set(["find_files", "file_sizes"]),
    workspace: createWorkspaceView(root),
  });

describe("a noun that names a folder by its files", () => {
  it("is the one folder of its name, singular or plural, when it holds its files directly", async () => {
    const built = await read("how many locale files are there?");
    expect(built).toMatchObject({ rule: "count-files", params: { pattern: "locales/**/*" } });
    expect(await read("which helper file in src/helpers is the biggest")).toMatchObject({
      rule: "largest-files",
    });
  });

  it("is not read where a folder has subfolders, or two folders have the name", async () => {
    // "the rule files" may be lib/rules/*.js without utils/: no answer rather than a guess.
    expect((await read("how many rule files are there")).rule).toBeNull();
    expect((await read("how many widget files are there")).rule).toBeNull();
    // A noun that is not the named folder's own name is not dropped.
    expect((await read("how many widget files in src/helpers")).rule).toBeNull();
  });
});
