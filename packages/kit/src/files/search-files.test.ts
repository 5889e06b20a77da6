import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";
import { MAX_LINE_CHARS, MAX_SEARCH_RESULTS } from "./search-files.js";

let root: string;
let tools: ReturnType<typeof createFileTools>;

const FILES: Record<string, string | Buffer> = {
  "README.md": "# demo\nTODO: write the docs\n",
  "src/app.ts": "import { load } from './load'\n  // TODO: cache\nload() // todo lower\n",
  "src/load.ts": "export function load() {}\n",
  "src/min.js": `${"x".repeat(MAX_LINE_CHARS + 20)}TODO\n`,
  "data.bin": Buffer.from("TODO\0binary"),
  "node_modules/dep/index.js": "// TODO: not ours\n",
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-search-"));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  tools = createFileTools(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("search_files", () => {
  it("finds exact, case-sensitive text in text files, in file and line order", async () => {
    expect(await tools.search_files("TODO")).toEqual([
      { file: "README.md", line: 2, text: "TODO: write the docs" },
      { file: "src/app.ts", line: 2, text: "// TODO: cache" },
      { file: "src/min.js", line: 1, text: `${"x".repeat(MAX_LINE_CHARS)}…` },
    ]);
  });

  it("narrows to a glob, and reads node_modules only when the glob names it", async () => {
    expect(await tools.search_files("load", "src/**/*.ts")).toEqual([
      { file: "src/app.ts", line: 1, text: "import { load } from './load'" },
      { file: "src/app.ts", line: 3, text: "load() // todo lower" },
      { file: "src/load.ts", line: 1, text: "export function load() {}" },
    ]);
    expect((await tools.search_files("TODO", "node_modules/**")).map((hit) => hit.file)).toEqual([
      "node_modules/dep/index.js",
    ]);
  });

  it("treats the text as plain text, never as a pattern", async () => {
    expect(await tools.search_files("load(")).toEqual([
      { file: "src/app.ts", line: 3, text: "load() // todo lower" },
      { file: "src/load.ts", line: 1, text: "export function load() {}" },
    ]);
    expect(await tools.search_files(".*")).toEqual([]);
  });

  it.each(["", "a\nb", 42, null, "x".repeat(1001)])("refuses the text %j", async (text) => {
    expect(await refusal(tools.search_files(text))).toMatchObject({
      code: "invalid_argument",
      retriable: true,
    });
  });

  it("refuses a search with more rows than the limit, with a hint to narrow it", async () => {
    await writeFile(path.join(root, "many.txt"), "hit\n".repeat(MAX_SEARCH_RESULTS + 1));
    try {
      expect(await refusal(tools.search_files("hit"))).toMatchObject({
        code: "too_many_results",
        hint: "search for something more specific, or pass a narrower glob",
      });
    } finally {
      await rm(path.join(root, "many.txt"));
    }
  });

  it("stops before the next file once its call is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const search = tools.search_files.call({ signal: controller.signal }, "TODO");
    expect((await refusal(search)).code).toBe("aborted");
  });
});
