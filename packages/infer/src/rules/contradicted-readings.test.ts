import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView } from "@lackpy/kit/node";
import type { WorkspaceView } from "@lackpy/kit";
import { matchRules, type RuleMatch } from "./match-rules.js";

/**
 * Readings a workspace contradicts, by class (found by a held-out corpus, written here in our own
 * words on our own files): a folder whose name is a letter away from a command word, config files
 * named like tests beside a folder of tests, and a quoted name that is not a module specifier.
 */
const FILES: Readonly<Record<string, string>> = {
  "package.json": '{ "name": "shapes", "dependencies": { "pad-end": "^1.0.0" } }\n',
  "dist/circle.js": "export const area = (r) => merge(r)\n",
  "dist/square.js": "export const side = 1\n",
  "lib/circle.js": "// merge the radii\nexport const area = 1\n",
  "src/tsconfig.spec.json": '{ "extends": "../tsconfig.json" }\n',
  "src/testing/harness.ts": "export const harness = () => window.Zepto\n",
  "src/shape.ts": "export class Shape {}\n",
  "pkg/shape.test.ts": "import { Shape } from '../src/shape'\n",
  "pkg/tsconfig.spec.json": "{}\n",
  "pkg/package.json":
    '{ "name": "pkg", "scripts": { "lint": "eslint .", "lint:fix": "eslint --fix ." } }\n',
  "src/left-pad.ts": "export const pad = 1\n",
  "src/uses-pad.ts": "import { pad } from './left-pad'\n",
  "src/pad-end.ts": "export const end = 1\n",
};

let root: string;
let view: WorkspaceView;
const tools = new Set(["read_file", "find_files", "search_files", "importers_of", "imports_of"]);
const answer = (intent: string) => matchRules(intent, { tools, workspace: view });

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-contradicted-"));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  view = createWorkspaceView(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("a word a letter away from a command word", () => {
  it("is the folder of that name when the workspace has one, never dropped as a repeat", async () => {
    // "dist" is a letter away from "list"; read as "list" it vanished and the search ran everywhere.
    const built = await answer("which dist .js files mention merge");
    if (built.rule !== null)
      expect((built as RuleMatch).params.pattern, JSON.stringify(built)).toMatch(/^dist\//);
    const inFolder = await answer("which files in dist mention 'merge'");
    expect(inFolder).toMatchObject({ rule: "files-containing", params: { pattern: "dist/**/*" } });
  });

  it("is still read as the word it resembles when nothing has its name", async () => {
    expect(await answer("lsit the js files")).toMatchObject({
      rule: "list-files",
      guesses: ["'lsit' read as 'list'"],
    });
  });
});

describe("test files", () => {
  it("are code named as tests: a tsconfig.spec.json configures tests, it is not one", async () => {
    expect(await answer("list the test files in pkg")).toMatchObject({
      rule: "list-test-files",
    });
    const built = (await answer("list the test files in pkg")) as RuleMatch;
    expect(built.params.pattern).not.toMatch(/\.\*[,}]/);
  });

  it("are not answered by name when none is named so but a folder of tests has files", async () => {
    for (const intent of ["list the testing files in src", "how many test files are in src"])
      expect((await answer(intent)).rule, intent).toBeNull();
  });
});

describe("a plural where a rule names one thing", () => {
  it("'the lint scripts' are several: not the script named lint", async () => {
    expect((await answer("list the lint scripts in pkg/package.json")).rule).toBeNull();
    expect(await answer("what does the lint script run in pkg/package.json")).toMatchObject({
      rule: "script-command",
    });
  });
});

describe("a bare module name that is also a module of the workspace", () => {
  it("is that module when no package has the name", async () => {
    const built = (await answer("which files import left-pad")) as RuleMatch;
    expect(built.rule).toBe("files-importing");
    expect(built.reading).toContain("“src/left-pad.ts”");
    expect(built.params.targets).toBe("src/left-pad.ts");
  });

  it("may mean that module when a dependency has the name: finding no import of it is no answer", async () => {
    const built = (await answer("which files import pad-end")) as RuleMatch;
    expect(built.rule).toBe("files-importing");
    expect(built.params.specifier).toBe("pad-end");
    expect(built.noneIsUnknown).toBe(true);
    const other = (await answer("which files import lodash")) as RuleMatch;
    expect(other.noneIsUnknown).toBeUndefined();
  });
});

describe("a quoted name after 'use'", () => {
  it("is a module only when it has a specifier's shape", async () => {
    expect((await answer("any use of 'Zepto' in src?")).rule).not.toBe("files-importing");
    expect(await answer("which files use '../src/shape'")).toMatchObject({
      rule: "files-importing",
    });
    expect(await answer("which files import 'Zepto'")).toMatchObject({ rule: "files-importing" });
  });
});
