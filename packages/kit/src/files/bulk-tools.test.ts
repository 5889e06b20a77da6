import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import type { SkippedCount } from "../toolbox/tool-call-context.js";
import { createFileTools } from "./create-file-tools.js";
import { FileStaging } from "./file-staging.js";
import { countLines } from "./count-lines.js";
import { SKIPPED_REASONS } from "./skipped-files.js";

/** Texts and their lines by the rule `line_counts` states. */
const LINE_CASES: [string, number][] = [
  ["", 0],
  ["a", 1],
  ["a\n", 1],
  ["a\nb", 2],
  ["a\nb\n", 2],
  ["\n", 1],
  ["\n\n", 2],
  ["a\r\nb\r\n", 2],
  ["é\nü", 2],
];

const FILES: Record<string, string | Buffer> = {
  ".gitignore": "dist/\n*.log\n",
  "README.md": "# demo\n\nTODO: docs",
  "src/app.ts": "export const app = 1;\n// TODO\n",
  "src/empty.ts": "",
  "src/big.txt": `${"line\n".repeat(300_000)}last`,
  "data.bin": Buffer.from([1, 0, 2, 10]),
  "debug.log": "ignored\n",
  "dist/out.js": "built\n",
  "dist/deep/more.js": "built\n",
  "node_modules/dep/index.js": "dep\n",
  "node_modules/dep/lib/a.js": "a\n",
  "node_modules/dep/readme.md": "r\n",
  ".git/HEAD": "ref\n",
  ".lackpy/config.toml": "[run]\n",
  ".vscode/settings.json": "{}\n",
  ".env": "KEY=1\n",
};

let root: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-bulk-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-bulk-outside-"));
  await writeFile(path.join(outside, "secret.txt"), "secret\n");
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  await symlink(path.join(outside, "secret.txt"), path.join(root, "link-out.txt"));
  await symlink(outside, path.join(root, "dir-out"));
  execFileSync("mkfifo", [path.join(root, "pipe.txt")]);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

/** Calls a tool as a run does, and returns its value and what it noted as skipped. */
async function withSkipped<T>(
  call: (context: object) => Promise<T>,
): Promise<{ value: T; skipped: SkippedCount[]; scopes: string[] }> {
  const skipped: SkippedCount[] = [];
  const scopes: string[] = [];
  const context = {
    signal: new AbortController().signal,
    noteSkipped(rows: readonly SkippedCount[], scope: string) {
      skipped.push(...rows);
      scopes.push(scope);
    },
  };
  return { value: await call(context), skipped, scopes };
}

describe("countLines", () => {
  it.each(LINE_CASES)("counts the lines of %j as %i", (text, lines) => {
    expect(countLines(text)).toBe(lines);
  });
});

describe("file_sizes", () => {
  it("measures every file find_files lists, sorted, and notes what it left out", async () => {
    const tools = createFileTools(root);
    const { value, skipped, scopes } = await withSkipped((context) =>
      tools.file_sizes.call(context),
    );
    const listed = await tools.find_files("**/*");
    expect(value.map((row) => row.file)).toEqual(listed);
    expect(value).toContainEqual({ file: "data.bin", size: 4 });
    expect(value).toContainEqual({ file: "src/empty.ts", size: 0 });
    expect(value).toContainEqual({
      file: "src/big.txt",
      size: Buffer.byteLength(FILES["src/big.txt"]),
    });
    expect(Object.fromEntries(skipped.map((row) => [row.reason, row.count]))).toEqual({
      // .env; .git is left out without a word.
      [SKIPPED_REASONS.protectedPath]: 1,
      [SKIPPED_REASONS.closedPath]: 1,
      [SKIPPED_REASONS.gitignored]: 3,
      [SKIPPED_REASONS.nodeModules]: 3,
      [SKIPPED_REASONS.notRegular]: 3,
    });
    expect(scopes).toEqual(["**/*"]);
  });

  it("counts in skipped folders only what the pattern matches, and lists ignored files when asked", async () => {
    const tools = createFileTools(root);
    const { value, skipped, scopes } = await withSkipped((context) =>
      tools.file_sizes.call(context, "**/*.js", { include_ignored: true }),
    );
    expect(value).toEqual([
      { file: "dist/deep/more.js", size: 6 },
      { file: "dist/out.js", size: 6 },
    ]);
    // .vscode may hold .js files: it counts once, never entered.
    expect(skipped).toEqual([
      { reason: SKIPPED_REASONS.nodeModules, count: 2 },
      { reason: SKIPPED_REASONS.closedPath, count: 1 },
    ]);
    expect(scopes).toEqual(["**/*.js (ignored included)"]);
  });

  it("lists node_modules when the pattern names it, and notes nothing left out", async () => {
    const { value, skipped } = await withSkipped((context) =>
      createFileTools(root).file_sizes.call(context, "node_modules/**/*.js"),
    );
    expect(value.map((row) => row.file)).toEqual([
      "node_modules/dep/index.js",
      "node_modules/dep/lib/a.js",
    ]);
    expect(skipped).toEqual([]);
  });
});

describe("line_counts", () => {
  it("counts the lines of every text file by the stated rule, and notes binary files", async () => {
    const tools = createFileTools(root);
    const { value, skipped } = await withSkipped((context) => tools.line_counts.call(context));
    expect(value).toEqual([
      { file: ".gitignore", lines: 2 },
      { file: "README.md", lines: 3 },
      { file: "src/app.ts", lines: 2 },
      { file: "src/big.txt", lines: 300_001 },
      { file: "src/empty.ts", lines: 0 },
    ]);
    expect(skipped).toContainEqual({ reason: SKIPPED_REASONS.binary, count: 1 });
  });

  it("counts a staged file as staged, and finds a staged new one", async () => {
    const tools = createFileTools(root);
    const context = { signal: new AbortController().signal, staging: new FileStaging() };
    await tools.write_file.call(context, "src/app.ts", "a\nb\nc");
    await tools.write_file.call(context, "src/new.ts", "x\n");
    expect(await tools.line_counts.call(context, "src/*.ts")).toEqual([
      { file: "src/app.ts", lines: 3 },
      { file: "src/empty.ts", lines: 0 },
      { file: "src/new.ts", lines: 1 },
    ]);
    expect(await tools.file_sizes.call(context, "src/*.ts")).toEqual([
      { file: "src/app.ts", size: 5 },
      { file: "src/empty.ts", size: 0 },
      { file: "src/new.ts", size: 2 },
    ]);
  });

  it.each([
    [42, undefined, "invalid_pattern"],
    ["   ", undefined, "invalid_pattern"],
    ["**/*", true, "invalid_argument"],
    ["**/*", { recursive: true }, "invalid_argument"],
    ["../*", undefined, "path_outside_root"],
    [".git/**", undefined, "protected_path"],
  ])("refuses the arguments %j, %j with %s", async (pattern, options, code) => {
    const tools = createFileTools(root);
    expect((await refusal(tools.line_counts(pattern, options))).code).toBe(code);
    expect((await refusal(tools.file_sizes(pattern, options))).code).toBe(code);
  });

  it("stops once its call is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const counting = createFileTools(root).line_counts.call({ signal: controller.signal });
    expect((await refusal(counting)).code).toBe("aborted");
  });
});

describe("search_files", () => {
  it("notes binary files, files over the read limit and what the walk left out", async () => {
    const tools = createFileTools(root, { maxReadBytes: 1024 });
    const { value, skipped } = await withSkipped((context) =>
      tools.search_files.call(context, "TODO"),
    );
    expect(value).toEqual([
      { file: "README.md", line: 3, text: "TODO: docs" },
      { file: "src/app.ts", line: 2, text: "// TODO" },
    ]);
    expect(skipped).toContainEqual({ reason: SKIPPED_REASONS.binary, count: 1 });
    expect(skipped).toContainEqual({ reason: "files over 1,024 bytes", count: 1 });
    expect(skipped).toContainEqual({ reason: SKIPPED_REASONS.nodeModules, count: 3 });
  });
});

describe("list_folder", () => {
  it("notes the protected and closed entries it leaves out, and .git and .lackpy without a word", async () => {
    const tools = createFileTools(root);
    const { value, skipped, scopes } = await withSkipped((context) =>
      tools.list_folder.call(context),
    );
    const names = value.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining([".gitignore", "src", "node_modules"]));
    expect(names.filter((name) => [".git", ".lackpy", ".env", ".vscode"].includes(name))).toEqual(
      [],
    );
    expect(Object.fromEntries(skipped.map((row) => [row.reason, row.count]))).toEqual({
      [SKIPPED_REASONS.protectedPath]: 1,
      [SKIPPED_REASONS.closedPath]: 1,
      [SKIPPED_REASONS.notRegular]: 3,
    });
    expect(scopes).toEqual(["./*"]);
  });
});
