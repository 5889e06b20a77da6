import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import {
  CLOSED_ATTACKS,
  createProtectedWorkspace,
  LOADED_ATTACKS,
  LOADED_PATHS,
  PROTECTED_ATTACKS,
  READ_ONLY_ATTACKS,
  VISIBLE_FILES,
  WRITE_CLOSED_ATTACKS,
  type ProtectedWorkspace,
} from "../__fixtures__/protected-attacks.js";
import { createFileTools } from "./create-file-tools.js";
import { KitError } from "../kit-error.js";

let workspace: ProtectedWorkspace;
let tools: ReturnType<typeof createFileTools>;
let before: Record<string, string>;

beforeAll(async () => {
  workspace = await createProtectedWorkspace();
  tools = createFileTools(workspace.root, { loadedPaths: LOADED_PATHS });
  before = await workspace.snapshot();
});

afterAll(() => workspace.remove());

/** Checks a refusal names the path relative to the workspace, with a hint, and no host path. */
function expectProtected(
  error: { code: string; message: string; hint?: string },
  kind: "protected" | "read-only" = "protected",
): void {
  expect(error.code).toBe("protected_path");
  expect(error.message).toMatch(new RegExp(`^'[^']+' (leads to '[^']+', which )?is ${kind} \\(`));
  expect(error.hint).toContain(".lackpy/, .git/, .env*, .netrc, _netrc, .npmrc, .pypirc");
  expect(error.hint).toContain(".yarnrc.yml, .git-credentials, .pgpass");
  expect(`${error.message} ${error.hint}`).not.toContain(os.tmpdir());
}

/** Checks a `closed_path` refusal says the path is hidden (or closed for writing) and names the config line that opens it. */
function expectClosed(
  error: { code: string; message: string; hint?: string },
  kind: "hidden" | "closed for writing" = "hidden",
  key: "allow_read" | "allow_write" = "allow_read",
): void {
  expect(error.code).toBe("closed_path");
  expect(error.message).toMatch(new RegExp(`^'[^']+' (leads to '[^']+', which )?is ${kind} \\(`));
  expect(error.hint).toMatch(
    new RegExp(
      `^work with other files, or ask the user to open this one: a person can add \\[files\\] ${key} = \\[".+"\\]`,
    ),
  );
  expect(error.hint).toContain("to .lackpy/config.toml, which programs can never write");
  expect(`${error.message} ${error.hint}`).not.toContain(os.tmpdir());
}

describe("file tools: protected paths", () => {
  it("has a table of at least 60 ways in", () => {
    expect(PROTECTED_ATTACKS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(PROTECTED_ATTACKS)("read_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.read_file(attack)));
  });

  it.each(PROTECTED_ATTACKS)("write_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.write_file(attack, "pwned")));
    expect(await workspace.snapshot()).toEqual(before);
  });

  it.each(PROTECTED_ATTACKS)("edit_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.edit_file(attack, "secret", "pwned")));
    expect(await workspace.snapshot()).toEqual(before);
  });

  it.each(LOADED_ATTACKS)("read_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.read_file(attack)));
  });

  it.each(LOADED_ATTACKS)("write_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.write_file(attack, "pwned")));
    expect(await workspace.snapshot()).toEqual(before);
  });

  it.each(LOADED_ATTACKS)("edit_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.edit_file(attack, "serve", "pwned")));
    expect(await workspace.snapshot()).toEqual(before);
  });

  it.each(READ_ONLY_ATTACKS)("write_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.write_file(attack, "pwned")), "read-only");
    expect(await workspace.snapshot()).toEqual(before);
  });

  it.each(READ_ONLY_ATTACKS)("edit_file refuses $attack: $path", async ({ path: attack }) => {
    expectProtected(await refusal(tools.edit_file(attack, "pkg", "pwned")), "read-only");
    expect(await workspace.snapshot()).toEqual(before);
  });

  it("reads installed packages, and names node_modules as read-only", async () => {
    expect(await tools.read_file("node_modules/pkg/index.js")).toBe("export const pkg = 1;\n");
    expect(await tools.read_file("nm-pkg")).toBe("export const pkg = 1;\n");
    expect(await tools.read_file("node_modules/dep/index.js")).toBe("export const dep = 1;\n");
    expect(await tools.find_files("node_modules/**")).toEqual([
      "node_modules/.bin/tool",
      "node_modules/.pnpm/dep@1.0.0/node_modules/dep/index.js",
      "node_modules/pkg/index.js",
    ]);
    expect((await refusal(tools.write_file("nm/pkg/index.js", "x"))).message).toMatchInlineSnapshot(
      `"'nm/pkg/index.js' leads to 'node_modules/pkg/index.js', which is read-only (installed packages, whose code lackpy, npx and other tools run); the file tools never create, change or delete anything there."`,
    );
  });

  it("names the path as given, and where a symlink led", async () => {
    expect(
      (await refusal(tools.write_file(".LACKPY/config.toml", "x"))).message,
    ).toMatchInlineSnapshot(
      `"'.LACKPY/config.toml' is protected (lackpy's own config, kits and templates); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.read_file("deep/conf/config.toml"))).message).toMatchInlineSnapshot(
      `"'deep/conf/config.toml' leads to '.lackpy/config.toml', which is protected (lackpy's own config, kits and templates); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.read_file("cfg"))).message).toMatchInlineSnapshot(
      `"'cfg' leads to '.git/config', which is protected (version-control data, settings and hooks); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.read_file(".env.local"))).message).toMatchInlineSnapshot(
      `"'.env.local' is protected (environment secrets); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.read_file("netrc-link"))).message).toMatchInlineSnapshot(
      `"'netrc-link' leads to '.netrc', which is protected (login credentials for remote hosts); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.write_file(".envrc", "x"))).message).toMatchInlineSnapshot(
      `"'.envrc' is protected (a script direnv runs on entering the folder, often with secrets); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.read_file("tool-link"))).message).toMatchInlineSnapshot(
      `"'tool-link' leads to 'tools/x.mjs', which is protected (lackpy loads it: the module of tool 'x' ([tools.x] in the workspace config)); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.read_file(".yarnrc.yml"))).hint).toMatchInlineSnapshot(
      `"work with other files: .lackpy/, .git/, .env*, .netrc, _netrc, .npmrc, .pypirc, .yarnrc.yml, .git-credentials, .pgpass, the files lackpy loads (module tools, MCP server scripts) and the globs of [files] protected in the workspace config are never opened; node_modules/ is read-only; other names starting with "." are closed unless [files] allow_read or allow_write in .lackpy/config.toml opens them"`,
    );
  });
});

describe("file tools: hidden paths are closed", () => {
  it("has a table of at least 50 ways in, and 20 writes of readable files", () => {
    expect(CLOSED_ATTACKS.length).toBeGreaterThanOrEqual(50);
    expect(WRITE_CLOSED_ATTACKS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(CLOSED_ATTACKS)("read_file refuses $attack: $path", async ({ path: attack }) => {
    expectClosed(await refusal(tools.read_file(attack)));
  });

  it.each(CLOSED_ATTACKS)("write_file refuses $attack: $path", async ({ path: attack }) => {
    expectClosed(await refusal(tools.write_file(attack, "pwned")), "hidden", "allow_write");
    expect(await workspace.snapshot()).toEqual(before);
  });

  it.each(CLOSED_ATTACKS)("edit_file refuses $attack: $path", async ({ path: attack }) => {
    expectClosed(await refusal(tools.edit_file(attack, "{", "pwned")), "hidden", "allow_write");
    expect(await workspace.snapshot()).toEqual(before);
  });

  it.each(WRITE_CLOSED_ATTACKS)(
    "write_file refuses $attack: $path",
    async ({ path: attack, hidden }) => {
      const kind = hidden ? "hidden" : "closed for writing";
      expectClosed(await refusal(tools.write_file(attack, "pwned")), kind, "allow_write");
      expect(await workspace.snapshot()).toEqual(before);
    },
  );

  it.each(WRITE_CLOSED_ATTACKS)(
    "edit_file refuses $attack before reading: $path",
    async ({ path: attack, hidden }) => {
      const kind = hidden ? "hidden" : "closed for writing";
      expectClosed(await refusal(tools.edit_file(attack, "zzz", "pwned")), kind, "allow_write");
      expect(await workspace.snapshot()).toEqual(before);
    },
  );

  it("reads the readable hidden names and the command files", async () => {
    expect(await tools.read_file(".gitignore")).toBe("node_modules\n");
    expect(await tools.read_file("src/.gitignore")).toBe("dist\n");
    expect(await tools.read_file(".github/workflows/ci.yml")).toBe("on: push\n");
    expect(await tools.read_file("gh/workflows/ci.yml")).toBe("on: push\n");
    expect(await tools.read_file(".editorconfig")).toBe("root = true\n");
    expect(await tools.read_file(".nvmrc")).toBe("20\n");
    expect(await tools.read_file(".prettierrc.json")).toBe("{}");
    expect(await tools.read_file(".eslintrc.cjs")).toBe("module.exports = {};\n");
    expect(await tools.read_file("lefthook.yml")).toBe("pre-commit:\n  commands: {}\n");
    expect(await tools.read_file("hook-link")).toBe("pre-commit:\n  commands: {}\n");
    expect(await tools.read_file("opencode.json")).toBe('{"mcp":{}}');
  });

  it("says what is closed and how a person opens it", async () => {
    const read = await refusal(tools.read_file(".vscode/tasks.json"));
    expect(read.message).toMatchInlineSnapshot(
      `"'.vscode/tasks.json' is hidden (VS Code settings and tasks, which name commands the editor runs); the file tools open names starting with "." only where the workspace config allows it."`,
    );
    expect(read.hint).toMatchInlineSnapshot(
      `"work with other files, or ask the user to open this one: a person can add [files] allow_read = [".vscode/tasks.json"] (or allow_write, to change it too) to .lackpy/config.toml, which programs can never write"`,
    );
    const pnpm = await refusal(tools.write_file(".pnpmfile.cjs", "x"));
    expect(pnpm.message).toMatchInlineSnapshot(
      `"'.pnpmfile.cjs' is hidden (code pnpm runs on every install); the file tools open names starting with "." only where the workspace config allows it."`,
    );
    expect(pnpm.hint).toMatchInlineSnapshot(
      `"work with other files, or ask the user to open this one: a person can add [files] allow_write = [".pnpmfile.cjs"] to .lackpy/config.toml, which programs can never write"`,
    );
    expect((await refusal(tools.read_file(".ssh/id_ed25519"))).message).toMatchInlineSnapshot(
      `"'.ssh/id_ed25519' is hidden (a name starting with ".", where tools keep settings, hooks and credentials); the file tools open names starting with "." only where the workspace config allows it."`,
    );
    expect(
      (await refusal(tools.write_file("gh/workflows/x.yml", "x"))).message,
    ).toMatchInlineSnapshot(
      `"'gh/workflows/x.yml' leads to '.github/workflows/x.yml', which is hidden (GitHub settings and workflows, which run commands in CI); programs may read it, but the file tools write names starting with "." only where the workspace config allows it."`,
    );
    expect((await refusal(tools.write_file("lefthook.yml", "x"))).message).toMatchInlineSnapshot(
      `"'lefthook.yml' is closed for writing (the git hooks lefthook installs and runs); programs may read it, but the file tools change files other tools run commands from or load as code only where the workspace config allows it."`,
    );
  });

  it("still reads and writes look-alikes that are not hidden", async () => {
    expect(await tools.read_file("notes.env")).toBe("not a secret\n");
    expect(await tools.read_file("envrc.example")).toBe("export TOKEN=\n");
    expect(await tools.read_file("CLAUDE.md")).toBe("# notes\n");
    expect(await tools.read_file("tools/helper.mjs")).toBe("export const helper = 1;\n");
    for (const file of [
      "src/lefthook.md",
      "src/opencode.js",
      "docs/mise.md",
      "src/gitignore",
      "src/config.toml",
      "mise/settings.toml",
      "crush.md",
      "mise.tom",
    ]) {
      expect(await tools.write_file(file, "ok")).toBe(2);
      await rm(path.join(workspace.root, file));
    }
    await rm(path.join(workspace.root, "docs"), { recursive: true });
    await rm(path.join(workspace.root, "mise"), { recursive: true });
    expect(await workspace.snapshot()).toEqual(before);
  });
});

describe("file tools: find_files and closed paths", () => {
  it.each<[string, string[]]>([
    ["**", VISIBLE_FILES],
    ["**/*", VISIBLE_FILES],
    [
      "*",
      [
        ".editorconfig",
        ".eslintrc.cjs",
        ".gitignore",
        ".nvmrc",
        ".prettierrc.json",
        "CLAUDE.md",
        "README.md",
        "envrc.example",
        "lefthook.yml",
        "notes.env",
        "opencode.json",
      ],
    ],
    [
      "**/.*",
      [
        ".editorconfig",
        ".eslintrc.cjs",
        ".gitignore",
        ".nvmrc",
        ".prettierrc.json",
        "src/.gitignore",
      ],
    ],
    ["**/.env*", []],
    ["**/*env*", ["envrc.example", "notes.env", "src/env.ts"]],
    ["**/*rc*", [".editorconfig", ".eslintrc.cjs", ".nvmrc", ".prettierrc.json", "envrc.example"]],
    ["tools/**", ["tools/helper.mjs"]],
    ["mcp/**", []],
    ["**/*.json", [".prettierrc.json", "opencode.json"]],
    ["**/mcp.json", []],
    ["**/settings.json", []],
    ["**/.vscode/*", []],
    ["**/.gitignore", [".gitignore", "src/.gitignore"]],
    ["**/config*", []],
    ["**/*.toml", []],
    [
      "**/*.{mjs,kit,tmpl,json,sample,cjs}",
      [".eslintrc.cjs", ".prettierrc.json", "opencode.json", "tools/helper.mjs"],
    ],
    ["**/hooks/**", []],
    ["{.vscode,src}/*.json", []],
    ["**/.roo/*", []],
    ["*/mcp.json", []],
    ["**/pre-commit", []],
    ["{.git,src}/**", ["src/.gitignore", "src/app.ts", "src/env.ts"]],
    [".github/**", [".github/workflows/ci.yml"]],
    [".github/workflows/*.yml", [".github/workflows/ci.yml"]],
    ["sub/**", ["sub/keep.txt"]],
    ["lp/*", []],
    ["gh/**", []],
    ["deep/**", []],
    ["*/.git/*", []],
    ["*/.production/*", []],
  ])("lists no closed or protected entry for %j", async (pattern, expected) => {
    expect(await tools.find_files(pattern)).toEqual(expected);
  });

  it.each([
    ".lackpy/**",
    ".git/*",
    ".GIT/config",
    "./.git/hooks/*",
    ".lackpy\\*",
    "sub/.git/*",
    ".env",
    ".env.local",
    ".envs/**",
    ".npmrc",
    ".netrc",
    ".yarnrc.yml",
    ".envrc",
    "tools/x.mjs",
    "mcp/server/*",
  ])("refuses the pattern %j, whose literal start is protected", async (pattern) => {
    expectProtected(await refusal(tools.find_files(pattern)));
  });

  it.each([
    ".vscode/*",
    ".Claude/**",
    ".mcp.json",
    ".pnpmfile.cjs",
    ".roo/*.json",
    ".gemini/settings.json",
    ".amazonq/**",
    "sub/.vscode/**",
    ".vscode./*",
    "\u200b.cursor/*",
  ])("refuses the pattern %j, whose literal start is hidden and closed", async (pattern) => {
    const error = await refusal(tools.find_files(pattern));
    expectClosed(error);
  });

  it("suggests opening the whole folder of a refused pattern", async () => {
    expect((await refusal(tools.find_files(".vscode/*.json"))).hint).toContain(
      '[files] allow_read = [".vscode/**"]',
    );
  });
});

describe("file tools: [files] allow_read and allow_write", () => {
  let opened: ProtectedWorkspace;
  beforeAll(async () => {
    opened = await createProtectedWorkspace();
  });
  afterAll(() => opened.remove());

  const open = (options: { allowReadGlobs?: string[]; allowWriteGlobs?: string[] }) =>
    createFileTools(opened.root, { loadedPaths: LOADED_PATHS, ...options });

  it("allow_write opens a folder for writing, and nothing else", async () => {
    const github = open({ allowWriteGlobs: [".github/**"] });
    expect(await github.write_file(".github/workflows/x.yml", "on: pull_request\n")).toBe(17);
    expect(await readFile(path.join(opened.root, ".github/workflows/x.yml"), "utf8")).toBe(
      "on: pull_request\n",
    );
    expect(await github.edit_file("gh/workflows/ci.yml", "push", "pull_request")).toBe(1);
    expect(await github.find_files(".github/**")).toEqual([
      ".github/workflows/ci.yml",
      ".github/workflows/x.yml",
    ]);
    expectClosed(await refusal(github.write_file(".gitignore", "x")), "hidden", "allow_write");
    expectClosed(await refusal(github.write_file(".vscode/x.json", "x")), "hidden", "allow_write");
    expectClosed(
      await refusal(github.write_file("lefthook.yml", "x")),
      "closed for writing",
      "allow_write",
    );
    expectProtected(await refusal(github.write_file(".git/hooks/pre-push", "x")));
  });

  it("allow_read opens one file for reading, not for writing, and find_files lists it", async () => {
    const vscode = open({ allowReadGlobs: [".vscode/settings.json"] });
    expect(await vscode.read_file(".vscode/settings.json")).toBe("{}");
    expect(await vscode.read_file("vs/settings.json")).toBe("{}");
    expectClosed(await refusal(vscode.read_file(".vscode/tasks.json")));
    expectClosed(
      await refusal(vscode.write_file(".vscode/settings.json", "x")),
      "hidden",
      "allow_write",
    );
    // .vscode/.gitignore ignores the whole folder, as VS Code's often does: list ignored files too.
    const ignoredToo = { include_ignored: true };
    expect(await vscode.find_files(".vscode/*")).toEqual([]);
    expect(await vscode.find_files(".vscode/*", ignoredToo)).toEqual([".vscode/settings.json"]);
    expect(await vscode.find_files("**/*.json", ignoredToo)).toEqual([
      ".prettierrc.json",
      ".vscode/settings.json",
      "opencode.json",
    ]);
  });

  it("list_folder enters a closed folder an allow glob opens below it, and lists only what it opens", async () => {
    const vscode = open({ allowReadGlobs: [".vscode/settings.json"] });
    expect((await vscode.list_folder(".")).map((entry) => entry.name)).toContain(".vscode");
    expect(await vscode.list_folder(".vscode")).toEqual([
      { name: "settings.json", path: ".vscode/settings.json", kind: "file" },
    ]);
    const closed = open({});
    expect((await closed.list_folder(".")).map((entry) => entry.name)).not.toContain(".vscode");
    expectClosed(await refusal(closed.list_folder(".vscode")));
    expectProtected(await refusal(open({ allowReadGlobs: ["**"] }).list_folder(".git")));
  });

  it("allow_write opens reading too, so edit_file works", async () => {
    const vscode = open({ allowWriteGlobs: [".vscode/tasks.json"] });
    expect(await vscode.read_file(".vscode/tasks.json")).toBe('{"version":"2.0.0","tasks":[]}');
    expect(await vscode.edit_file(".vscode/tasks.json", "[]", '[{"label":"x"}]')).toBe(1);
    expectClosed(await refusal(vscode.read_file(".vscode/settings.json")));
  });

  it('allow_read = ["**"] opens every hidden path except what is never opened', async () => {
    const everything = open({ allowReadGlobs: ["**"] });
    for (const file of [
      ".git/config",
      ".env",
      ".netrc",
      "_netrc",
      ".pypirc",
      ".yarnrc.yml",
      ".git-credentials",
      ".pgpass",
      ".npmrc",
      ".envrc",
      ".envs/.production/.django",
      ".lackpy/config.toml",
      "sub/.git/config",
      "tools/x.mjs",
      "cfg",
      "secret-env",
    ])
      expectProtected(await refusal(everything.read_file(file)));
    expect(await everything.read_file(".mcp.json")).toBe('{"mcpServers":{}}');
    expect(await everything.read_file(".pnpmfile.cjs")).toBe("module.exports = { hooks: {} };\n");
    expectClosed(
      await refusal(everything.write_file(".pnpmfile.cjs", "x")),
      "hidden",
      "allow_write",
    );
    const listed = await everything.find_files("**", { include_ignored: true });
    expect(listed).toEqual(
      expect.arrayContaining([
        ...VISIBLE_FILES,
        ".pnpmfile.cjs",
        ".roo/mcp.json",
        ".vscode/.gitignore",
      ]),
    );
    expect(
      listed.filter((file) =>
        /(^|\/)(\.git|\.lackpy|\.netrc|_netrc|\.npmrc|\.pypirc|\.yarnrc\.yml|\.git-credentials|\.pgpass|node_modules)(\/|$)|(^|\/)\.env|^tools\/x\.mjs$|^mcp\//.test(
          file,
        ),
      ),
    ).toEqual([]);
  });

  it('allow_write = ["**"] still never writes what is never opened, nor node_modules', async () => {
    const everything = open({ allowWriteGlobs: ["**"] });
    for (const file of [
      ".git/hooks/pre-push",
      ".env.local",
      ".netrc",
      ".yarnrc.yml",
      ".lackpy/config.toml",
      "tools/x.mjs",
    ])
      expectProtected(await refusal(everything.write_file(file, "x")));
    expectProtected(
      await refusal(everything.write_file("node_modules/pkg/index.js", "x")),
      "read-only",
    );
    expect(await everything.write_file("lefthook.yml", "pre-push: {}\n")).toBe(13);
    expect(await everything.write_file(".husky/pre-push", "npm test\n")).toBe(9);
  });

  it("never lets a wildcard glob open a sealed name", async () => {
    const wild = open({
      allowReadGlobs: ["**/.*"],
      allowWriteGlobs: [".git*", ".git*/**", ".env*", "*rc*"],
    });
    for (const file of [
      ".git/config",
      ".git/hooks/pre-commit",
      ".git-credentials",
      ".env",
      ".envrc",
      ".netrc",
      ".npmrc",
      ".pypirc",
      ".yarnrc.yml",
    ]) {
      expectProtected(await refusal(wild.read_file(file)));
      expectProtected(await refusal(wild.write_file(file, "x")));
    }
    expect(await wild.read_file(".claude/settings.json")).toBe('{"hooks":{}}');
    expect(await wild.read_file(".gitmodules")).toBe('[submodule "lib"]\n\tpath = lib\n');
  });

  it("lets [files] protected win over an opening glob", async () => {
    const tools = createFileTools(opened.root, {
      protectedGlobs: ["**/*.yml"],
      allowWriteGlobs: [".github/**"],
    });
    expectProtected(await refusal(tools.write_file(".github/workflows/y.yml", "x")));
  });

  it.each<[string, string, string]>([
    [
      "allowReadGlobs",
      ".git/**",
      `The allow_read glob ".git/**" names '.git', which lackpy never opens (version-control data, settings and hooks).`,
    ],
    [
      "allowWriteGlobs",
      "**/.env",
      `The allow_write glob "**/.env" names '.env', which lackpy never opens (environment secrets).`,
    ],
    [
      "allowWriteGlobs",
      "config/.NETRC",
      `The allow_write glob "config/.NETRC" names '.NETRC', which lackpy never opens (login credentials for remote hosts).`,
    ],
    [
      "allowReadGlobs",
      "../x",
      `The allow_read glob "../x" uses .., which cannot match a workspace-relative path.`,
    ],
    [
      "allowWriteGlobs",
      "/abs/**",
      `The allow_write glob "/abs/**" is absolute; these globs are relative to the workspace root.`,
    ],
  ])("refuses %s %j as a caller mistake", (key, glob, message) => {
    let error: unknown;
    try {
      createFileTools(opened.root, { [key]: [glob] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KitError);
    expect(error).toMatchObject({ code: "invalid_option", message });
  });
});

describe("file tools: [files] protected globs", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "lackpy-protected-globs-"));
    for (const file of [
      "secrets/key.txt",
      "SECRETS/upper.txt",
      "a/b/c.pem",
      "top.pem",
      "private/x.txt",
      "build/out/y.txt",
      "build/keep.txt",
      "open.txt",
    ]) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), "x");
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("refuses paths the config's globs name, and their folders' contents", async () => {
    const guarded = createFileTools(root, {
      protectedGlobs: ["secrets", "**/*.pem", "./private/**", "build\\out"],
    });
    expect(await guarded.find_files("**")).toEqual(["build/keep.txt", "open.txt"]);
    const rows = [{ file: "build/keep.txt" }, { file: "open.txt" }];
    expect(await guarded.file_sizes("**")).toEqual(rows.map((row) => ({ ...row, size: 1 })));
    expect(await guarded.line_counts("**")).toEqual(rows.map((row) => ({ ...row, lines: 1 })));
    expect(await guarded.search_files("x")).toEqual(
      rows.map((row) => ({ ...row, line: 1, text: "x" })),
    );
    for (const file of [
      "secrets/key.txt",
      "SECRETS/upper.txt",
      "a/b/c.pem",
      "top.pem",
      "private/x.txt",
      "build/out/y.txt",
      "secrets/new.txt",
    ])
      expect((await refusal(guarded.write_file(file, "y"))).code, file).toBe("protected_path");
    expect((await refusal(guarded.read_file("a/b/c.pem"))).message).toMatchInlineSnapshot(
      `"'a/b/c.pem' is protected (protected by the workspace config ([files] protected "**/*.pem")); the file tools never read, list or change it."`,
    );
    await expect(stat(path.join(root, "secrets/new.txt"))).rejects.toThrow();
  });

  it.each([
    ["/etc/**", "is absolute; these globs are relative to the workspace root"],
    ["../x", "uses .., which cannot match a workspace-relative path"],
    ["", "is empty"],
    ["{a,b}".repeat(11), "is refused: The pattern's braces stand for more than 1024 patterns."],
  ])("refuses the protected glob %j as a caller mistake", (glob, problem) => {
    let error: unknown;
    try {
      createFileTools(root, { protectedGlobs: [glob] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KitError);
    expect(error).toMatchObject({ code: "invalid_option" });
    expect((error as Error).message).toBe(`The protected glob ${JSON.stringify(glob)} ${problem}.`);
  });
});

describe("file tools: names with control characters", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "lackpy-control-"));
    for (const file of [
      "a\nb.txt",
      "tab\tx.txt",
      "bell\u0007.txt",
      "del\u007f.txt",
      "c1\u0085.txt",
      "ls\u2028.txt",
      "dir\nx/inner.txt",
      "ok.txt",
    ]) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), "x");
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("lists no name with a control character, and never enters such a folder", async () => {
    const tools = createFileTools(root);
    expect(await tools.find_files("**")).toEqual(["ok.txt"]);
    expect(await tools.file_sizes("**")).toEqual([{ file: "ok.txt", size: 1 }]);
    expect(await tools.line_counts("**")).toEqual([{ file: "ok.txt", lines: 1 }]);
  });

  it.each(["a\nb.txt", "tab\tx.txt", "dir\nx/inner.txt", "new\rname.txt", "ls\u2028.txt"])(
    "refuses the path %j in read_file and write_file",
    async (file) => {
      const tools = createFileTools(root);
      expect((await refusal(tools.read_file(file))).code).toBe("invalid_path");
      const error = await refusal(tools.write_file(file, "y"));
      expect(error.code).toBe("invalid_path");
      expect(error.message).toContain(JSON.stringify(file.replace(/\\/g, "/")));
    },
  );
});
