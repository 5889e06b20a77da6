import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView } from "@lackpy/kit/node";
import { closeWorkerPool } from "@lackpy/run/node";
import { READONLY_TOOLS, answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";
import { matchRules } from "./match-rules.js";

/**
 * The root package's own name and its fields' own names, grounded in `package.json` (a package
 * named "marked", whose name is also an everyday word), each answer run by the real interpreter.
 */
const MANIFEST = {
  name: "marked",
  version: "18.2.1",
  type: "module",
  keywords: ["markdown", "html"],
  bugs: "https://example.com/issues",
  "size-limit": [{ path: "marked.min.js", limit: "3 KB" }],
  jest: { testRegex: "test/.*\\.js$" },
  engines: { node: ">= 20" },
  exports: { ".": "./lib/marked.js", "./package.json": "./package.json", "./bin": "./bin/x.js" },
  files: ["lib", "bin"],
  dependencies: {},
  devDependencies: { jest: "^22.4.3", typescript: "^6.0.3" },
};

const FILES: Readonly<Record<string, string>> = {
  "package.json": JSON.stringify(MANIFEST, null, 2),
  "lib/marked.js": "export function marked() {}\n",
  "lib/use.js": 'import { marked } from "marked";\n',
  "docs/package.json": '{ "name": "docs" }\n',
  "docs/site.yaml": "title: marked\n",
};

let root: string;

beforeAll(async () => {
  root = await writeWorkspace("manifest-words", FILES);
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

const ask = (request: string) => answerCleanly(root, request);

describe("words grounded in the root package.json", () => {
  it.each([
    // The own name, read as a word of its own elsewhere ("marked" as in "marked TODO").
    ["what version is marked at?", "package-field", "18.2.1"],
    ["does marked have any runtime dependencies?", "package-dependencies", {}],
    ["how many files in marked", "count-files", 5],
    // Fields by the names the file gives them.
    ["list the keywords", "package-key", ["markdown", "html"]],
    ["what's the bugs url", "package-key", "https://example.com/issues"],
    ["show the size-limit config from package.json", "package-key", MANIFEST["size-limit"]],
    ["what's jest's testRegex", "package-key", "test/.*\\.js$"],
    ["what's the package type (module or commonjs)", "package-key", "module"],
    [
      "which subpath exports does package.json declare",
      "package-key",
      Object.keys(MANIFEST.exports),
    ],
    ["how many subpath exports does package.json define", "package-key", 3],
    // Dependencies and engines in everyday words.
    ["which jest version do they use", "dependency-version", "^22.4.3"],
    ["which typescript version is in the devDeps", "dependency-version", "^6.0.3"],
    ["minimum node version?", "package-field", ">= 20"],
    ["module type?", "package-field", "module"],
    // A field named in parentheses after the same question in other words.
    ["is it ESM or commonjs? (the type field)", "package-key", "module"],
    ["which files get published (files field)", "package-key", ["lib", "bin"]],
    ["which node version is required", "package-field", ">= 20"],
  ] as const)("%j → %s", async (request, rule, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule, JSON.stringify(built)).toBe(rule);
    expect(output).toEqual(gold);
  });

  it("keeps everyday words that are also field names as what they say", async () => {
    // "files" is a field here, but these ask for files.
    expect((await ask("which package.json files are there")).output).toEqual([
      "docs/package.json",
      "package.json",
    ]);
    expect((await ask("how many files does the package have")).built.rule).not.toBe("package-key");
    // The own name outside a package fact stays a module.
    expect((await ask("which files import marked")).output).toEqual(["lib/use.js"]);
  });

  it("keeps an own name that is a kind of file a kind, except beside a package fact", async () => {
    const view = createWorkspaceView(root);
    const yaml = { ...view, manifest: async () => ({ name: "yaml", dependencies: {} }) };
    const read = (request: string) =>
      matchRules(request, { tools: new Set(READONLY_TOOLS), workspace: yaml });
    expect(await read("how many yaml files are there")).toMatchObject({ rule: "count-files" });
    expect(await read("what are yaml's dependencies")).toMatchObject({
      rule: "package-dependencies",
    });
  });

  it("reads a field in parentheses only where the words before it ask for no count", async () => {
    expect((await ask("how many are there (keywords field)")).built.rule).toBeNull();
    expect((await ask("who pays for it? (the funding field)")).built.rule).toBeNull();
  });

  it("reads no field the package does not have", async () => {
    for (const request of [
      "list the funding",
      "what's jest's testTimeout",
      "show the contributors",
    ])
      expect((await ask(request)).built.rule, request).toBeNull();
    // "subpath" names only the exports map's keys.
    expect((await ask("which subpath keywords does package.json declare")).built.rule).toBeNull();
  });
});
