import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validate, type ParamSpec, type ToolSpec } from "@lackpy/lang";
import { createWorkspaceView, FILE_TOOL_SPECS } from "@lackpy/kit/node";
import type { WorkspaceView } from "@lackpy/kit";
import { createRulesWorkspace } from "../__fixtures__/rules-workspace.js";
import { describeRules } from "./describe-rules.js";
import { INTENT_RULES } from "./intent-rules.js";
import { MAX_RULE_INTENT_LENGTH, matchRules, type RuleMatch } from "./match-rules.js";
import { RulesProvider } from "./rules-provider.js";

const tool = (name: string): ToolSpec => ({
  name,
  provider: "test",
  description: name,
  args: [{ name: "name", type: "string" }],
  returns: "unknown",
  gradeW: 1,
  effectsCeiling: 0,
});
const READ = [
  "read_file",
  "find_files",
  "file_size",
  "list_folder",
  "read_lines",
  "search_files",
  "definitions_of",
];
const READONLY: ToolSpec[] = FILE_TOOL_SPECS.filter((spec) => READ.includes(spec.name));
const EVERY: ToolSpec[] = [...FILE_TOOL_SPECS, tool("find_definitions"), tool("find_callers")];
const names = (specs: ToolSpec[]) => new Set(specs.map((spec) => spec.name));

let remove: () => Promise<void>;
let view: WorkspaceView;

beforeAll(async () => {
  const workspace = await createRulesWorkspace();
  remove = workspace.remove;
  view = createWorkspaceView(workspace.root);
});
afterAll(() => remove());

const answer = async (intent: string, specs = READONLY) =>
  matchRules(intent, { tools: names(specs), workspace: view });

describe("the rules' catalogue", () => {
  it("gives every rule a summary and at least two distinct example phrasings", () => {
    for (const rule of INTENT_RULES) {
      expect(rule.summary, rule.id).not.toBe("");
      expect(new Set(rule.examples).size, rule.id).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(INTENT_RULES.map((rule) => rule.id)).size).toBe(INTENT_RULES.length);
  });

  it.each(INTENT_RULES.flatMap((rule) => rule.examples.map((example) => [example, rule.id])))(
    "answers the example %j with %s, in a valid program",
    async (example, id) => {
      // find_definitions is for kits without definitions_of, which would answer first.
      const tools = EVERY.filter(
        (spec) => id !== "find-definitions" || spec.name !== "definitions_of",
      );
      const built = await answer(example, tools);
      expect(built.rule, JSON.stringify(built)).toBe(id);
      const { program, params } = built as RuleMatch;
      expect(validate(program, { tools: EVERY, params: Object.keys(params) }).errors).toEqual([]);
    },
  );

  it("says which rules a kit can use, and how each reads its examples", async () => {
    const described = await describeRules(names(READONLY));
    for (const rule of described)
      expect(
        rule.readings.filter((reading) => reading === ""),
        rule.id,
      ).toEqual([]);
    expect(described.find((rule) => rule.id === "count-files")?.readings[0]).toBe(
      "the number of files (**/*)",
    );
    expect(described.find((rule) => rule.id === "list-files")).toMatchObject({
      available: true,
      tools: ["find_files"],
    });
    expect(described.find((rule) => rule.id === "replace-text")?.available).toBe(false);
    expect((await describeRules()).every((rule) => rule.available)).toBe(true);
  });
});

/** Everyday wording with synonyms, typos, punctuation and case, with the rule and params each gets. */
const POSITIVE: [string, string, Record<string, unknown>][] = [
  ["which files have TODOs in them", "files-with-todos", { pattern: "**/*" }],
  ["how many .js files are in each folder", "count-per-folder", { pattern: "**/*.js" }],
  ["ls dirs", "list-folders", { folder: "." }],
  // Folders asked for are folders only, never the files beside them.
  ["show me the top-level directories", "list-folders", { folder: "." }],
  ["which root folders are there", "list-folders", { folder: "." }],
  ["show the contents of the top level folder", "folder-contents", { folder: "." }],
  ["LIST ALL TYPESCRIPT FILES!!", "list-files", { pattern: "**/*.{ts,tsx,mts,cts}" }],
  ["lsit all typescirpt files", "list-files", { pattern: "**/*.{ts,tsx,mts,cts}" }],
  ["display the sources in src", "list-files", { pattern: "src/**/*" }],
  ["list the .py files under src/", "list-files", { pattern: "src/**/*.py" }],
  [
    "in src, how many typescript files are there?",
    "count-files",
    { pattern: "src/**/*.{ts,tsx,mts,cts}" },
  ],
  [
    "how many lines of code are in src",
    "total-lines",
    { pattern: expect.stringMatching(/^src\/\*\*\/\*\.\{ts,/) },
  ],
  [
    "how many lines of code are there in src",
    "total-lines",
    { pattern: expect.stringMatching(/^src\//) },
  ],
  ["grep for TODO", "todos", { pattern: "**/*" }],
  ["list todos with line numbers", "todos", { pattern: "**/*" }],
  ["serach for formatHost", "search", { query: "formatHost", pattern: "**/*" }],
  // "use" and "call" with a code-shaped name: every line or file that has it, as the reading says.
  ["list the files that use formatHost", "files-containing", { query: "formatHost" }],
  ["look for 'fetch(' in src", "search", { query: "fetch(", pattern: "src/**/*" }],
  ["grep /abort\\w+/i", "search", { pattern: expect.stringMatching(/^\*\*\/\*\.\{/) }],
  ["biggest files", "largest-files", { pattern: "**/*" }],
  ["print the first 3 lines of README.md", "first-lines", { path: "README.md" }],
  ["show the readme", "read-file", { path: "README.md" }],
  ["cat docs/guide.md", "read-file", { path: "docs/guide.md" }],
  ["what's the version in package.json?", "package-field", { path: "package.json" }],
  ["where is formatHost defined?", "definitions", { name: "formatHost" }],
  ["find files called run.js", "files-named", { pattern: "**/run.js" }],
  ["what folders does src have", "list-folders", { folder: "src" }],
  ["show the contents of src", "folder-contents", { folder: "src" }],
  ["list src", "folder-contents", { folder: "src" }],
  ["how many files does src have", "count-files", { pattern: "src/**/*" }],
  // "find X" with a code-shaped X is grep's: every line with the text, the definition among them.
  ["find formatHost", "search", { query: "formatHost" }],
  [
    "which files require ../utils in src",
    "files-importing",
    { pattern: expect.stringMatching(/^src\//) },
  ],
];

/** Real phrasings the rules must not answer here: a word read as a folder, a second request, a condition, a nuance. */
const NEGATIVE: string[] = [
  "list files in klingon",
  "how many lines of code are in each",
  "show the files in them",
  "count the files in there",
  "list all klingon files",
  "read the readme and count its lines",
  "which JSON files are not in the docs folder",
  "list the .md files outside docs",
  "which folder has the most files",
  "summarise the architecture",
  "show src",
  "delete all test files",
  "count the TODO lines per file",
  "list the TODO locations in src as file:line",
  "which files mention fetch and AbortController",
  "grep for",
  "sort the files by name",
  "show the first line of nope.md",
  "what version of node is required",
  "show me the biggest function",
  "which exported functions are never called",
  "list the exported functions of src/utils.ts",
  "what does src/cart.ts import",
  "show .env",
  "read .git/config",
  "what's in .lackpy/config.toml",
  "list files in .git",
  "how many lines in .env",
  "who imports",
  "replace foo with bar in README.md",
  "where is README.md defined",
  "show all the imports in src/index.ts",
  "which files import src/utils.ts",
  "list the files in README.md",
  "how many python files are in src/index.ts",
];

describe("matchRules", () => {
  it.each(POSITIVE)("reads %j as %s", async (intent, id, params) => {
    const built = await answer(intent);
    expect(built.rule, JSON.stringify(built)).toBe(id);
    expect((built as RuleMatch).params).toMatchObject(params);
  });

  it.each(NEGATIVE)("does not answer %j", async (intent) => {
    const built = await answer(intent);
    expect(built.rule, JSON.stringify(built)).toBeNull();
  });

  it("grounds nothing without a workspace view, so rules that name a place do not answer", async () => {
    const tools = names(READONLY);
    for (const intent of [
      "read README.md",
      "list files in src",
      "where is utils.ts",
      "what version is this package",
    ])
      expect((await matchRules(intent, { tools })).rule, intent).toBeNull();
    for (const intent of ["list all typescript files", "grep for TODO", "count files per folder"])
      expect((await matchRules(intent, { tools })).rule, intent).not.toBeNull();
  });

  it("fires write rules only with write tools, and never overwrites or edits what is not there", async () => {
    expect((await answer('append "x" to notes.md')).rule).toBeNull();
    expect((await answer('append "x" to notes.md', EVERY)).rule).toBe("append-line");
    for (const intent of [
      "replace tabs with spaces in README.md",
      "replace commas with semicolons in config.json",
      "change the port to 9090 in config.json",
      "rename demo to sample in README.md",
      'create README.md with "x"',
      'append "x" to package.json',
      "replace foo with bar in missing.md",
      'write "x" to .env',
      'create ../outside.md with "x"',
    ])
      expect((await answer(intent, EVERY)).rule, intent).toBeNull();
  });

  it("says why a rule that matched did not answer, and names a rule only when it shares the meaning", async () => {
    expect(await answer("list files in klingon")).toMatchObject({
      rule: null,
      reason: "'klingon' is not a folder or file in the workspace",
      closest: null,
    });
    expect(await answer("where is nothing.ts")).toMatchObject({
      rule: null,
      reason: 'rule files-named matched, but no file matches "**/nothing.ts"',
      closest: { rule: "files-named" },
    });
    // One word no rule reads: without it the request is a rule's, and that phrasing works.
    expect(await answer("how many typescript sources do we have right here")).toMatchObject({
      rule: null,
      reason: "no rule reads 'right'",
      unread: ["right"],
      closest: {
        rule: "count-files",
        example: "how many typescript sources do we have here",
        leftOut: ["right"],
        reading: "the number of TypeScript files (**/*.{ts,tsx,mts,cts})",
      },
    });
    expect(await answer("summarise the architecture")).toMatchObject({ rule: null, closest: null });
    expect(await answer("which files use zod and fetch")).toMatchObject({
      rule: null,
      closest: null,
    });
  });

  it("reads every word or none: a word no pattern takes is never a search term", async () => {
    for (const intent of [
      "how many typescript sources do we have right here",
      "where is the top level defined",
      "which files have zod",
      "list the files with fetch",
    ])
      expect((await answer(intent)).rule, intent).toBeNull();
    expect(await answer("what files are in the top level?")).toMatchObject({
      rule: "list-files",
      params: { pattern: "*" },
      reading: "files (*) directly in the top folder",
    });
    expect(await answer("list all the directories")).toMatchObject({
      rule: "list-all-folders",
      params: { pattern: "**/*" },
    });
    expect(await answer("lsit all typescirpt files")).toMatchObject({
      rule: "list-files",
      guesses: ["'lsit' read as 'list'", "'typescirpt' read as 'typescript'"],
    });
  });

  it("finds the marks a request names, and the todo rules' summaries say so", async () => {
    const todos = (await answer("list the todos")) as RuleMatch;
    expect(todos.rule).toBe("todos");
    expect(todos.program).toContain('"TODO"');
    expect(todos.program).not.toContain("FIXME");
    const both = (await answer("show TODO and FIXME comments with line numbers")) as RuleMatch;
    expect(both.program).toContain('"FIXME"');
    for (const id of ["todos", "count-todos", "files-with-todos"]) {
      const summary = INTENT_RULES.find((rule) => rule.id === id)!.summary;
      expect(summary, id).toMatch(/TODO or FIXME .*\(as named\)/);
    }
  });

  it("leaves long intents to the other tiers", async () => {
    expect((await answer(`list files in ${"a/".repeat(MAX_RULE_INTENT_LENGTH)}b`)).rule).toBeNull();
    expect((await answer(`search for ${"a".repeat(MAX_RULE_INTENT_LENGTH)}`)).rule).toBeNull();
  });
});

describe("RulesProvider", () => {
  const rules = new RulesProvider();
  const context = (params: Record<string, ParamSpec> = {}) => ({
    kit: { tools: READONLY },
    params,
    workspace: view,
  });

  it("answers from the rules with the workspace of the generation context", async () => {
    expect(await rules.generate("show README.md", context())).toEqual({
      raw: "read_file(path)",
      params: { path: "README.md" },
      reading: "the text of “README.md”",
    });
    expect(
      await rules.generate("show README.md", { kit: { tools: READONLY }, params: {} }),
    ).toBeNull();
  });

  it("steps aside when a request param already has the name the rule would bind", async () => {
    expect(
      await rules.generate("read README.md", context({ path: { type: "string" } })),
    ).toBeNull();
    expect(
      await rules.generate("which files mention zod", context({ word: { type: "string" } })),
    ).toEqual({
      raw: "unique(search_files(query, pattern).map(hit => hit.file))",
      params: { pattern: "**/*", query: "zod" },
      reading: "files (**/*) whose text contains “zod” (case-sensitive)",
    });
  });

  it("explains a miss with the closest rule, and a guessed word to a model with a hint", async () => {
    expect(await rules.explainMiss("list files in klingon", context())).toEqual({
      reason: "'klingon' is not a folder or file in the workspace",
    });
    expect(await rules.explainMiss("count the typescript files right here", context())).toEqual({
      reason: "no rule reads 'right'",
      suggestion: {
        rule: "count-files",
        summary: "count files by kind or folder",
        example: "count the typescript files here",
        leftOut: ["right"],
        reading: "the number of TypeScript files (**/*.{ts,tsx,mts,cts})",
      },
      hint: "without 'right': the number of TypeScript files (**/*.{ts,tsx,mts,cts})",
    });
    const withModel = { ...context(), modelFollows: true };
    expect(await rules.generate("lsit the markdown files", withModel)).toBeNull();
    expect(await rules.explainMiss("lsit the markdown files", withModel)).toEqual({
      reason: "rule list-files guessed a word ('lsit' read as 'list'); a model checks that reading",
      hint: "Markdown files (**/*.md) ('lsit' read as 'list')",
    });
    expect(await rules.generate("lsit the markdown files", context())).toMatchObject({
      raw: "find_files(pattern, { hidden: true })",
    });
    expect(await rules.generate("list the markdown files", withModel)).toMatchObject({
      raw: "find_files(pattern, { hidden: true })",
    });
  });
});

/** Intent text that tries to become program text. */
const INJECTIONS: string[] = [
  `search for "x"); write_file("a", "b"); ("`,
  `grep 'a") + read_file(".env") + ("'`,
  "search for /a/); write_file('x', 'y'); (/b/",
  "search for /a\\/); write_file(1, 2); //",
  "grep /x/g",
  "which files import x/); write_file(1, 2); (/",
  'which files import ./a"); print(1',
  'read a.md"); write_file("b.md", "x',
  'list files in src"); write_file("x", "y',
  'find files matching *"); print("x',
  'show the first 3"); print(1); ("lines of README.md',
  'replace ") + read_file(".env") + (" with x in README.md',
  "append \"`${read_file('.env')}`\" to notes.md",
  "create x.md with \"${read_file('.env')}\"",
];

describe("rules and intent text", () => {
  it.each(INJECTIONS)("never splices %j into program text", async (intent) => {
    const built = await answer(intent, EVERY);
    if (built.rule === null) return;
    expect(built.program).not.toMatch(/\.env|print\(|write_file\("[ab]/);
    const result = validate(built.program, { tools: EVERY, params: Object.keys(built.params) });
    expect(result.errors).toEqual([]);
  });
});
