import { describe, expect, it } from "vitest";
import { validate, type ParamSpec, type ToolSpec } from "@lackpy/lang";
import { FILE_TOOL_SPECS } from "@lackpy/kit/node";
import {
  INTENT_RULES,
  MAX_RULE_INTENT_LENGTH,
  RulesProvider,
  matchRules,
} from "./rules-provider.js";

const tool = (name: string): ToolSpec => ({
  name,
  provider: "builtin",
  description: name,
  args: [{ name: "name", type: "string" }],
  returns: "unknown",
  gradeW: 1,
  effectsCeiling: 0,
});
const ALL: ToolSpec[] = [
  ...FILE_TOOL_SPECS.filter((spec) => spec.name === "read_file" || spec.name === "find_files"),
  tool("find_definitions"),
  tool("find_callers"),
];
const NAMES = new Set(ALL.map((spec) => spec.name));
const rules = new RulesProvider();
const answer = (intent: string, tools = ALL, params: Record<string, ParamSpec> = {}) =>
  rules.generate(intent, { kit: { tools }, params });

const TEXT = expect.stringMatching(/^\*\*\/\*\.\{ts,tsx,js,.*,md,.*,json,.*\}$/);
const CODE = expect.stringMatching(/^\*\*\/\*\.\{ts,tsx,js,[^}]*,py,[^}]*\}$/);
const TESTS = "{**/*.{test,spec}.*,**/test_*.py,**/*_test.*,**/__tests__/**/*}";
const ts = "**/*.{ts,tsx}";

/** Paraphrases each rule must read, with the params it binds. */
const POSITIVE: [string, string, Record<string, unknown>][] = [
  ["read README.md", "read-file", { path: "README.md" }],
  ["show me the contents of docs/guide.md", "read-file", { path: "docs/guide.md" }],
  ["cat src/app.ts", "read-file", { path: "src/app.ts" }],
  ["what's in config/settings.json?", "read-file", { path: "config/settings.json" }],
  ["open the file 'notes.txt'", "read-file", { path: "notes.txt" }],
  ["show Makefile", "read-file", { path: "Makefile" }],
  ["show the changelog", "read-known-file", { pattern: expect.stringContaining("CHANGELOG") }],
  ["show me the README", "read-known-file", { name: "README.md" }],
  ["what does the readme say", "read-known-file", { name: "README.md" }],
  ["read the licence", "read-known-file", { name: "LICENSE" }],
  ["which files have todos", "files-with-todos", { pattern: TEXT }],
  ["which files contain a FIXME", "files-with-todos", { pattern: TEXT }],
  [
    "list files with TODO comments in src",
    "files-with-todos",
    { pattern: expect.stringMatching(/^src\/\*\*\/\*\.\{/) },
  ],
  ["count the TODOs", "count-todos", { pattern: TEXT }],
  ["how many TODO lines are there in total?", "count-todos", { pattern: TEXT }],
  ["how many lines in the workspace contain TODO", "count-todos", { pattern: TEXT }],
  ["find todos", "todos", { pattern: TEXT }],
  ["list the TODO and FIXME comments", "todos", { pattern: TEXT }],
  ["where are the fixmes?", "todos", { pattern: TEXT }],
  [
    "show all todo/fixme notes under packages/cli",
    "todos",
    { pattern: expect.stringMatching(/^packages\/cli\/\*\*\/\*\.\{/) },
  ],
  ["todos in the python files", "todos", { pattern: "**/*.py" }],
  ["grep for TODO", "todos", { pattern: TEXT }],
  ["which files import ./config", "files-importing", { pattern: CODE }],
  ["who imports zod", "files-importing", { pattern: CODE }],
  ["list the modules that import from ./config", "files-importing", { pattern: CODE }],
  ["which files require 'node:fs'", "files-importing", { pattern: CODE }],
  ["which files mention zod", "files-containing", { pattern: TEXT, query: "zod" }],
  [
    'find files containing "hello world"',
    "files-containing",
    { pattern: TEXT, query: "hello world" },
  ],
  ["list the files that reference loadConfig in src", "files-containing", { query: "loadConfig" }],
  ["how many files mention express", "count-files-containing", { query: "express" }],
  ["search for loadConfig", "search", { pattern: TEXT, query: "loadConfig" }],
  ["grep 'new Date('", "search", { query: "new Date(" }],
  ["search the codebase for /colou?r/i", "search", { pattern: TEXT }],
  ["find all occurrences of formatPrice in src", "search", { query: "formatPrice" }],
  ["show lines containing `await`", "search", { query: "await" }],
  ["list the test files", "list-test-files", { pattern: TESTS }],
  ["which are the spec files", "list-test-files", { pattern: TESTS }],
  ["show the tests in packages/lang", "list-test-files", { pattern: `packages/lang/${TESTS}` }],
  ["how many test files are there", "count-test-files", { pattern: TESTS }],
  ["find files matching docs/*.md", "files-matching", { pattern: "docs/*.md" }],
  ["list all files named package.json", "files-matching", { pattern: "**/package.json" }],
  ["which files match src/**/*.test.ts", "files-matching", { pattern: "src/**/*.test.ts" }],
  ["glob **/*.json", "files-matching", { pattern: "**/*.json" }],
  ["how many files are named *.md", "count-files-matching", { pattern: "**/*.md" }],
  ["list all typescript files", "list-files", { pattern: ts }],
  ["find the python files.", "list-files", { pattern: "**/*.py" }],
  ["show me every .ts file in the workspace", "list-files", { pattern: "**/*.ts" }],
  ["which TypeScript files are in the project?", "list-files", { pattern: ts }],
  ["which markdown files are in the docs folder?", "list-files", { pattern: "docs/**/*.md" }],
  ["list files in data", "list-files", { pattern: "data/**/*" }],
  ["list the files in the folder src/lib/", "list-files", { pattern: "src/lib/**/*" }],
  ["what files does the data folder contain?", "list-files", { pattern: "data/**/*" }],
  ["what's in the src folder", "list-files", { pattern: "src/**/*" }],
  ["ls src", "list-files", { pattern: "src/**/*" }],
  ["list all files", "list-files", { pattern: "**/*" }],
  ["list the config files", "list-files", { pattern: "**/*.{json,yml,yaml,toml,ini,cfg}" }],
  ["how many python files are there?", "count-files", { pattern: "**/*.py" }],
  ["count the .py files", "count-files", { pattern: "**/*.py" }],
  ["how many TypeScript files are in src", "count-files", { pattern: "src/**/*.{ts,tsx}" }],
  ["count the .ts files under src/", "count-files", { pattern: "src/**/*.ts" }],
  ["how many files are there", "count-files", { pattern: "**/*" }],
  ["how many files does the project have", "count-files", { pattern: "**/*" }],
  ["which file is the largest by number of characters", "largest-file", { pattern: TEXT }],
  ["what is the biggest file in the workspace?", "largest-file", { pattern: TEXT }],
  ["what are the largest files", "largest-files", { pattern: TEXT }],
  [
    "show the 3 biggest files in src",
    "largest-files",
    { pattern: expect.stringMatching(/^src\//) },
  ],
  ["top 5 largest files", "largest-files", { pattern: TEXT }],
  ["count lines per file", "lines-per-file", { pattern: TEXT }],
  ["how many lines does each file have", "lines-per-file", { pattern: TEXT }],
  ["line counts per python file", "lines-per-file", { pattern: "**/*.py" }],
  ["lines per file in src", "lines-per-file", { pattern: expect.stringMatching(/^src\//) }],
  ["how many lines of code are there", "total-lines", { pattern: CODE }],
  ["count the lines in src", "total-lines", { pattern: expect.stringMatching(/^src\//) }],
  ["total number of lines in the repo", "total-lines", { pattern: TEXT }],
  ["how many lines of python are there", "total-lines", { pattern: "**/*.py" }],
  ["where is the definition of computeTax", "definitions", { name: "computeTax" }],
  ["find definitions of `loadConfig`", "definitions", { name: "loadConfig" }],
  ["who calls applyDiscount", "callers", { name: "applyDiscount" }],
  ["find all callers of loadConfig", "callers", { name: "loadConfig" }],
  ["callers of formatPrice", "callers", { name: "formatPrice" }],
  ["show the loadConfig callers", "callers", { name: "loadConfig" }],
];

/** Intents a rule would misread: none may answer them, or not with the rule named. */
const NEGATIVE: [string, string | null][] = [
  ["show the changelog", "callers"],
  ["find computeTax", null],
  ["list all klingon files", null],
  ["read the readme and count its lines", null],
  ["how many lines does README.md have", null],
  ["how many lines in README.md", null],
  ["count the lines in src/report.ts", null],
  ["show the first line of docs/guide.md", null],
  ["which files call loadConfig", null],
  ["list the files that use loadConfig", null],
  ["count the TODO lines per file", null],
  ["list the TODO locations in src as file:line", null],
  ["where are the TODOs in src? answer as file:line", null],
  ["which JSON files are not in the data folder", null],
  ["list the .json files outside data/", null],
  ["which folder has the most files", null],
  ["which directory contains the most files?", null],
  ["what does src/cart.ts import from?", null],
  ["how many import lines does src/cart.ts have", null],
  ["list the names of all functions defined in the Python files", null],
  ["which files mention zod and express", null],
  ["summarise the architecture", null],
  ["where is formatPrice defined", null],
  ["show src", null],
  ["delete all test files", null],
];

describe("RulesProvider", () => {
  it.each(POSITIVE)("reads %j with %s", async (intent, id, params) => {
    const built = matchRules(intent, NAMES);
    expect(built?.rule).toBe(id);
    expect(built?.params).toMatchObject(params);
    expect(await answer(intent)).toEqual({ raw: built?.program, params: built?.params });
  });

  it.each(POSITIVE)("writes a valid program for %j", (intent) => {
    const built = matchRules(intent, NAMES)!;
    const result = validate(built.program, { tools: ALL, params: Object.keys(built.params) });
    expect(result.errors).toEqual([]);
  });

  it.each(NEGATIVE)("does not misread %j", (intent, wrongRule) => {
    const built = matchRules(intent, NAMES);
    if (wrongRule === null) expect(built).toBeNull();
    else expect(built?.rule).not.toBe(wrongRule);
  });

  it("has paraphrase tests for every rule", () => {
    const tested = new Set(POSITIVE.map(([, id]) => id));
    expect(INTENT_RULES.map((rule) => rule.id).filter((id) => !tested.has(id))).toEqual([]);
  });

  it.each(POSITIVE)("does not answer %j when the kit lacks a tool the rule needs", (intent, id) => {
    const rule = INTENT_RULES.find((entry) => entry.id === id)!;
    for (const needed of rule.needs) {
      const without = new Set([...NAMES].filter((name) => name !== needed));
      expect(matchRules(intent, without)?.rule).not.toBe(id);
    }
  });

  it("steps aside when a request param already has the name the rule would bind", async () => {
    expect(await answer("read README.md", ALL, { path: { type: "string" } })).toBeNull();
    expect(await answer("which files mention zod", ALL, { word: { type: "string" } })).toEqual({
      raw: expect.stringContaining("line.includes(query)"),
      params: expect.objectContaining({ query: "zod" }),
    });
  });

  it("leaves long intents to the other tiers", () => {
    expect(matchRules(`list files in ${"a/".repeat(MAX_RULE_INTENT_LENGTH)}b`, NAMES)).toBeNull();
    expect(matchRules(`search for ${"a".repeat(MAX_RULE_INTENT_LENGTH)}`, NAMES)).toBeNull();
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
];

describe("rules and intent text", () => {
  it.each(INJECTIONS)("never splices %j into program text", (intent) => {
    const built = matchRules(intent, NAMES);
    if (built === null) return;
    expect(built.program).not.toMatch(/write_file|print\(|\.env/);
    const result = validate(built.program, { tools: ALL, params: Object.keys(built.params) });
    expect(result.errors).toEqual([]);
    expect(result.calls.filter((name) => name === "write_file")).toEqual([]);
  });
});
