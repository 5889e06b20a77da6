import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

/**
 * Classes of request the rules read (number words, chat spellings, units of size, "top-level"
 * before the files, depth words, two kinds in a row, folder counts, names by kind, a word after
 * "a", one file asked for, extension words whose family differs), each in our own wordings, on
 * a workspace of our own; every answer is run by the real interpreter over the real file tools.
 */
const FILES: Readonly<Record<string, string>> = {
  "README.md": "# demo\n",
  "notes.md": "# notes\n",
  "package.json":
    '{ "name": "demo", "scripts": { "build": "tsc -b" }, "engines": { "node": ">=20" } }\n',
  "lib/.gitkeep": "",
  "pkg/tool.js": "export function tool() {}\n",
  "pkg/cjs/tool.js": "exports.tool = function tool() {};\n",
  "pkg/use.js": 'import { tool } from "./tool.js";\n',
  "pkg/cjs/use.js": 'const { tool } = require("./tool.js");\n',
  "lib/clock.mjs":
    'export const tick = () => setTimeout(tick, 1);\n// console.log("tick")\nconsole.log(process.env.TZ);\n',
  "index.js": 'import { helper } from "./helper.js";\nexport const main = () => helper();\n',
  "helper.js": "export function helper() {\n  return 1;\n}\n",
  "big.txt": "x".repeat(3000),
  "src/app.ts": 'import { util } from "./util.js";\nexport const app = util;\n',
  "src/util.ts": "export function util() {}\n",
  "src/deep/inner.ts": "export const inner = 1;\n",
  "src/deep/inner.d.ts": "export declare const inner: number;\n",
  "docs/guide.md": "# guide\nsee demo\n",
  "docs/api/ref.md": "# ref\n",
  "dist/esm/run.js": "export function run() {}\n",
  "dist/cjs/run.js": "exports.run = function run() {};\n",
  "web/page.mjs": "export const page = 1;\n",
  "wrap/one.js": "export function twice() {}\n",
  "wrap/two.js": "export const twice = () => 2;\n",
};

let root: string;

beforeAll(async () => {
  root = await writeWorkspace("recall", FILES);
  await mkdir(path.join(root, "vault/hollow"), { recursive: true });
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

const ask = (request: string) => answerCleanly(root, request);

describe("classes of request the rules read", () => {
  it.each([
    [
      "gimme the first two lines of index.js",
      "first-lines",
      'import { helper } from "./helper.js";\nexport const main = () => helper();',
    ],
    ["count teh markdown files under docs", "count-files", 2],
    ["what are the three biggest files, largest first", "largest-files", null],
    ["which files weigh more than 2 KB", "files-over-size", ["big.txt"]],
    ["how many files are smaller than 1kb", "files-over-size", 21],
    ["what is the number of markdown files", "count-files", 4],
    ["list the top-level markdown files", "list-files", ["README.md", "notes.md"]],
    ['how many root md files mention "notes"', "count-files-containing", 1],
    ["how many files are in the whole docs tree", "count-files", 2],
    ["count the files sitting directly in src, not counting anything deeper", "count-files", 2],
    ["sum up the sizes of the markdown files (bytes)", "total-size", 38],
    ["how long is helper.js in lines", "file-lines", 3],
    ["which file in src is the biggest, size-wise", "largest-files", null],
    // "dist" is a letter from "list": a guessed verb at the end is not moved to the front.
    ["the 2 largest files in dist", "largest-files", null],
    ["how many exports does src/app.ts have", "exports", 1],
    ["how many things does index.js export", "exports", 1],
    // The extension after the files says which of the kind's is meant.
    ["how many typescript declaration files (.d.ts) are there?", "count-files", 1],
    ["how many ts files (.ts) are in src", "count-files", 4],
    ["how many folders are directly inside src", "count-folders", 1],
    ["total line count of the typescript files in src", "total-lines", 5],
    ["break down the files in src by extension", "count-per-extension", { ".ts": 4 }],
    // The extensions, where, then the counts; "how many of each extension".
    ["which file extensions are in src, with counts", "count-per-extension", { ".ts": 4 }],
    ["how many of each extension in src", "count-per-extension", { ".ts": 4 }],
    [
      "what kinds of files are in src, and how many of each extension?",
      "count-per-extension",
      { ".ts": 4 },
    ],
    ["how many typescript declaration files exist", "count-files", 1],
    ["any markdown docs in docs? list them", "list-files", ["docs/api/ref.md", "docs/guide.md"]],
    ["how many subdirectories does src have", "count-folders", 1],
    ["vault - how many folders does it hold, at any depth?", "count-folders", 1],
    ["how many files in each docs subfolder", "count-per-subfolder", { "docs/api": 1 }],
    [
      'markdown files at the root with "notes" in the filename',
      "files-name-contains",
      ["notes.md"],
    ],
    ["which module defines helper", "definitions", [{ file: "helper.js", line: 1 }]],
    ["find where function util is declared", "definitions", [{ file: "src/util.ts", line: 1 }]],
    ["where is run defined", "definitions", [{ file: "dist/esm/run.js", line: 1 }]],
    ["which modules are imported in src/app.ts", "imports", ["./util.js"]],
    ["what command does `npm run build` run", "script-command", "tsc -b"],
    // A kind before the name, a capitalised name a letter from a word ("Locale", "locate"), a
    // misspelt "defined", a file's users and a module file named without its extension.
    ["where's function helper", "definitions", [{ file: "helper.js", line: 1 }]],
    ["where is the Tick constant", "definitions", null],
    ["where is helper defnied", "definitions", [{ file: "helper.js", line: 1 }]],
    ["who uses helper.js", "files-importing", ["index.js"]],
    ["who imports helper?", "files-importing", ["index.js"]],
    ["what are the top-level folders in src", "list-folders", ["src/deep"]],
    // Text after grep -i, "say", "the string" and "find" with a code-shaped name.
    ["grep -i DEMO docs/guide.md", "search", [{ file: "docs/guide.md", line: 2 }]],
    ['where does it say "see demo"', "search", [{ file: "docs/guide.md", line: 2 }]],
    ["find setTimeout", "search", [{ file: "lib/clock.mjs", line: 1 }]],
    [
      "find the string tick",
      "search",
      [
        { file: "lib/clock.mjs", line: 1 },
        { file: "lib/clock.mjs", line: 2 },
      ],
    ],
    [
      "what file types are in the repo and how many of each",
      "count-per-extension",
      { "": 1, ".js": 10, ".md": 4, ".json": 1, ".mjs": 2, ".ts": 4, ".txt": 1 },
    ],
  ] as const)("%j → %s", async (request, rule, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule, JSON.stringify(built)).toBe(rule);
    if (gold === null) return;
    const rows = Array.isArray(output)
      ? output.map((row) =>
          typeof row === "object" && row !== null && "line" in row
            ? { file: (row as { file: string }).file, line: (row as { line: number }).line }
            : row,
        )
      : output;
    expect(rows).toEqual(gold);
  });

  it("reads a size with its unit in bytes, and says how many", async () => {
    const { built } = await ask("which files are bigger than 2 KB");
    expect(built.rule === null ? "" : built.reading).toContain("2 KB = 2,048 bytes");
  });

  it("answers one file asked for only when one file defines the name", async () => {
    const { built, output } = await ask("which file defines twice");
    expect(built.rule).toBe("definitions");
    expect(built.rule === null ? "" : built.reading).toContain("one file was asked for");
    expect(output).toBeNull();
    // Its null is not "defined nowhere", and the reason says which it may be.
    expect(built.rule === null ? null : built.noneIsUnknown).toMatch(
      /or found it in several files/,
    );
  });

  it.each([
    // "js": .js alone or every JavaScript file; web/page.mjs makes them differ.
    ["count the js files", "may mean the .js files alone"],
    // "a hash": a kind of text, not the word.
    ["files with a hash in the name", "kind of text"],
    // "docs files": the docs folder's files, or documentation files anywhere; here they differ.
    ["how many docs files are there", "not the same files"],
    // The dependencies, the license: package.json's, or a name in the code? Neither is a name.
    ["where are the dependencies defined", "not a plain identifier"],
    ["where is the license defined", "not a plain identifier"],
    // A hidden path is closed, and the miss says how to open it.
    ["show .borp.yaml", "[files] allow_read"],
    ["whats inside the .vscode folder?", "hidden"],
    // "100k" may be 100,000 or 102,400 bytes.
    ["which files are over 100k", "no rule"],
  ])("does not answer %j", async (request, why) => {
    const { built } = await ask(request);
    expect(built.rule).toBeNull();
    expect(built.rule === null ? built.reason : "").toContain(why);
  });

  it.each(["file sizes in src", "sizes of the files in src", "size of each file in src"])(
    "reads %j as each file's size",
    async (request) => {
      const { built, output } = await ask(request);
      expect(built.rule).toBe("sizes-per-file");
      const sources = Object.keys(FILES).filter((file) => file.startsWith("src/"));
      expect(output).toEqual(
        Object.fromEntries(sources.map((file) => [file, Buffer.byteLength(FILES[file]!)])),
      );
    },
  );

  it.each([
    ["loc in src", "src/**/*"],
    ["total lines across src/*.ts", "src/*.ts"],
    ["how many lines in src/**/*.ts", "src/**/*.ts"],
  ])("reads %j as the total lines of %s", async (request, glob) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("total-lines");
    const matched = Object.keys(FILES).filter((file) =>
      glob === "src/**/*"
        ? file.startsWith("src/")
        : glob === "src/*.ts"
          ? /^src\/[^/]+\.ts$/.test(file)
          : /^src\/.*\.ts$/.test(file),
    );
    const lines = (text: string) =>
      text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    expect(output).toBe(matched.reduce((total, file) => total + lines(FILES[file]!), 0));
  });

  it("never counts lines a request does not ask to count, nor a glob outside the workspace", async () => {
    expect((await ask("lines in src")).built.rule).toBeNull();
    expect((await ask("how many lines in ../*.js")).built.rule).toBeNull();
  });

  it("shows the largest file's size when asked, every file of that size", async () => {
    const { built, output } = await ask("largest file in src and its size");
    expect(built.rule).toBe("largest-files");
    expect(output).toEqual([
      { file: "src/app.ts", bytes: Buffer.byteLength(FILES["src/app.ts"]!) },
    ]);
    expect((await ask("the 2 largest files in src with their sizes")).output).toHaveLength(2);
  });

  it.each([
    ["the 2nd line of helper.js", "  return 1;"],
    ["print line 1 to line 2 of helper.js", "export function helper() {\n  return 1;"],
    ["from line 2 to the end of helper.js", "  return 1;\n}"],
  ])("reads %j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("line-range");
    expect(output).toBe(gold);
  });

  it("answers a line past a file's end with no answer, not an empty line", async () => {
    const { built, output } = await ask("line 99 of helper.js");
    expect(output).toBeNull();
    if (built.rule === null) throw new Error("no rule");
    expect(built.noneIsUnknown).toBe("“helper.js” has no line 99");
    expect(built.emptyIsChecked).toBe(true);
  });

  it("reads “only 3 lines long” as exactly that many lines", async () => {
    const { built, output } = await ask("which files in src are only 1 line long");
    expect(built.rule).toBe("files-over-lines");
    expect(output).toEqual(["src/deep/inner.d.ts", "src/deep/inner.ts", "src/util.ts"]);
    expect(built.rule === null ? "" : built.reading).toMatch(/with exactly 1 lines/);
  });

  it("reads one size of several files as their total", async () => {
    for (const request of ["size of src", "file size in src", "total size of src"])
      expect((await ask(request)).built.rule, request).toBe("total-size");
  });

  it("never reads a file's name beside a folder as text to search for", async () => {
    for (const request of ["is there any helper.js in lib", "notes.md in docs"])
      expect((await ask(request)).built.rule, request).not.toBe("search");
  });

  // Classes from strangers' corpora C, D and F.
  it.each<[string, string, unknown]>([
    // A count of files counts hidden names, as `find` and `git ls-files` do.
    ["how many files total", "count-files", Object.keys(FILES).length],
    ["what are demo's dependencies", "package-dependencies", {}],
    ["does demo have any dependencies", "package-dependencies", {}],
    ["what node version does demo need", "package-field", ">=20"],
    ["show the folder structure of src", "list-all-folders", ["src/deep"]],
    [
      "what's the top-level folder layout",
      "list-folders",
      ["dist", "docs", "lib", "pkg", "src", "vault", "web", "wrap"],
    ],
    ["where are the tests?", "list-test-files", []],
    // Text after "use", "used", "call" or "find": quoted, or a code-shaped name.
    ...[
      "where do we use setTimeout in lib",
      "find uses of setTimeout",
      "where is setTimeout used",
      "where do we call setTimeout in lib",
      'find "setTimeout" in lib',
    ].map((request): [string, string, unknown] => [
      request,
      "search",
      [{ file: "lib/clock.mjs", line: 1, text: "export const tick = () => setTimeout(tick, 1);" }],
    ]),
    [
      "any console.log calls in lib?",
      "search",
      [
        { file: "lib/clock.mjs", line: 2, text: '// console.log("tick")' },
        { file: "lib/clock.mjs", line: 3, text: "console.log(process.env.TZ);" },
      ],
    ],
    // Code-shaped text alone with where to look: "any" asks whether it is there.
    ...["any console.log in lib?", "is there any console.log in lib"].map(
      (request): [string, string, unknown] => [
        request,
        "search",
        [
          { file: "lib/clock.mjs", line: 2, text: '// console.log("tick")' },
          { file: "lib/clock.mjs", line: 3, text: "console.log(process.env.TZ);" },
        ],
      ],
    ),
    [
      "any process.env in lib",
      "search",
      [{ file: "lib/clock.mjs", line: 3, text: "console.log(process.env.TZ);" }],
    ],
    // A word for what package.json declares is never a definition's name.
    ["which scripts are declared", "package-scripts", { build: "tsc -b" }],
    ["what scripts are defined", "package-scripts", { build: "tsc -b" }],
    ["which files use setTimeout", "files-containing", ["lib/clock.mjs"]],
    ["where is the file named inner.ts", "files-named", ["src/deep/inner.ts"]],
    ["list every inner.ts in src", "files-named", ["src/deep/inner.ts"]],
    ["any .mjs files? how many", "count-files", 2],
    ["do we have any yaml files? how many", "count-files", 0],
    ["deps of index.js", "imports", ["./helper.js"]],
    // A path's end with a module extension names workspace files, never a package.
    ["which files import tool.js", "files-importing", ["pkg/cjs/use.js", "pkg/use.js"]],
    // A CommonJS copy in a cjs folder beside its module is not where the name is defined.
    [
      "where is tool defined",
      "definitions",
      [{ file: "pkg/tool.js", line: 1, text: "export function tool() {}", kind: "function" }],
    ],
    // Chat words carry nothing: "hm", "plz", "u", "wat".
    [
      "hm, where's helper defined? plz",
      "definitions",
      [{ file: "helper.js", line: 1, text: "export function helper() {", kind: "function" }],
    ],
    ["can u tell me wat index.js imports", "imports", ["./helper.js"]],
    [
      "where do we define the helper function",
      "definitions",
      [{ file: "helper.js", line: 1, text: "export function helper() {", kind: "function" }],
    ],
    [
      "where is helper() defined",
      "definitions",
      [{ file: "helper.js", line: 1, text: "export function helper() {", kind: "function" }],
    ],
  ])("reads %j (%s)", async (request, rule, expected) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe(rule);
    expect(output).toEqual(expected);
  });

  it("answers 'what directories does the repo have' only where top-level and all folders agree", async () => {
    // src/deep is a folder below a top folder here: the two readings differ.
    expect((await ask("what directories does the repo have")).built.rule).toBeNull();
    expect((await ask("how many directories are there")).built.rule).toBeNull();
    const flat = await writeWorkspace("flat", { "a.js": "", "fp/b.js": "", "docs/c.md": "" });
    try {
      expect((await answerCleanly(flat, "how many directories are there")).output).toBe(2);
    } finally {
      await rm(flat, { recursive: true, force: true });
    }
  });

  it("reads a character named by its word after “an” (“start with an underscore”), and no other word", async () => {
    const named = await writeWorkspace("named", { "_base.js": "", "fp/_util.js": "", "a.js": "" });
    try {
      expect((await answerCleanly(named, "how many files start with an underscore?")).output).toBe(
        2,
      );
      expect((await answerCleanly(named, "files that start with a hash")).built.rule).toBeNull();
    } finally {
      await rm(named, { recursive: true, force: true });
    }
  });

  it("answers no request whose flag changes the answer in a way it does not read (-v, -w, -l)", async () => {
    for (const request of ["grep -v tick lib", "grep -w tick lib", "grep -il tick lib"])
      expect((await ask(request)).built.rule, request).toBeNull();
    // -i is read: the text in any case.
    const { built, output } = await ask("grep -i TICK lib/clock.mjs");
    expect(built.rule === null ? "" : built.reading).toContain("in any case");
    expect(output).toHaveLength(2);
    // Line numbers and recursion change nothing a search answers.
    expect((await ask("grep -rn setTimeout lib/clock.mjs")).built.rule).toBe("search");
  });

  it("never reads a word before a package.json's field as another package's name", async () => {
    const { built } = await ask("what are lodash's dependencies");
    expect(built.rule).toBeNull();
  });

  it("finds the importers of a workspace file by its path, as imports resolve to it", async () => {
    for (const request of ["which files import src/util.ts", "what requires src/util.ts"]) {
      const { built, output } = await ask(request);
      expect(built.rule, request).toBe("files-importing");
      if (request.startsWith("which")) expect(output).toEqual(["src/app.ts"]);
      else expect(output).toEqual([]);
    }
    expect((await ask("imports of src/app.ts")).output).toEqual(["./util.js"]);
  });

  it("reads “what imports X” as its importers, and “the imports of X” as what it imports", async () => {
    const importers = await ask("what imports src/util.ts");
    expect(importers.built.rule).toBe("files-importing");
    expect(importers.output).toEqual(["src/app.ts"]);
    for (const request of [
      "what are the imports of src/app.ts",
      "list the imports of src/app.ts",
    ]) {
      const { built, output } = await ask(request);
      expect(built.rule, request).toBe("imports");
      expect(output).toEqual(["./util.js"]);
    }
  });

  it("reads an extension word where the family holds no other files", async () => {
    const { built, output } = await ask("how many ts files are in src");
    expect(built.rule).toBe("count-files");
    expect(output).toBe(4);
  });
});
