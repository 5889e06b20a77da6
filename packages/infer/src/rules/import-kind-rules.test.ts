import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

const FILES: Record<string, string> = {
  "lib/server.js": [
    "const http = require('node:http')",
    "const fs = require('fs/promises')",
    "const path = require('path')",
    "const avvio = require('avvio')",
    "const { x } = require('@scope/tool/sub')",
    "const own = require('./own')",
    "const internal = require('#internal')",
    "const again = require('avvio/lib/x')",
    "// require('not-an-import')",
    "",
  ].join("\n"),
  "lib/own.js": "module.exports = 1\n",
  "package.json": '{ "dependencies": { "avvio": "^9.0.0" } }\n',
};

let root: string;
beforeAll(async () => {
  root = await writeWorkspace("import-kinds", FILES);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("one kind of what a file imports", () => {
  it.each<[string, unknown]>([
    [
      "which node built-in modules does lib/server.js pull in",
      ["node:http", "fs/promises", "path"],
    ],
    ["which node builtins does lib/server.js import", ["node:http", "fs/promises", "path"]],
    ["how many node core modules does lib/server.js use", 3],
    ["what npm packages does lib/server.js require", ["avvio", "@scope/tool"]],
    [
      "which third-party packages does lib/server.js pull in (not relative paths, not node builtins)",
      ["avvio", "@scope/tool"],
    ],
  ])("%s", async (request, expected) => {
    const { output } = await answerCleanly(root, request);
    expect(Array.isArray(output) ? [...output].sort() : output).toEqual(
      Array.isArray(expected) ? [...expected].sort() : expected,
    );
  });

  it("reads what the modules under a folder import, once each", async () => {
    for (const request of [
      "which external npm packages are imported by the code in lib (not relative paths, not node builtins)?",
      "list the third-party packages imported anywhere in lib (no node builtins, nothing relative)",
      "what npm packages does lib import",
    ])
      expect((await answerCleanly(root, request)).output).toEqual(["@scope/tool", "avvio"]);
    expect((await answerCleanly(root, "which node builtins are imported in lib")).output).toEqual([
      "fs/promises",
      "node:http",
      "path",
    ]);
    expect((await answerCleanly(root, "how many npm packages are used in lib")).output).toBe(2);
  });

  it("does not answer for a file that is not a module", async () => {
    const { built } = await answerCleanly(root, "which node builtins does README.md import");
    expect(built.rule).toBeNull();
  });
});

describe('the files that import a dependency named with "package"', () => {
  it("reads a package package.json declares, and no other word", async () => {
    const { output } = await answerCleanly(root, "what files pull in the avvio package?");
    expect(output).toEqual(["lib/server.js"]);
    const { built } = await answerCleanly(root, "which files use the klingon package");
    expect(built.rule).toBeNull();
  });
});

describe("the files that import ./x.js, written without its extension", () => {
  it("finds the imports that resolve to the file of that path", async () => {
    const { built, output } = await answerCleanly(root, "which files import ./lib/own.js");
    expect(built.rule).toBe("files-importing");
    expect(output).toEqual(["lib/server.js"]);
  });
});

describe("the files that import a workspace module by its code-shaped name", () => {
  it("is that module where one has the name, and nothing where none has", async () => {
    const named = await writeWorkspace("stem", {
      "_baseSlice.js": "module.exports = 1\n",
      "chunk.js": "const baseSlice = require('./_baseSlice')\n",
      "slice.js": "const x = require('./other')\n",
    });
    try {
      expect((await answerCleanly(named, "which files require _baseSlice")).output).toEqual([
        "chunk.js",
      ]);
      expect((await answerCleanly(named, "which files import WebSocket")).built.rule).toBeNull();
    } finally {
      await rm(named, { recursive: true, force: true });
    }
  });
});
