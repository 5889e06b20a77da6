import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";
import { leaveOutFolder, leaveOutTests } from "./test-exclusion.js";

/** A source folder with tests beside it, below it and named after it. */
const FILES: Record<string, string> = {
  "src/a.ts": "// TODO: a\nexport const a = 1;\n",
  "src/b.ts": "export const b = 2;\nexport const c = 3;\n",
  "src/a.test.ts": "// TODO: test a\nimport { a } from './a';\n",
  "src/tests/b.ts": "// TODO: test b\nimport { b } from '../b';\n",
  "src/__tests__/c.spec.ts": "// TODO\n",
  "src/latest/d.ts": "export const d = 4; // TODO\n",
  "test/e.ts": "// TODO\n",
};

let root: string;
beforeAll(async () => {
  root = await writeWorkspace("test-exclusion", FILES);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("excluding tests", () => {
  it.each<[string, unknown]>([
    ["how many ts files in src, excluding tests", 3],
    ["count ts files in src without the test files", 3],
    ["how many non-test ts files in src", 3],
    ["ts files in src but not tests", ["src/a.ts", "src/b.ts", "src/latest/d.ts"]],
    ["list ts files in src, ignoring spec files", ["src/a.ts", "src/b.ts", "src/latest/d.ts"]],
    ["total lines across src excluding tests", 5],
    [
      "find TODO in src except tests",
      [
        { file: "src/a.ts", line: 1, text: "// TODO: a" },
        { file: "src/latest/d.ts", line: 1, text: "export const d = 4; // TODO" },
      ],
    ],
  ])("%s", async (request, expected) => {
    const { built, output } = await answerCleanly(root, request);
    expect(output).toEqual(expected);
    expect(built.rule && built.reading).toMatch(/test files left out .*as asked$/);
  });

  it("gives the same answers as the request without the words where there are no tests", async () => {
    const plain = await writeWorkspace("no-tests", { "src/a.ts": "x\n", "src/b.ts": "y\n" });
    try {
      const { output } = await answerCleanly(plain, "how many ts files in src, excluding tests");
      expect(output).toBe(2);
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });

  it("does not answer when the scope is a test folder, or nothing lists files", async () => {
    for (const request of [
      "how many files in test, excluding tests",
      "show src/a.ts excluding tests",
    ]) {
      const { built } = await answerCleanly(root, request);
      expect(built.rule, request).toBeNull();
    }
  });
});

describe("leaveOutTests", () => {
  it("filters each listing call's answer, whatever its arguments hold", () => {
    expect(
      leaveOutTests(
        'len(search_files("a(b", pattern)) + len(find_files(pattern, { hidden: true }))',
        {
          pattern: "**/*",
        },
      ),
    ).toBe(
      'len(search_files("a(b", pattern).filter(row => !' +
        String.raw`/(?:^|\/)(?:tests?|__tests__)\/|\.(?:test|spec)(?:-d)?\.[^/]+$|(?:^|\/)test_[^/]*\.py$|_test\.[^/.]+$/` +
        ".test(row.file))) + len(find_files(pattern, { hidden: true }).filter(file => !" +
        String.raw`/(?:^|\/)(?:tests?|__tests__)\/|\.(?:test|spec)(?:-d)?\.[^/]+$|(?:^|\/)test_[^/]*\.py$|_test\.[^/.]+$/` +
        ".test(file)))",
    );
  });

  it.each([
    ["list_folder(folder)", { folder: "src" }],
    ['read_file("src/a.ts")', {}],
    ["find_files(pattern)", { pattern: "tests/**/*.ts" }],
    ["find_files(pattern", { pattern: "src/**/*" }],
  ])("refuses %s", (program, params) => {
    expect(leaveOutTests(program, params)).toBeNull();
  });
});

describe("leaveOutFolder", () => {
  it("filters each listing call's answer to files outside the folder", () => {
    expect(leaveOutFolder("len(find_files(pattern))", { pattern: "**/*.js" }, "fp")).toBe(
      'len(find_files(pattern).filter(file => !file.startsWith("fp/")))',
    );
    expect(
      leaveOutFolder("sum(file_sizes(pattern).map(row => row.size))", { pattern: "**/*" }, "a b"),
    ).toBe(
      'sum(file_sizes(pattern).filter(row => !row.file.startsWith("a b/")).map(row => row.size))',
    );
  });

  it.each([
    // Looking only inside the folder left out, or listing it another way, is no answer.
    ["find_files(pattern)", { pattern: "fp/**/*" }],
    ["find_files(pattern)", { pattern: "fp" }],
    ["list_folder(folder)", { folder: "." }],
    ['read_file("a.js")', {}],
  ])("refuses %s", (program, params) => {
    expect(leaveOutFolder(program, params, "fp")).toBeNull();
  });
});
