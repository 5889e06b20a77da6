import { describe, expect, it } from "vitest";
import { checkProtectedGlob } from "./check-protected-glob.js";
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
    ".mcp.json",
    "tools/.mcp.json",
    ".Mcp.Json",
    ".env",
    ".env.local",
    ".env.",
    "app/.ENV.production",
    ".env:stream",
    ".npmrc",
    "pkg/.NPMRC",
    ".vscode",
    ".vscode/tasks.json",
    "a/.VSCODE/settings.json",
    ".claude/settings.json",
    ".Claude/settings.local.json",
    ".cursor/mcp.json",
    ".husky/pre-commit",
    ".idea/workspace.xml",
    ".devcontainer/devcontainer.json",
    ".gitmodules",
    "lib/.GITMODULES",
    ".envrc",
    ".envrc.",
    "app/.ENVRC",
    ".pre-commit-config.yaml",
  ])("protects %j", (relative) => {
    expect(checkWorkspacePath(relative, BUILTIN_PROTECTION)).toMatchObject({
      code: "protected_path",
    });
  });

  it.each([
    "",
    "README.md",
    ".gitignore",
    ".gitattributes",
    ".github/workflows/ci.yml",
    "my.git/config",
    ".lackpyrc",
    "lackpy/config.toml",
    ".environment",
    ".vscodeignore",
    ".vscode-test.mjs",
    "CLAUDE.md",
    ".claude.json.example",
    "envrc",
    ".envrc.example",
    ".gitmodules.bak",
    ".pre-commit-config.yml.orig",
    "node_modules/pkg/index.js",
    "notes.env",
    ".env/activate",
    "x.mcp.json",
    ".npmrc.bak",
  ])("allows %j", (relative) => {
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
    ["/abs", "is absolute; protected globs are relative to the workspace root"],
    ["C:\\x", "is absolute; protected globs are relative to the workspace root"],
    ["~/x", "is absolute; protected globs are relative to the workspace root"],
    ["a/../../b", "uses .., which cannot match a workspace-relative path"],
    [
      "x".repeat(1025),
      "is refused: The pattern is 1025 characters long; globs may have at most 1024.",
    ],
  ])("checks %j", (glob, problem) => {
    expect(checkProtectedGlob(glob)).toBe(problem);
  });
});
