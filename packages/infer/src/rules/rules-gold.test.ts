import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFileTools } from "@lackpy/kit/node";
import { run } from "@lackpy/run";
import { INTENT_RULES, matchRules } from "./rules-provider.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const files = createFileTools(EXAMPLE);
const TOOLS = { read_file: files.read_file, find_files: files.find_files };
const README =
  "# inventory\n\nA tiny example project that lackpy's quick start works on. TODO: add a CLI.\n";
const TODOS = [
  { file: "README.md", line: 3, text: README.split("\n")[2] },
  { file: "src/cli.py", line: 1, text: "# TODO: port to TypeScript" },
  { file: "src/inventory.ts", line: 6, text: "// TODO: validate names" },
  { file: "src/report.ts", line: 3, text: "// TODO: format as a table" },
];
const FIXME = {
  file: "tests/inventory.test.js",
  line: 2,
  text: "// FIXME: test the real module once src/ has a build step.",
};

/** Each rule's answer on the shipped example workspace, run by the real interpreter over the real file tools. */
const GOLD: [string, string, unknown][] = [
  ["read README.md", "read-file", README],
  ["show me the readme", "read-known-file", README],
  ["which files have todos", "files-with-todos", TODOS.map((todo) => todo.file)],
  ["count the TODOs", "count-todos", 4],
  ["how many todos and fixmes are there", "count-todos", 5],
  ["find TODO and FIXME comments", "todos", [...TODOS, FIXME]],
  ["where are the fixmes", "todos", [FIXME]],
  ["todos in src", "todos", TODOS.slice(1)],
  ["which files import ./inventory.js", "files-importing", ["src/report.ts"]],
  ["which files import ./inventory", "files-importing", ["src/report.ts"]],
  ["who imports sys", "files-importing", ["src/cli.py"]],
  ["which files import node:test", "files-importing", ["tests/inventory.test.js"]],
  [
    "which files mention inventory",
    "files-containing",
    ["README.md", "src/cli.py", "src/report.ts"],
  ],
  ["how many files mention total", "count-files-containing", 3],
  [
    "search for total in src",
    "search",
    [
      {
        file: "src/inventory.ts",
        line: 11,
        text: "export function total(items: Item[]): number {",
      },
      {
        file: "src/report.ts",
        line: 1,
        text: 'import { total, type Item } from "./inventory.js";',
      },
      {
        file: "src/report.ts",
        line: 5,
        text: "return `${items.length} items, ${total(items)} units`;",
      },
    ],
  ],
  [
    "grep /add\\w+/",
    "search",
    [
      {
        file: "src/inventory.ts",
        line: 7,
        text: "export function addItem(items: Item[], name: string, count: number): Item[] {",
      },
      { file: "tests/inventory.test.js", line: 8, text: 'test("total adds the counts", () => {' },
    ],
  ],
  ["list the test files", "list-test-files", ["tests/inventory.test.js"]],
  ["how many test files are there", "count-test-files", 1],
  ["find files named *.py", "files-matching", ["src/cli.py"]],
  ["how many files are named *.ts", "count-files-matching", 2],
  ["list all typescript files", "list-files", ["src/inventory.ts", "src/report.ts"]],
  ["what's in the src folder", "list-files", ["src/cli.py", "src/inventory.ts", "src/report.ts"]],
  ["list files in docs", "list-files", ["docs/usage.md"]],
  ["how many files are there", "count-files", 6],
  ["how many typescript files are in src", "count-files", 2],
  ["which file is the largest", "largest-file", "tests/inventory.test.js"],
  [
    "show the 2 biggest files in src",
    "largest-files",
    [
      { file: "src/inventory.ts", characters: 311 },
      { file: "src/report.ts", characters: 186 },
    ],
  ],
  [
    "count lines per file",
    "lines-per-file",
    {
      files: [
        { file: "README.md", lines: 3 },
        { file: "docs/usage.md", lines: 3 },
        { file: "src/cli.py", lines: 8 },
        { file: "src/inventory.ts", lines: 13 },
        { file: "src/report.ts", lines: 6 },
        { file: "tests/inventory.test.js", lines: 10 },
      ],
      total: 43,
    },
  ],
  ["how many lines of code are there", "total-lines", 37],
  ["count the lines in docs", "total-lines", 3],
];

describe("the rules on the example workspace", () => {
  it.each(GOLD)("answer %j (%s) exactly", async (intent, id, output) => {
    const built = matchRules(intent, new Set(Object.keys(TOOLS)));
    expect(built?.rule).toBe(id);
    const result = await run(built!.program, {
      tools: TOOLS,
      params: built!.params,
      mode: "in-process",
    });
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });

  it("covers every rule the readonly kit can use", () => {
    const gold = new Set(GOLD.map(([, id]) => id));
    const readonly = INTENT_RULES.filter((rule) =>
      rule.needs.every((name) => name === "read_file" || name === "find_files"),
    );
    expect(readonly.map((rule) => rule.id).filter((id) => !gold.has(id))).toEqual([]);
  });

  it("fails, rather than answering, when the readme or changelog is missing", async () => {
    const built = matchRules("show the changelog", new Set(Object.keys(TOOLS)))!;
    const result = await run(built.program, {
      tools: TOOLS,
      params: built.params,
      mode: "in-process",
    });
    expect(result.success).toBe(false);
    expect(result.error?.message).toContain("No file 'CHANGELOG.md' in the workspace.");
  });
});
