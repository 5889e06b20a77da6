import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView } from "@lackpy/kit/node";
import { matchRules } from "./match-rules.js";

let root: string;
const TOOLS = new Set(["read_file", "find_files"]);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-package-rules-"));
  const files: Record<string, unknown> = {
    "package.json": {
      name: "app",
      author: "Ada",
      repository: "https://example.com/app.git",
      dependencies: { lodash: "^4.17.0" },
      devDependencies: { jest: "29.7.0", typescript: "5.0.4" },
      bin: { app: "./bin/cli.js" },
      scripts: { build: "tsc", test: "jest" },
      keywords: ["jwt", "jose"],
    },
    "node_modules/lodash/package.json": { name: "lodash", version: "4.17.21", license: "MIT" },
  };
  for (const [file, value] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), JSON.stringify(value));
  }
});

afterAll(() => rm(root, { recursive: true, force: true }));

const read = (intent: string) =>
  matchRules(intent, { tools: TOOLS, workspace: createWorkspaceView(root) });

describe("package facts", () => {
  it.each([
    ["who's the author", "package.json", "author"],
    ["repo url?", "package.json", "repository"],
    ["what license is lodash under", "node_modules/lodash/package.json", "license"],
    ["installed lodash version?", "node_modules/lodash/package.json", "version"],
    ["what version of lodash is installed", "node_modules/lodash/package.json", "version"],
  ])("read %j from %s's %s field", async (intent, file, field) => {
    expect(await read(intent)).toMatchObject({
      rule: "package-field",
      params: { path: file, field },
    });
  });

  it("reads an installed package's version only when asked for the installed one", async () => {
    // "what version is lodash" may ask for the range package.json declares: that is what it gets.
    expect(await read("what version is lodash")).toMatchObject({
      rule: "dependency-version",
      params: { dependency: "lodash" },
    });
  });

  it("does not answer for a package that is not installed", async () => {
    expect((await read("what license is left-pad under")).rule).toBeNull();
    expect((await read("what license is ../etc under")).rule).toBeNull();
  });
});

describe("package facts in other words", () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["what version of typescript does it use", "dependency-version", { dependency: "typescript" }],
    ["is jest a dev dep? which version", "dependency-version", { section: "devDependencies" }],
    ["what does the bin field in package.json point to", "package-field", { field: "bin" }],
    ["how many scripts are defined in package.json", "package-scripts", {}],
    ["does it have any dependencies?", "package-dependencies", { path: "package.json" }],
    ["how many keywords", "package-key", { key: "keywords" }],
    ["what keywords does package.json list", "package-key", { field: "keywords" }],
  ])("%s", async (intent, rule, params) => {
    expect(await read(intent)).toMatchObject({ rule, params });
  });

  it("does not read a dependency in a list it is not in", async () => {
    expect((await read("is jest a dependency? which version")).rule).toBeNull();
  });
});
