import { describe, expect, it } from "vitest";
import { checkOpeningGlob, checkProtectedGlob } from "./check-protected-glob.js";
import { BUILTIN_PROTECTION, checkWorkspacePath, createPathProtection } from "./protected-paths.js";

describe("checkWorkspacePath", () => {
  it.each([
    ".lackpy",
    ".lackpy/config.toml",
    "a/b/.lackpy/kits/x.kit",
    ".LACKPY/CONFIG.TOML",
    ".git",
    ".git/hooks/pre-commit",
    "vendor/lib/.git/config",
    ".gIT/config",
    ".git./config",
    ".git  /config",
    ".git::$INDEX_ALLOCATION/config",
    "\u2024git/config",
    ".env",
    ".env.local",
    ".env.",
    "app/.ENV.production",
    ".env:stream",
    ".env/activate",
    ".environment",
    ".envs/.production/.django",
    ".envrc",
    ".envrc.",
    "app/.ENVRC",
    ".npmrc",
    "pkg/.NPMRC",
    ".netrc",
    "_netrc",
    "home/_NETRC.",
    ".pypirc",
    ".yarnrc.yml",
    ".YARNRC.YML ",
    ".git-credentials",
    ".pgpass",
  ])("protects %j, whatever the config opens", (relative) => {
    const everything = createPathProtection([], { allowRead: ["**"], allowWrite: ["**"] });
    for (const access of ["read", "write"] as const) {
      expect(checkWorkspacePath(relative, BUILTIN_PROTECTION, { access })).toMatchObject({
        code: "protected_path",
      });
      expect(checkWorkspacePath(relative, everything, { access })).toMatchObject({
        code: "protected_path",
      });
    }
  });

  it.each([
    ".vscode",
    ".vscode/tasks.json",
    "a/.VSCODE/settings.json",
    ".claude/settings.json",
    ".cursor/mcp.json",
    ".husky/pre-commit",
    ".idea/workspace.xml",
    ".devcontainer/devcontainer.json",
    ".mcp.json",
    "tools/.mcp.json",
    ".gitmodules",
    ".pre-commit-config.yaml",
    ".pnpmfile.cjs",
    ".gemini/settings.json",
    ".roo/mcp.json",
    ".amazonq/mcp.json",
    ".yarnrc",
    ".lackpyrc",
    ".vscodeignore",
    ".vscode-test.mjs",
    ".claude.json.example",
    ".gitmodules.bak",
    ".npmrc.bak",
    ".vscode/.gitignore",
    ".github/.secrets/x",
    "\u200b.vscode/tasks.json",
    "．vscode/tasks.json",
    "\ufe52vscode/tasks.json",
    "...",
    "src/.hidden/file.ts",
  ])("closes %j for reading and writing", (relative) => {
    for (const access of ["read", "write"] as const)
      expect(checkWorkspacePath(relative, BUILTIN_PROTECTION, { access })).toMatchObject({
        code: "closed_path",
        hidden: true,
      });
  });

  it.each([
    ".gitignore",
    "src/.gitignore",
    ".GITIGNORE",
    ".gitattributes",
    ".editorconfig",
    ".nvmrc",
    ".node-version",
    ".prettierrc",
    ".prettierrc.json",
    ".eslintrc.cjs",
    ".github",
    ".github/workflows/ci.yml",
    "packages/x/.github/CODEOWNERS",
  ])("lets programs read %j but not write it", (relative) => {
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).toBeNull();
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION, { access: "write" })).toMatchObject({
      code: "closed_path",
      hidden: true,
      writeOnly: true,
    });
  });

  it.each([".gitignore.", ".gitignore\u200b", ".github::$data/x", ".git ignore"])(
    "never forgives a readable name: %j stays closed",
    (relative) => {
      expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).toMatchObject({
        code: "closed_path",
      });
    },
  );

  it.each([
    "opencode.json",
    "opencode.jsonc",
    "OPENCODE.JSON",
    "lefthook.yml",
    "lefthook.yaml",
    "lefthook.json",
    "lefthook.jsonc",
    "lefthook.toml",
    "lefthook-local.yml",
    "sub/lefthook.yml",
    "lefthook.yml.",
    "lefthook.yml::$DATA",
    "ｌefthook.yml",
    "mise.toml",
    "mise.local.toml",
  ])("closes the command file %j for writing, not for reading", (relative) => {
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).toBeNull();
    const problem = checkWorkspacePath(relative, BUILTIN_PROTECTION, { access: "write" });
    expect(problem).toMatchObject({ code: "closed_path", writeOnly: true });
    expect(problem).not.toHaveProperty("hidden");
  });

  it.each([
    "",
    "README.md",
    "my.git/config",
    "lackpy/config.toml",
    "CLAUDE.md",
    "envrc",
    "notes.env",
    "x.mcp.json",
    "lefthook.md",
    "opencode.js",
    "mise.md",
    "src/a.b/c.d",
    "node_modules/pkg/index.js",
  ])("allows reading %j", (relative) => {
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).toBeNull();
  });

  it.each([
    "a\nb",
    "tab\there",
    "bell\u0007",
    "del\u007f",
    "c1\u0085",
    "line\u2028sep",
    "par\u2029",
  ])("refuses the control character in %j", (relative) => {
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).toEqual({
      code: "invalid_path",
      reason: "it contains a control character",
    });
  });

  it("matches config globs against the path and each of its folders, case-insensitively", () => {
    const protection = createPathProtection(["secrets", "**/*.PEM", "./build//out/", "a\\b"]);
    for (const relative of [
      "secrets",
      "Secrets/x/y.txt",
      "k.pem",
      "x/y/k.pem",
      "build/out/z",
      "a/b/c",
    ])
      expect(checkWorkspacePath(relative, protection)?.reason, relative).toMatch(
        /^protected by the workspace config \(\[files\] protected "/,
      );
    for (const relative of ["secrets.txt", "x/secrets", "k.pem.txt", "build/outside", "a/bc"])
      expect(checkWorkspacePath(relative, protection), relative).toBeNull();
  });
});

describe("checkWorkspacePath: opening globs", () => {
  const protection = createPathProtection(["**/*.key"], {
    allowRead: [".vscode/settings.json", "./.config//", ".roo\\*.json"],
    allowWrite: [".GitHub/**", "lefthook.yml", ".husky"],
  });

  it.each([
    [".vscode/settings.json", "read"],
    [".VSCode/Settings.JSON", "read"],
    [".config/x/y.toml", "read"],
    [".roo/mcp.json", "read"],
    [".github/workflows/x.yml", "write"],
    [".github/workflows/x.yml", "read"],
    ["lefthook.yml", "write"],
    [".husky/pre-commit", "write"],
    [".husky/_/h", "read"],
  ] as const)("opens %j for %s", (relative, access) => {
    expect(checkWorkspacePath(relative, protection, { access })).toBeNull();
  });

  it.each([
    [".vscode/settings.json", "write"],
    [".vscode/tasks.json", "read"],
    [".vscode", "read"],
    [".config/x/y.toml", "write"],
    [".roo/sub/mcp.json", "read"],
    [".github.", "write"],
    [".github./workflows/x.yml", "write"],
    ["sub/lefthook.yml", "write"],
    ["lefthook.yml.", "write"],
    [".huskyx/pre-commit", "write"],
  ] as const)("leaves %j closed for %s", (relative, access) => {
    expect(checkWorkspacePath(relative, protection, { access })).toMatchObject({
      code: "closed_path",
    });
  });

  it("lets [files] protected win over an opening glob", () => {
    expect(checkWorkspacePath(".github/deploy.key", protection, { access: "write" })).toMatchObject(
      { code: "protected_path" },
    );
  });

  it("passes a closed folder to look into when an opening glob may match below it", () => {
    for (const folder of [".vscode", ".roo", ".config", ".config/x", ".github", ".husky"])
      expect(checkWorkspacePath(folder, protection, { folder: true }), folder).toBeNull();
    for (const folder of [".cursor", ".vscode/sub", ".git", ".env", "vendor/.bin"])
      expect(checkWorkspacePath(folder, protection, { folder: true }), folder).not.toBeNull();
    expect(checkWorkspacePath(".vscode", BUILTIN_PROTECTION, { folder: true })).toMatchObject({
      code: "closed_path",
    });
  });

  it("never lets a readable name open the closed folder it is in", () => {
    const anywhere = createPathProtection([], { allowRead: ["**/.gitignore"] });
    expect(checkWorkspacePath(".vscode/.gitignore", BUILTIN_PROTECTION)).toMatchObject({
      code: "closed_path",
    });
    expect(checkWorkspacePath(".vscode/.gitignore", anywhere)).toBeNull();
    expect(checkWorkspacePath(".vscode/tasks.json", anywhere)).toMatchObject({
      code: "closed_path",
    });
  });
});

describe("checkWorkspacePath: node_modules", () => {
  it.each([
    "node_modules",
    "node_modules/pkg/index.js",
    "NODE_MODULES/.bin/tool",
    "a/b/node_modules/x.js",
    "node_modules./pkg",
  ])("refuses writing %j but allows reading it", (relative) => {
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION, { access: "write" })).toEqual({
      code: "protected_path",
      reason: "installed packages, whose code lackpy, npx and other tools run",
      writeOnly: true,
    });
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION, { access: "read" })).toBeNull();
  });

  it.each([
    "node_modules/.bin/tool",
    "node_modules/.pnpm/pkg@1.0.0/node_modules/pkg/index.js",
    "node_modules/pkg/.eslintrc.json",
    "packages/a/node_modules/.modules.yaml",
  ])("lets programs read the hidden names of installed code in %j", (relative) => {
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).toBeNull();
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION, { folder: true })).toBeNull();
  });

  it.each([".bin/node_modules/x", "node_modules/.env", "node_modules/x/.git/config"])(
    "still refuses %j",
    (relative) => {
      expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).not.toBeNull();
    },
  );

  it.each(["node_modules.txt", "my_node_modules/x", "src/node_module/x"])(
    "allows writing %j",
    (relative) => {
      expect(checkWorkspacePath(relative, BUILTIN_PROTECTION, { access: "write" })).toBeNull();
    },
  );
});

describe("checkWorkspacePath: paths lackpy loads", () => {
  const protection = createPathProtection([], {
    loaded: [
      { path: "./tools/x.mjs", reason: "the module of tool 'x'" },
      { path: "node_modules\\my-tools", reason: "the package of tool 'y'" },
      { path: "a/../mcp/server.py", reason: "the script of MCP server 'm'" },
      { path: "../outside.mjs", reason: "outside the workspace" },
      { path: "/abs/x.mjs", reason: "absolute" },
      { path: ".", reason: "the root" },
    ],
  });

  it.each([
    ["tools/x.mjs", "the module of tool 'x'"],
    ["TOOLS/X.MJS", "the module of tool 'x'"],
    ["tools/x.mjs.", "the module of tool 'x'"],
    ["node_modules/my-tools", "the package of tool 'y'"],
    ["node_modules/My-Tools/lib/index.js", "the package of tool 'y'"],
    ["mcp/server.py", "the script of MCP server 'm'"],
  ])("refuses reading and writing %j", (relative, reason) => {
    for (const access of ["read", "write"] as const)
      expect(checkWorkspacePath(relative, protection, { access })).toEqual({
        code: "protected_path",
        reason: `lackpy loads it: ${reason}`,
      });
  });

  it.each([
    "tools",
    "tools/x.mjs.bak",
    "tools/y.mjs",
    "node_modules/my-tools-2/x.js",
    "mcp",
    "outside.mjs",
    "abs/x.mjs",
    "README.md",
  ])("allows reading %j", (relative) => {
    expect(checkWorkspacePath(relative, protection)).toBeNull();
  });

  it("leaves out loaded paths outside the workspace, absolute ones, and the root", () => {
    expect(protection.loaded.map((entry) => entry.segments.join("/"))).toEqual([
      "tools/x.mjs",
      "node_modules/my-tools",
      "mcp/server.py",
    ]);
  });
});

describe("checkProtectedGlob", () => {
  it.each<[string, string | null]>([
    ["secrets/**", null],
    ["**/*.pem", null],
    ["./x", null],
    ["  ", "is empty"],
    ["/abs", "is absolute; these globs are relative to the workspace root"],
    ["C:\\x", "is absolute; these globs are relative to the workspace root"],
    ["~/x", "is absolute; these globs are relative to the workspace root"],
    ["a/../../b", "uses .., which cannot match a workspace-relative path"],
    [
      "x".repeat(1025),
      "is refused: The pattern is 1025 characters long; globs may have at most 1024.",
    ],
  ])("checks %j", (glob, problem) => {
    expect(checkProtectedGlob(glob)).toBe(problem);
  });
});

describe("checkOpeningGlob", () => {
  it.each<[string, string | null]>([
    [".github/**", null],
    ["**", null],
    [".vscode/settings.json", null],
    ["**/.env*", null],
    [
      ".git/**",
      "names '.git', which lackpy never opens (version-control data, settings and hooks)",
    ],
    [
      "sub/.LACKPY",
      "names '.LACKPY', which lackpy never opens (lackpy's own config, kits and templates)",
    ],
    ["**/.env.local", "names '.env.local', which lackpy never opens (environment secrets)"],
    [".netrc", "names '.netrc', which lackpy never opens (login credentials for remote hosts)"],
    ["../x", "uses .., which cannot match a workspace-relative path"],
  ])("checks %j", (glob, problem) => {
    expect(checkOpeningGlob(glob)).toBe(problem);
  });
});
