import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-exports-"));
  const files: Record<string, string> = {
    "src/index.ts":
      "export * from './a.js'\nexport * from './b'\nexport { c as renamed } from './c.js'\nexport const own = 1\n",
    "src/a.ts": "export function alpha() {}\nexport default 1\nexport const own = 2\n",
    "src/b/index.ts": "export interface Beta {}\n",
    "src/c.ts": "export const c = 3\n",
    "lib/index.js": "module.exports = require('./api')\n",
    "lib/api.js": "module.exports = { run() {}, stop: () => {} }\n",
    "lib/fn.js": "module.exports = function fn() {}\n",
    "lib/anon.js": "module.exports = function () {}\n",
    "lib/fn-index.js": "module.exports = require('./fn')\n",
    "lib/fn-and.js": "module.exports = function fn() {}\nmodule.exports.extra = 1\n",
    "lib/pkg.mjs": "export * from 'react'\n",
    "lib/broken.js": "export const = 1\n",
    "lib/loop.js": "export * from './loop.js'\nexport const x = 1\n",
    "notes.md": "# notes\n",
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("exports_of", () => {
  it("follows export * into workspace files, without their default, own names first", async () => {
    const found = await createFileTools(root).exports_of("src/index.ts");
    expect(found.map((entry) => `${entry.name}:${entry.kind}@${entry.file}:${entry.line}`)).toEqual(
      [
        "Beta:interface@src/b/index.ts:1",
        "alpha:function@src/a.ts:1",
        "own:variable@src/index.ts:4",
        "renamed:value@src/index.ts:3",
      ],
    );
  });

  it("reads CommonJS through module.exports = require(…)", async () => {
    const tools = createFileTools(root);
    expect((await tools.exports_of("lib/index.js")).map((entry) => entry.name)).toEqual([
      "run",
      "stop",
    ]);
    expect((await tools.exports_of("lib/loop.js")).map((entry) => entry.name)).toEqual(["x"]);
  });

  it("names a module whose whole value is one named function, as its only row", async () => {
    const tools = createFileTools(root);
    expect(await tools.exports_of("lib/fn.js")).toEqual([
      { name: "fn", kind: "function", line: 1, file: "lib/fn.js", whole: true },
    ]);
    // `module.exports.extra = 1` after it: a name the function carries, beside it.
    expect((await tools.exports_of("lib/fn-and.js")).map((entry) => entry.name)).toEqual([
      "extra",
      "fn",
    ]);
  });

  it("refuses what it cannot list in full, and what is not a module", async () => {
    const tools = createFileTools(root);
    expect(await refusal(tools.exports_of("lib/anon.js"))).toMatchObject({
      code: "exports_unknown",
      message:
        "The names 'lib/anon.js' exports cannot all be read from its text: the module's whole value is a function, not an object of names (line 1).",
    });
    // Re-exported as if it were names: not a list of names.
    expect(await refusal(tools.exports_of("lib/fn-index.js"))).toMatchObject({
      code: "exports_unknown",
      message: expect.stringContaining("the module's whole value is a function (fn)"),
    });

    expect(await refusal(tools.exports_of("lib/pkg.mjs"))).toMatchObject({
      code: "exports_unknown",
      message: expect.stringContaining("every name of the package 'react'"),
    });
    expect(await refusal(tools.exports_of("lib/broken.js"))).toMatchObject({
      code: "not_a_module",
    });
    expect(await refusal(tools.exports_of("notes.md"))).toMatchObject({ code: "not_a_module" });
    expect(await refusal(tools.exports_of("lib/none.js"))).toMatchObject({ code: "not_found" });
    expect(await refusal(tools.exports_of("../outside.js"))).toMatchObject({
      code: "path_outside_root",
    });
  });
});

describe("imports_of and importers_of", () => {
  it("list the specifiers a module imports, as written, and the files importing one exactly", async () => {
    const tools = createFileTools(root);
    await writeFile(
      path.join(root, "lib/uses.js"),
      "const a = require('./api')\nimport('./lazy.js')\nconst b = require(name)\nmodule.exports = { a, b }\n",
    );
    try {
      expect(await tools.imports_of("src/index.ts")).toEqual(["./a.js", "./b", "./c.js"]);
      expect(await tools.imports_of("lib/uses.js")).toEqual(["./api"]);
      expect(await tools.importers_of("./api")).toEqual([
        {
          file: "lib/index.js",
          line: 1,
          text: "module.exports = require('./api')",
          kind: "require",
        },
        { file: "lib/uses.js", line: 1, text: "const a = require('./api')", kind: "require" },
      ]);
      expect(await tools.importers_of("./api.js")).toEqual([]);
      expect(await refusal(tools.imports_of("notes.md"))).toMatchObject({ code: "not_a_module" });
    } finally {
      await rm(path.join(root, "lib/uses.js"));
    }
  });

  it("give a row for each way one line brings a module in", async () => {
    const tools = createFileTools(root);
    const line = "import { a } from './both.js'; export { b } from './both.js'; import './both.js'";
    await writeFile(path.join(root, "src/one-line.ts"), `${line}\n`);
    try {
      expect(await tools.importers_of("./both.js")).toEqual([
        { file: "src/one-line.ts", line: 1, text: line, kind: "import" },
        { file: "src/one-line.ts", line: 1, text: line, kind: "export" },
      ]);
    } finally {
      await rm(path.join(root, "src/one-line.ts"));
    }
  });
});
