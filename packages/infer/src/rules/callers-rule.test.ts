import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView } from "@lackpy/kit/node";
import type { WorkspaceView } from "@lackpy/kit";
import { matchRules, type RuleMatch } from "./match-rules.js";

const FILES: Readonly<Record<string, string>> = {
  "package.json": '{ "name": "dates" }\n',
  "lib/parse.js": "function parseDate(s) { return s }\nmodule.exports = { parseDate }\n",
  "lib/use.js": "const { parseDate } = require('./parse')\nparseDate('x')\n",
};

let root: string;
let view: WorkspaceView;
const tools = new Set(["read_file", "find_files", "search_files", "callers_of"]);
const answer = async (intent: string) =>
  (await matchRules(intent, { tools, workspace: view })) as RuleMatch;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-callers-"));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  view = createWorkspaceView(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the callers of a function", () => {
  it("are read by the parser for wordings that ask for calls", async () => {
    // A name with its own inner capitals: none found is checked against every file's text.
    const checked = (answer: string, none: string, glob = "") =>
      `const found = ${answer}\n${none === "0" ? "found > 0" : "len(found) > 0"} ? found : len(search_files(mention${glob})) === 0 ? ${none} : null`;
    expect(await answer("who calls parseDate")).toMatchObject({
      rule: "callers-parsed",
      program: checked("callers_of(name)", "[]"),
      params: { name: "parseDate", mention: "arseDate" },
      emptyIsChecked: true,
    });
    expect(await answer("which files call parseDate")).toMatchObject({
      rule: "callers-parsed",
      program: checked("sorted(unique(callers_of(name).map(hit => hit.file)))", "[]"),
    });
    expect(await answer("how many files call parseDate")).toMatchObject({
      rule: "callers-parsed",
      program: checked("len(unique(callers_of(name).map(hit => hit.file)))", "0"),
    });
    expect(await answer("where is parseDate() called in lib")).toMatchObject({
      rule: "callers-parsed",
      program: checked("callers_of(name, glob)", "[]", ", glob"),
      params: { name: "parseDate", glob: expect.stringMatching(/^lib\/\*\*\/\*\./) },
    });
    const built = await answer("find the callers of parseDate");
    expect(built.reading).toContain("its definition, imports and mentions are not calls");
    expect(built.noneIsUnknown).toEqual(expect.stringContaining("no call of"));
  });

  it("take a member chain, never a module's file name", async () => {
    expect(await answer("which files in lib call process.nextTick")).toMatchObject({
      rule: "callers-parsed",
      params: { name: "process.nextTick" },
    });
    expect((await answer("who calls parse.js")).rule).not.toBe("callers-parsed");
  });

  it("are not what a name after 'named' asks for", async () => {
    expect((await answer("where is parseDate named")).rule).not.toBe("callers-parsed");
  });
});
