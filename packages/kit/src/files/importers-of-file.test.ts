import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceOf } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";

let root: string;

const FILES: Record<string, string> = {
  "pino.js": "const caller = require('./lib/caller')\nconst os = require('node:os')\n",
  "lib/caller.js": "module.exports = function caller() {}\n",
  "lib/transport.js": "const getCallers = require('./caller')\n",
  "lib/other.js": "const callers = require('./callers')\n// require('./caller') in a comment\n",
  "test/fixtures/loop.mjs": "import caller from '../../lib/caller.js'\n",
  "src/a.ts": "import { b } from './b.js'\nexport * from './b'\n",
  "src/b.ts": "export const b = 1\n",
  "built/debug.js": "module.exports = 1\n",
  "built/debug.d.ts": "declare const d: number;\nexport default d;\n",
  "built/index.js": "const debug = require('./debug')\n",
  "built/index.d.ts": "import Debug from './debug'\n",
};

let remove: () => Promise<void>;

beforeAll(async () => {
  ({ root, remove } = await workspaceOf(FILES));
});

afterAll(() => remove());

describe("importers_of({ file })", () => {
  it("reads a declaration file's imports as declarations, and a JavaScript file's as code", async () => {
    const tools = createFileTools(root);
    expect((await tools.importers_of({ file: "built/debug.js" })).map((row) => row.file)).toEqual([
      "built/index.js",
    ]);
    expect((await tools.importers_of({ file: "built/debug.d.ts" })).map((row) => row.file)).toEqual(
      ["built/index.d.ts"],
    );
  });

  it("finds every import that resolves to a workspace file, from any folder", async () => {
    const tools = createFileTools(root);
    const rows = await tools.importers_of({ file: "lib/caller.js" });
    expect(rows.map((row) => [row.file, row.line, row.kind])).toEqual([
      ["lib/transport.js", 1, "require"],
      ["pino.js", 1, "require"],
      ["test/fixtures/loop.mjs", 1, "import"],
    ]);
  });

  it("reads a TypeScript source's imports by their .js name, and re-exports", async () => {
    const tools = createFileTools(root);
    const rows = await tools.importers_of({ file: "src/b.ts" });
    expect(rows.map((row) => [row.file, row.line, row.kind])).toEqual([
      ["src/a.ts", 1, "import"],
      ["src/a.ts", 2, "export"],
    ]);
  });

  it("refuses a target that is not a workspace path, with a hint", async () => {
    const tools = createFileTools(root);
    for (const bad of [{ file: "../x.js" }, { file: "/etc/passwd" }, { path: "a.js" }, {}, [1]])
      await expect(tools.importers_of(bad)).rejects.toMatchObject({
        code: "invalid_argument",
        hint: expect.stringContaining("{ file:"),
      });
  });
});

describe("importers_of({ file }) through package.json's subpath imports", () => {
  let aliased: string;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ root: aliased, remove: done } = await workspaceOf({
      "package.json": JSON.stringify({
        name: "chalkish",
        imports: {
          "#ansi-styles": "./source/vendor/ansi-styles/index.js",
          "#supports-color": {
            node: "./source/vendor/supports-color/index.js",
            default: "./source/vendor/supports-color/browser.js",
          },
          "#internal/*": "./source/internal/*.js",
        },
      }),
      "source/index.js": [
        "import ansiStyles from '#ansi-styles'",
        "import supportsColor from '#supports-color'",
        "import { a } from '#internal/a'",
        "",
      ].join("\n"),
      "source/vendor/ansi-styles/index.js": "export default {}\n",
      "source/vendor/supports-color/index.js": "export default {}\n",
      "source/vendor/supports-color/browser.js": "export default {}\n",
      "source/internal/a.js": "export const a = 1\n",
    }));
  });
  afterAll(() => done());

  it("resolves a # specifier to each path its key names, under any condition or pattern", async () => {
    const tools = createFileTools(aliased);
    const lineOf = async (file: string) =>
      (await tools.importers_of({ file })).map((row) => [row.file, row.line]);
    expect(await lineOf("source/vendor/ansi-styles/index.js")).toEqual([["source/index.js", 1]]);
    expect(await lineOf("source/vendor/supports-color/browser.js")).toEqual([
      ["source/index.js", 2],
    ]);
    expect(await lineOf("source/internal/a.js")).toEqual([["source/index.js", 3]]);
  });
});
