import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView } from "@lackpy/kit/node";
import type { WorkspaceView } from "@lackpy/kit";
import { matchRules, type RuleMatch } from "./match-rules.js";

/** A package whose own files import it by a relative path (dayjs's locales: `import dayjs from "../index"`). */
const FILES: Readonly<Record<string, string>> = {
  "package.json": '{ "name": "calendar", "main": "calendar.min.js", "types": "index.d.ts" }\n',
  "esm/index.js": "export default function calendar() {}\n",
  "esm/locale/fr.js": "import calendar from '../index'\nexport default {}\n",
  "bin/cli.mjs":
    "import { createRequire } from 'node:module'\nconst require = createRequire(import.meta.url)\nrequire('../package.json')\n",
};

let root: string;
let view: WorkspaceView;
const tools = new Set(["read_file", "find_files", "importers_of", "imports_of"]);
const answer = async (intent: string) =>
  (await matchRules(intent, { tools, workspace: view })) as RuleMatch;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-own-package-"));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  view = createWorkspaceView(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the workspace's own package by its name", () => {
  it("is read as also its entry imported by a relative path, and none found is no answer", async () => {
    const built = await answer("how many files in esm/locale import calendar");
    expect(built.rule).toBe("files-importing");
    expect(built.reading).toContain("a relative path to an entry module of this package");
    expect(built.noneIsUnknown).toBe(true);
    const other = await answer("how many files in esm/locale import moment");
    expect(other.reading).not.toContain("entry module");
    expect(other.noneIsUnknown).toBeUndefined();
  });
});

describe("the imports of an ES module", () => {
  it("say that its own createRequire require() calls are not listed", async () => {
    const built = await answer("what does bin/cli.mjs import");
    expect(built.rule).toBe("imports");
    expect(built.reading).toContain("nor an ES module's own createRequire require() calls");
  });
});
