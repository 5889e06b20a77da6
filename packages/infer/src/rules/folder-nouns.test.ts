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
  "src/helpers/README.md",
  "lib/adapters/http.js",
  "lib/adapters/xhr.js",
  "lib/adapters/README.md",
  "dist/plugins/a.js",
  "dist/plugins/a.d.ts",
  "docs/guides/intro.md",
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

describe("a plural noun alone", () => {
  it("is the code files of the one flat folder of its name, its docs left out", async () => {
    expect(await read("list the adapters")).toMatchObject({
      rule: "list-files",
      params: { pattern: "lib/adapters/**/*.js" },
    });
    expect(await read("how many helpers are there?")).toMatchObject({
      rule: "count-files",
      params: { pattern: "src/helpers/**/*.js" },
    });
    expect(await read("list the adapters in lib/adapters")).toMatchObject({
      rule: "list-files",
      params: { pattern: "lib/adapters/**/*.js" },
    });
  });

  it("is not read where the folder's files are of two kinds, not code, or not its own", async () => {
    // a.js beside a.d.ts: the modules or their declarations, two readings.
    expect((await read("list the plugins")).rule).toBeNull();
    // JSON data, not modules.
    expect((await read("list the locales")).rule).toBeNull();
    // Subfolders, two folders of the name, a folder of another name, a singular noun.
    expect((await read("list the rules")).rule).toBeNull();
    expect((await read("list the widgets")).rule).toBeNull();
    expect((await read("list the adapters in src/helpers")).rule).toBeNull();
    expect((await read("list the adapter")).rule).toBeNull();
  });
});
