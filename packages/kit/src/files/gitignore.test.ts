import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";
import { FileStaging } from "./file-staging.js";
import { findFiles } from "./find-files.js";
import type { FindFilesCallOptions } from "./walk-options.js";
import {
  isIgnored,
  MAX_GITIGNORE_RULES,
  parseGitignore,
  withRules,
  type IgnoreRule,
} from "./gitignore-rules.js";
import { BUILTIN_PROTECTION } from "../protect/protected-paths.js";
import { ToolError } from "../tool-error.js";

const execFileAsync = promisify(execFile);
const OPTIONS = { maxFindResults: 1000, protection: BUILTIN_PROTECTION };

/** `.gitignore` files of the fixture: every rule of git's that `find_files` implements. */
const GITIGNORES: Record<string, string> = {
  ".gitignore": [
    "# a comment, then a blank line",
    "",
    "dist/",
    "*.log",
    "!important.log",
    "/root-only.txt",
    "docs/*.tmp",
    "**/cache/**",
    "out/**/generated.ts",
    "secret[0-9].txt",
    "file[!a-c].md",
    "range[a-].md",
    "posix[[:digit:]]x.md",
    "bad[[:nope:]].md",
    "unclosed[ab.md",
    "name\\ with\\ space.txt",
    "trailing.txt   ",
    "kept-space.txt\\ ",
    "\\#hash.txt",
    "\\!bang.txt",
    "*.bak",
    "!keep/*.bak",
    "lib/**/*.map",
    "weird{brace}.txt",
    "q?.txt",
    "dironly/",
    "logs",
    "!logs/keep.txt",
    "crlf.txt\r",
    "a**b.md",
    "**/deep-any",
    "nested/**",
    "!nested/back.txt",
    "also-dir/",
    "tab\tname.txt",
  ].join("\n"),
  "a/.gitignore": ["*.txt", "!a-keep.txt", "/local-only.js", "sub/deep/", "x/*/y.md"].join("\n"),
  "a/sub/.gitignore": ["!*.txt", "# re-includes what a/.gitignore ignores"].join("\n"),
  "c/.gitignore": ["!*.log", "/*.md"].join("\n"),
};

/** Files of the fixture (folders come from their paths). */
const FILES = [
  "README.md",
  "dist/app.js",
  "src/dist/inner.js",
  "app.log",
  "important.log",
  "sub/important.log",
  "root-only.txt",
  "src/root-only.txt",
  "docs/page.tmp",
  "docs/deeper/page.tmp",
  "page.tmp",
  "cache/a.js",
  "src/cache/b.js",
  "src/cache/deep/c.js",
  "cached/x.js",
  "out/generated.ts",
  "out/x/y/generated.ts",
  "out/x/other.ts",
  "src/out/generated.ts",
  "secret1.txt",
  "secretA.txt",
  "filea.md",
  "filed.md",
  "rangea.md",
  "range-.md",
  "rangeb.md",
  "posix7x.md",
  "posixax.md",
  "bad1.md",
  "unclosed[ab.md",
  "unclosedb.md",
  "name with space.txt",
  "trailing.txt",
  "kept-space.txt",
  "kept-space.txt ",
  "#hash.txt",
  "!bang.txt",
  "x.bak",
  "keep/y.bak",
  "keep/deeper/z.bak",
  "lib/a.map",
  "lib/x/y/b.map",
  "src/lib/c.map",
  "weird{brace}.txt",
  "weirdb.txt",
  "q1.txt",
  "q12.txt",
  "dironly/f.txt",
  "src/dironly/g.txt",
  "dironly-file/dironly",
  "logs/keep.txt",
  "logs/other.txt",
  "src/logs",
  "crlf.txt",
  "ab.md",
  "a-x-b.md",
  "a/x/b.md",
  "src/deep-any/f.js",
  "deep-any",
  "nested/back.txt",
  "nested/more.txt",
  "also-dir",
  "tab\tname.txt",
  "a/one.txt",
  "a/a-keep.txt",
  "a/one.js",
  "a/local-only.js",
  "a/b/local-only.js",
  "a/b/two.txt",
  "a/sub/three.txt",
  "a/sub/deep/four.js",
  "a/sub/deeper/five.js",
  "a/x/k/y.md",
  "a/x/k/l/y.md",
  "b/sub/deep/six.js",
  "c/again.log",
  "c/top.md",
  "c/d/under.md",
];

let root: string;

/** Runs git in the fixture without any user or system config (no global excludes file). */
async function git(args: string[], input?: string): Promise<string> {
  const child = execFileAsync("git", args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: root,
      XDG_CONFIG_HOME: path.join(root, ".no-config"),
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (input !== undefined) {
    child.child.stdin!.end(input);
  }
  return (await child.catch((error: { stdout?: string }) => error)).stdout ?? "";
}

/** Paths without a dot-named segment: what both sides list the same however dot paths are protected. */
const plain = (paths: string[]) =>
  paths.filter((file) => !file.split("/").some((segment) => segment.startsWith("."))).sort();

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-gitignore-"));
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), file);
  }
  for (const [file, text] of Object.entries(GITIGNORES))
    await writeFile(path.join(root, file), text);
  await git(["init", "-q"]);
});

afterAll(() => rm(root, { recursive: true, force: true }));

/** Whether a path is ignored, itself or through a folder above it, as the walk decides. */
async function ignoredByRules(file: string): Promise<boolean> {
  let rules: readonly IgnoreRule[] = [];
  const segments = file.split("/");
  for (let depth = 0; depth < segments.length; depth++) {
    const folder = segments.slice(0, depth).join("/");
    const gitignore = folder ? `${folder}/.gitignore` : ".gitignore";
    const text = await readFile(path.join(root, gitignore), "utf8").catch(() => undefined);
    if (text !== undefined) rules = withRules(rules, parseGitignore(text, gitignore), gitignore);
    const isLast = depth === segments.length - 1;
    const here = segments.slice(0, depth + 1).join("/");
    if (isIgnored(rules, here, !isLast)) return true;
  }
  return false;
}

describe("find_files and .gitignore, against git", () => {
  it("lists what `git ls-files --others --exclude-standard` lists", async () => {
    const listed = (await git(["ls-files", "--others", "--exclude-standard", "-z"]))
      .split("\0")
      .filter(Boolean);
    expect(listed.length).toBeGreaterThan(20);
    expect(plain(await findFiles(root, "**", OPTIONS))).toEqual(plain(listed));
  });

  it("decides every path as `git check-ignore` does", async () => {
    const output = await git(
      ["check-ignore", "--no-index", "--stdin", "-z", "-v", "-n"],
      FILES.join("\0"),
    );
    // Records of four fields: source, line, pattern, path; a path no pattern matches has an empty source.
    const fields = output.split("\0");
    const decided = new Map<string, boolean>();
    for (let index = 0; index + 3 < fields.length; index += 4) {
      const [source, , pattern, file] = fields.slice(index, index + 4);
      decided.set(file, source !== "" && !pattern.startsWith("!"));
    }
    expect(decided.size).toBe(FILES.length);
    const mismatches: string[] = [];
    for (const file of FILES)
      if ((await ignoredByRules(file)) !== decided.get(file))
        mismatches.push(`${file}: git says ${decided.get(file) ? "ignored" : "not ignored"}`);
    expect(mismatches).toEqual([]);
    // The fixture exercises both answers plenty.
    expect([...decided.values()].filter(Boolean).length).toBeGreaterThan(30);
    expect([...decided.values()].filter((ignored) => !ignored).length).toBeGreaterThan(20);
  });
});

describe("find_files and .gitignore, over a run's staged files", () => {
  let twin: string;
  beforeAll(async () => {
    // The fixture's .gitignore files alone: every other file is staged by the run.
    twin = await mkdtemp(path.join(os.tmpdir(), "lackpy-gitignore-staged-"));
    for (const [file, text] of Object.entries(GITIGNORES)) {
      await mkdir(path.dirname(path.join(twin, file)), { recursive: true });
      await writeFile(path.join(twin, file), text);
    }
  });
  afterAll(() => rm(twin, { recursive: true, force: true }));

  const PATTERNS: [string, FindFilesCallOptions][] = [
    ["**", {}],
    ["**", { include_ignored: true }],
    ["dist/*.js", {}],
    ["**/dist/*.js", {}],
    ["**/*.log", {}],
    ["app.log", {}],
    ["a/**", {}],
    ["a/sub/*.txt", {}],
    ["logs/*", {}],
    ["nested/*.txt", {}],
  ];

  it.each(PATTERNS)(
    "lists the staged new files of %j (%j) as the walk lists them on disk",
    async (pattern, options) => {
      const tools = createFileTools(twin);
      const staging = new FileStaging();
      const context = { staging };
      const stagedFiles: string[] = [];
      for (const file of FILES)
        try {
          await tools.write_file.call(context, file, file);
          stagedFiles.push(file);
        } catch (error) {
          if (!ToolError.is(error)) throw error;
        }
      expect(stagedFiles.length).toBeGreaterThan(FILES.length - 5);
      const onDisk = await findFiles(root, pattern, OPTIONS, options);
      const staged = await tools.find_files.call(context, pattern, options);
      expect(plain(staged)).toEqual(plain(onDisk).filter((file) => stagedFiles.includes(file)));
      expect(plain(staged).length).toBeGreaterThan(0);
    },
  );

  it("does not list an ignored file on disk that the run changed", async () => {
    const tools = createFileTools(root);
    const staging = new FileStaging();
    const context = { staging };
    for (const file of ["dist/app.js", "cache/a.js", "app.log", "a/one.txt", "README.md"])
      await tools.write_file.call(context, file, "changed");
    await tools.write_file.call(context, "dist/new.js", "new");
    const unstaged = await findFiles(root, "**", OPTIONS);
    expect(await tools.find_files.call(context, "**")).toEqual(unstaged);
    expect(await tools.find_files.call(context, "dist/*.js")).toEqual([
      "dist/app.js",
      "dist/new.js",
    ]);
    expect(await tools.search_files.call(context, "changed")).toEqual([
      { file: "README.md", line: 1, text: "changed" },
    ]);
    expect(await tools.search_files.call(context, "new", "dist/*.js")).toEqual([
      { file: "dist/new.js", line: 1, text: "new" },
    ]);
  });
});

describe("find_files options", () => {
  it("lists ignored files too with { include_ignored: true }", async () => {
    const all = await findFiles(root, "**", OPTIONS, { include_ignored: true });
    // Names with a control character are never listed.
    expect(plain(all)).toEqual(plain(FILES.filter((file) => !file.includes("\t"))));
    expect(await findFiles(root, "dist/*.js", OPTIONS, { include_ignored: false })).toEqual([
      "dist/app.js",
    ]);
  });

  it("lists a name the pattern spells out even when it is ignored", async () => {
    expect(await findFiles(root, "dist/*.js", OPTIONS)).toEqual(["dist/app.js"]);
    expect(await findFiles(root, "**/dist/*.js", OPTIONS)).toEqual([
      "dist/app.js",
      "src/dist/inner.js",
    ]);
    expect(await findFiles(root, "app.log", OPTIONS)).toEqual(["app.log"]);
    expect(await findFiles(root, "*.log", OPTIONS)).toEqual(["important.log"]);
  });

  it.each([
    [true, "options object, not boolean"],
    ["yes", "options object, not string"],
    [["a"], "options object, not an array"],
    [{ include: true }, "no option 'include'"],
    [{ include_ignored: "yes" }, "include_ignored must be true or false"],
  ])("refuses %j as options", async (options, message) => {
    const error = await refusal(findFiles(root, "**", OPTIONS, options));
    expect(error).toMatchObject({ code: "invalid_argument", retriable: true });
    expect(error.message).toContain(message);
    expect(error.hint).toContain("include_ignored: true");
  });
});

describe("find_files reads .gitignore files safely", () => {
  let workspace: string;
  beforeAll(async () => {
    workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-gitignore-safe-"));
    await writeFile(path.join(workspace, "a.txt"), "a");
    await writeFile(path.join(workspace, "b.md"), "b");
  });
  afterAll(() => rm(workspace, { recursive: true, force: true }));

  it("does not follow a .gitignore symlink (whose target may lie outside the workspace)", async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-outside-"));
    try {
      await writeFile(path.join(outside, "patterns"), "*.txt\n");
      await symlink(path.join(outside, "patterns"), path.join(workspace, ".gitignore"));
      expect(plain(await findFiles(workspace, "**", OPTIONS))).toEqual(["a.txt", "b.md"]);
    } finally {
      await rm(path.join(workspace, ".gitignore"), { force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });

  it.each([
    ["a file over 256 KiB", `${"x".repeat(300 * 1024)}\n`, "'.gitignore' is over 256 KiB"],
    [
      "a line over 1,024 characters",
      `ok\n${"y".repeat(1100)}\n`,
      "'.gitignore' line 2 is a pattern over 1,024 characters",
    ],
    [
      "too many patterns",
      Array.from({ length: MAX_GITIGNORE_RULES + 1 }, (_, index) => `p${index}`).join("\n"),
      "hold more than 4096 patterns",
    ],
  ])("refuses %s with gitignore_too_large", async (_name, text, message) => {
    await writeFile(path.join(workspace, ".gitignore"), text);
    try {
      const error = await refusal(findFiles(workspace, "**", OPTIONS));
      expect(error).toMatchObject({ code: "gitignore_too_large", retriable: true });
      expect(error.message).toContain(message);
      expect(error.hint).toContain("include_ignored: true");
      expect(await findFiles(workspace, "*.md", OPTIONS, { include_ignored: true })).toEqual([
        "b.md",
      ]);
    } finally {
      await rm(path.join(workspace, ".gitignore"), { force: true });
    }
  });
});
