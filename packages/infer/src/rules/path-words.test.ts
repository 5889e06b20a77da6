import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/**
 * Folders and files named the way strangers name them: `out` (a stop word, and TypeScript's
 * output folder), a path's end ("utils/merge.js"), files with no extension, and whether some
 * code-shaped text is there at all. Run by the real interpreter over the real file tools.
 */
const FILES: Readonly<Record<string, string>> = {
  "out/index.js": "exports.run = function run() {}\n",
  "out/utils/merge.js": "exports.deepMerge = function deepMerge() {}\n",
  "out/utils/index.js": "exports.x = 1\n",
  LICENSE: "MIT\n",
  "package.json": JSON.stringify({ name: "demo", license: "ISC" }),
  "src/main.ts": "console.log('hi')\n",
};

const { ask } = workspaceFor("path-words", FILES);

describe("folders and files as strangers name them", () => {
  it("reads “out” as the folder after “in” or before “folder”", async () => {
    expect((await ask("what folders are there under out?")).output).toEqual(["out/utils"]);
    expect((await ask("how many files in out")).output).toBe(3);
    expect((await ask("how many files does out/utils have, including subfolders")).output).toBe(2);
    const total = Object.entries(FILES)
      .filter(([file]) => file.startsWith("out/"))
      .reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
    expect((await ask("total size of the out folder")).output).toBe(total);
  });

  it("reads “everything under out” as every file in it, at any depth", async () => {
    const { built, output } = await ask("list everything under out");
    expect(built.rule).toBe("list-files");
    expect(output).toEqual(["out/index.js", "out/utils/index.js", "out/utils/merge.js"]);
  });

  it("reads “cat license” as the LICENSE file, “which license” as the field", async () => {
    expect((await ask("cat license")).output).toBe("MIT\n");
    expect((await ask("which license")).output).toBe("ISC");
  });

  it("reads a path's end that one file has as that file", async () => {
    const { built, output } = await ask("what does utils/merge.js export?");
    expect(built.rule).toBe("exports");
    expect(output).toEqual(["deepMerge"]);
  });

  it("lists and counts the files with no extension", async () => {
    expect((await ask("list files without an extension")).output).toEqual(["LICENSE"]);
    expect((await ask("how many files in out have no extension?")).output).toBe(0);
  });

  it("answers whether code-shaped text is there at all", async () => {
    const { built, output } = await ask("is there any console.log anywhere?");
    expect(built.rule).toBe("search");
    expect(output).toEqual([{ file: "src/main.ts", line: 1, text: "console.log('hi')" }]);
  });
});
