import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

/**
 * Readings seen in two or more strangers' corpora that no rule had (decision 187): a package's
 * exports map, a member asked for with its object ("res.sendFile"), a capitalised name that is
 * also a word ("View"), "constructor", which extensions are in use, total sizes said other ways,
 * what a file depends on, and a module whose whole value is one function or class. Each on a
 * workspace of our own, run by the real interpreter over the real file tools.
 */
const FILES: Readonly<Record<string, string>> = {
  "package.json": JSON.stringify({
    name: "demo",
    main: "lib/application.js",
    packageManager: "pnpm@10.0.0",
    sideEffects: false,
    contributors: ["Ada <ada@example.com>"],
    engines: { node: ">=20" },
    dependencies: { "koa-compose": "^4.1.0" },
    exports: {
      ".": {
        types: "./types/index.d.ts",
        browser: "./web/index.js",
        import: { types: "./types/index.d.ts", default: "./esm/index.js" },
        require: "./cjs/index.js",
      },
      "./locale": { node: "./node/locale.js", default: "./esm/locale.js" },
      "./package.json": "./package.json",
    },
  }),
  "lib/response.js":
    "var res = Object.create(null);\nres.sendFile = function sendFile(path) {};\nres.send = function send() {};\nmodule.exports = res;\n",
  "lib/application.js":
    "module.exports = class Application {\n  listen(port) {}\n};\nmodule.exports.HttpError = class HttpError {};\n",
  "lib/server.js": "class Server {\n  listen(port) {}\n}\nmodule.exports = { Server };\n",
  "lib/pipeline.js":
    "function Pipeline() {}\nPipeline.prototype.exec = function (callback) {};\nmodule.exports = Pipeline;\n",
  "lib/transaction.js":
    "exports.wrap = function wrap(pipeline) {\n  const exec = pipeline.exec;\n  pipeline.exec = function () { return exec(); };\n};\n",
  "lib/view.js": "function View(name) {\n  this.name = name;\n}\nmodule.exports = View;\n",
  "lib/render.js":
    'const View = require("./view");\nconst path = require("node:path");\nmodule.exports = function render() {\n  return new View(path.sep);\n};\n',
  "lib/hash.js":
    'const crypto = require("crypto");\nconst compose = require("koa-compose");\nmodule.exports = { digest: () => crypto };\nconsole.warn("hashing");\n',
  "lib/use-pipeline.js":
    'const Pipeline = require("./pipeline");\nmodule.exports = new Pipeline();\n',
  "types/options.d.ts": "export type RenderOptions = { cache: boolean };\n",
  "lib/app2.js":
    "class App {\n  callback() {\n    const handleRequest = () => {};\n  }\n  handleRequest(ctx) {}\n}\nmodule.exports = App;\n",
  "notes.md": "# notes\n\n```sh\n# not a heading\n```\n\n## Usage ##\n",
  "build/legacy/a.js": "",
  "build/legacy/b.cjs": "",
  "build/legacy/deep/c.js": "",
  "build/modern/a.js": "",
  "build/modern/deep/c.js": "",
  ".gitignore": "dist\n",
  LICENSE: "MIT\n",
};

let root: string;

beforeAll(async () => {
  root = await writeWorkspace("seven", FILES);
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

const ask = (request: string) => answerCleanly(root, request);
const rows = (output: unknown) =>
  (output as { file: string; line: number }[] | null)?.map((row) => `${row.file}:${row.line}`) ??
  null;

describe("a package's exports map", () => {
  it.each([
    ["how many entries are in exports?", 3],
    ["list all the export subpaths in package.json", [".", "./locale", "./package.json"]],
    ["how many subpaths does it export", 3],
  ] as const)("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("export-subpaths");
    expect(output).toEqual(gold);
  });

  it("gives one subpath's entry as written, or as Node resolves it for a condition", async () => {
    const entry = await ask("what's the exports entry for ./locale");
    expect(entry.built.rule).toBe("export-subpath-entry");
    expect(entry.output).toEqual({ node: "./node/locale.js", default: "./esm/locale.js" });
    // Nested conditions are followed; "browser" and "types" are not import's conditions.
    expect((await ask('what does the "." export resolve to for import')).output).toBe(
      "./esm/index.js",
    );
    expect((await ask('what does the "." export resolve to for require')).output).toBe(
      "./cjs/index.js",
    );
    // "node" comes first for import, as Node resolves it.
    expect((await ask("what does the ./locale export resolve to for import")).output).toBe(
      "./node/locale.js",
    );
    expect((await ask('what does the "." export resolve to for types')).output).toBe(
      "./types/index.d.ts",
    );
    const { built } = await ask('what does the "." export resolve to for import');
    expect(built.rule === null ? "" : built.reading).toContain("as Node resolves it");
  });

  it("answers nothing for a subpath the map does not have", async () => {
    expect((await ask("what does the ./nope export resolve to for import")).built.rule).toBeNull();
  });
});

describe("a member asked for with its object", () => {
  it.each([
    // Written on the object.
    ["where's res.sendFile defined?", ["lib/response.js:2"]],
    // A class's method in a file named after the object ("app" → application.js), not Server's.
    ["where is app.listen defined", ["lib/application.js:2"]],
    // The prototype's method, not a local copy or a wrapper's reassignment elsewhere.
    ["where's pipeline.exec defined", ["lib/pipeline.js:2"]],
    // A method of the class of that name.
    ["where is server.listen defined", ["lib/server.js:2"]],
  ] as const)("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("definitions");
    expect(rows(output)).toEqual(gold);
  });

  it("answers nothing when several files define the member and nothing says which", async () => {
    expect((await ask("where is ctx.listen defined")).output).toBeNull();
  });
});

describe("names and kinds of definition", () => {
  it("reads a capitalised word inside a sentence as a name, even when it is also a verb", async () => {
    const { built, output } = await ask("where is the View constructor defined");
    expect(built.rule).toBe("definitions");
    expect(rows(output)).toEqual(["lib/view.js:1"]);
    // A sentence's first word is capitalised as any is: "List" is still the verb.
    expect((await ask("any markdown files? List them")).built.rule).toBe("list-files");
  });
});

describe("more ways to name code", () => {
  it.each([
    ["which files use node's crypto module", "files-importing", ["lib/hash.js"]],
    ["which files import the pipeline module", "files-importing", ["lib/use-pipeline.js"]],
    ["find where wrap is defined", "definitions", ["lib/transaction.js:1"]],
    // A class's method over a function's own helper of the same name.
    ["wheres the handleRequest method", "definitions", ["lib/app2.js:5"]],
    ["where is handleRequest defined", "definitions", ["lib/app2.js:5"]],
    ["where is the RenderOptions type defined", "definitions", ["types/options.d.ts:1"]],
    ["which line has module.exports in lib/view.js", "search", ["lib/view.js:4"]],
    ["search the lib folder for crypto", "search", ["lib/hash.js:1", "lib/hash.js:3"]],
    [
      "which lib .js files mention 'exec'",
      "files-containing",
      ["lib/pipeline.js", "lib/transaction.js"],
    ],
    [
      'where is the word "Pipeline" used in the .js files of lib',
      "search",
      [
        "lib/pipeline.js:1",
        "lib/pipeline.js:2",
        "lib/pipeline.js:3",
        "lib/use-pipeline.js:1",
        "lib/use-pipeline.js:2",
      ],
    ],
    ["list the requires in lib/render.js", "imports", ["./view", "node:path"]],
  ] as const)("%j", async (request, rule, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe(rule);
    expect(typeof (output as unknown[])[0] === "string" ? output : rows(output)).toEqual(gold);
  });

  it.each([
    ["how long is lib/view.js (lines)", "file-lines", 4],
    ['whats the "main" entry point', "package-field", "lib/application.js"],
    ["any FIXME comments anywhere? show me the lines", "todos", []],
    ["which files are not javascript", "files-not-of-kind", null],
  ] as const)("%j", async (request, rule, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe(rule);
    if (gold !== null) expect(output).toEqual(gold);
  });

  it("lists the files that are not of a kind, hidden ones too", async () => {
    const { output } = await ask("which files are not javascript");
    expect(output).toEqual(
      expect.arrayContaining([
        ".gitignore",
        "LICENSE",
        "notes.md",
        "package.json",
        "types/options.d.ts",
      ]),
    );
    expect(output).not.toContain("lib/view.js");
  });

  it.each([
    ["list the headings in notes.md", "markdown-headings", ["notes", "Usage"]],
    ["how many files does demo have", "count-files", null],
    ["node engine requirement", "package-field", ">=20"],
    ["which version of koa-compose is required", "dependency-version", "^4.1.0"],
    ["who uses koa-compose", "files-importing", ["lib/hash.js"]],
    ["which files use lib/pipeline.js", "files-importing", ["lib/use-pipeline.js"]],
    ["which files mention HASHING (any case)", "files-containing", ["lib/hash.js"]],
    ["find console.warn calls", "search", null],
    ["any .d.ts files that arent in types?", null, null],
  ] as const)("%j", async (request, rule, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe(rule);
    if (gold !== null) expect(output).toEqual(gold);
  });

  it("never reads an everyday word as a typo of another ('node' is not 'note')", async () => {
    const { built } = await ask("which files use node's crypto module");
    expect(built.rule === null ? "" : built.reading).not.toContain("comment");
    // "used" is the word itself, not a guess a model must check.
    const used = await ask("which file extensions are used here");
    expect(used.built.rule === null ? [] : used.built.guesses).toEqual([]);
  });
});

describe("extensions, sizes and dependencies", () => {
  it("lists the extensions in use, without the dot, for 'which extensions'", async () => {
    const { built, output } = await ask("which file extensions are used here");
    expect(built.rule).toBe("extensions-in-use");
    expect(output).toEqual(["cjs", "js", "json", "md", "ts"]);
    expect((await ask("what kinds of files are in here (extensions + counts)")).output).toEqual({
      ".json": 1,
      ".js": 14,
      ".cjs": 1,
      ".ts": 1,
      ".md": 1,
      "": 2,
    });
  });

  it("reads total sizes said other ways", async () => {
    const total = Object.values(FILES).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    for (const request of ["total size of all files", "how big is the whole folder, total bytes"]) {
      const { built, output } = await ask(request);
      expect(built.rule, request).toBe("total-size");
      // Every file, .gitignore too.
      expect(output, request).toBe(total);
    }
    expect((await ask("what do all the .md files add up to, size-wise, in bytes")).output).toBe(
      Buffer.byteLength(FILES["notes.md"]!),
    );
  });

  it("counts lines per file as { file: lines } when the counts are plural", async () => {
    const { built, output } = await ask("line counts for every file in lib");
    expect(built.rule).toBe("lines-per-file");
    expect(output).toMatchObject({ "lib/view.js": 4, "lib/application.js": 4 });
    expect((await ask("line count of the files in lib")).built.rule).toBeNull();
  });

  it("answers the file types with a count of each, and 'which extensions' with a list", async () => {
    expect((await ask("what kinds of files are there")).built.rule).toBe("count-per-extension");
    expect((await ask("what file types are in the repo")).built.rule).toBe("count-per-extension");
  });

  it("reads what a file depends on as its imports", async () => {
    const { built, output } = await ask("which modules does lib/render.js depend on");
    expect(built.rule).toBe("imports");
    expect(output).toEqual(["./view", "node:path"]);
  });

  it("names a module whose whole value is one function or class", async () => {
    expect((await ask("what does lib/view.js export")).output).toEqual(["View"]);
    expect((await ask("what does lib/application.js export")).output).toEqual([
      "Application",
      "HttpError",
    ]);
  });
});

describe("two folders compared", () => {
  it("lists the files of one folder with no file at the same relative path in the other", async () => {
    for (const request of [
      "which files exist in build/legacy but not in build/modern?",
      "which files in build/legacy are missing from build/modern",
    ]) {
      const { built, output } = await ask(request);
      expect(built.rule, request).toBe("files-not-in");
      expect(output, request).toEqual(["build/legacy/b.cjs"]);
    }
    expect((await ask("which files in build/modern are not in build/legacy")).output).toEqual([]);
    // One folder inside the other: a subfolder left out, not a comparison.
    expect((await ask("which files in build are not in build/legacy")).built.rule).not.toBe(
      "files-not-in",
    );
  });

  it("tells whether two files have the same text", async () => {
    const same = await ask("are build/legacy/a.js and build/modern/a.js the same?");
    expect(same.built.rule).toBe("same-text");
    expect(same.output).toBe(true);
    expect((await ask("is lib/view.js identical to lib/render.js")).output).toBe(false);
    expect((await ask("do lib/view.js and lib/render.js differ")).output).toBe(true);
  });
});

describe("a folder left out", () => {
  it.each([
    ["how many .js files are there, excluding build", 10],
    ["how many .js files are there (not counting build/legacy)", 12],
    ["count the .js files except the build folder", 10],
  ] as const)("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("count-files");
    expect(output).toBe(gold);
    expect(built.rule === null ? "" : built.reading).toMatch(
      /files under “build(?:\/legacy)?” left out/,
    );
  });

  it("answers nothing when the request looks only inside the folder it leaves out", async () => {
    expect((await ask("list the files in build excluding build")).built.rule).toBeNull();
  });
});

describe("package.json fields named in words", () => {
  it.each([
    // Two words that spell a field's camelCase name, never a definition's name.
    ["which package manager does it declare", "pnpm@10.0.0"],
    ["is sideEffects set to false?", false],
    ["who are the contributors", ["Ada <ada@example.com>"]],
  ] as const)("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("package-key");
    expect(output).toEqual(gold);
  });
});
