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
    ".envrc",
    ".environment",
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
