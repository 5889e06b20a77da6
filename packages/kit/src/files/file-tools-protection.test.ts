import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import {
  createProtectedWorkspace,
  LOADED_ATTACKS,
  LOADED_PATHS,
  PROTECTED_ATTACKS,
  READ_ONLY_ATTACKS,
  VISIBLE_FILES,
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
  expect(error.hint).toContain(".lackpy/, .git/, .vscode/, .claude/, .cursor/, .husky/");
  expect(error.hint).toContain(".mcp.json, .env, .env.*, .npmrc, .envrc, .gitmodules");
  expect(`${error.message} ${error.hint}`).not.toContain(os.tmpdir());
}

describe("file tools: protected paths", () => {
  it("has a table of at least 40 ways in", () => {
    expect(PROTECTED_ATTACKS.length).toBeGreaterThanOrEqual(40);
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
    const error = await refusal(tools.edit_file(attack, "pkg", "pwned"));
    // A package that does not exist fails to read first; one that does is refused at the write.
    if (error.code !== "not_found") expectProtected(error, "read-only");
    expect(await workspace.snapshot()).toEqual(before);
  });

  it("reads installed packages, and names node_modules as read-only", async () => {
    expect(await tools.read_file("node_modules/pkg/index.js")).toBe("export const pkg = 1;\n");
    expect(await tools.read_file("nm-pkg")).toBe("export const pkg = 1;\n");
    expect(await tools.find_files("node_modules/**")).toEqual([
      "node_modules/.bin/tool",
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
    expect((await refusal(tools.read_file(".VSCode/tasks.json"))).message).toMatchInlineSnapshot(
      `"'.VSCode/tasks.json' is protected (VS Code settings and tasks, which name commands the editor runs); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.write_file(".envrc", "x"))).message).toMatchInlineSnapshot(
      `"'.envrc' is protected (a script direnv runs on entering the folder, often with secrets); the file tools never read, list or change it."`,
    );
    expect((await refusal(tools.read_file("tool-link"))).message).toMatchInlineSnapshot(
      `"'tool-link' leads to 'tools/x.mjs', which is protected (lackpy loads it: the module of tool 'x' ([tools.x] in the workspace config)); the file tools never read, list or change it."`,
    );
  });

  it("still reads and writes look-alikes that are not protected", async () => {
    expect(await tools.read_file(".gitignore")).toBe("node_modules\n");
    expect(await tools.read_file(".github/workflows/ci.yml")).toBe("on: push\n");
    expect(await tools.read_file("notes.env")).toBe("not a secret\n");
    expect(await tools.read_file(".vscodeignore")).toBe("src/**\n");
    expect(await tools.read_file("envrc.example")).toBe("export TOKEN=\n");
    expect(await tools.read_file(".gitmodules.bak")).toBe("\n");
    expect(await tools.read_file("CLAUDE.md")).toBe("# notes\n");
    expect(await tools.read_file("tools/helper.mjs")).toBe("export const helper = 1;\n");
    expect(await tools.write_file("src/.gitkeep", "")).toBe(0);
    await rm(path.join(workspace.root, "src/.gitkeep"));
  });
});

describe("file tools: find_files and protected paths", () => {
  it.each<[string, string[]]>([
    ["**", VISIBLE_FILES],
    ["**/*", VISIBLE_FILES],
    [
      "*",
      [
        ".gitignore",
        ".gitmodules.bak",
        ".vscodeignore",
        "CLAUDE.md",
        "README.md",
        "envrc.example",
        "notes.env",
      ],
    ],
    ["**/.*", [".gitignore", ".gitmodules.bak", ".vscodeignore"]],
    ["**/.env*", []],
    ["**/*env*", ["envrc.example", "notes.env", "src/env.ts"]],
    ["tools/**", ["tools/helper.mjs"]],
    ["mcp/**", []],
    ["**/*.json", []],
    ["**/.vscode/*", []],
    ["**/config*", []],
    ["**/*.toml", []],
    ["**/*.{mjs,kit,tmpl,json,sample}", ["tools/helper.mjs"]],
    ["**/hooks/**", []],
    ["{.git,src}/**", ["src/app.ts", "src/env.ts"]],
    ["sub/**", ["sub/keep.txt"]],
    ["lp/*", []],
    ["deep/**", []],
    ["*/.git/*", []],
  ])("lists no protected entry for %j", async (pattern, expected) => {
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
    ".mcp.json",
    ".npmrc",
    ".vscode/*",
    ".Claude/**",
    ".envrc",
    "tools/x.mjs",
    "mcp/server/*",
  ])("refuses the pattern %j, whose literal start is protected", async (pattern) => {
    expectProtected(await refusal(tools.find_files(pattern)));
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
    ["/etc/**", "is absolute; protected globs are relative to the workspace root"],
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
    expect(await createFileTools(root).find_files("**")).toEqual(["ok.txt"]);
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
