import { describe, expect, it } from "vitest";
import { referencePathCheck } from "../__fixtures__/reference-path-check.js";
import {
  BUILTIN_PROTECTION,
  checkWorkspacePath,
  createPathProtection,
  type PathAccess,
} from "./protected-paths.js";

/** Names that exercise every rule: sealed, hidden, readable hidden, forgiven, write-protected, command files, case, controls. */
const NAMES = [
  "src",
  "a.ts",
  "README.md",
  ".git",
  ".GIT",
  ".git. ",
  ".git::$DATA",
  ".g\u200cit",
  "\uff0e\uff47\uff49\uff54",
  ".env",
  ".env.local",
  ".lackpy",
  ".github",
  ".gitignore",
  ".vscode",
  ".hidden",
  "node_modules",
  "NODE_MODULES",
  ".bin",
  ".pnpm",
  "lefthook.yml",
  "opencode.json",
  "secrets",
  "key.pem",
  "tools",
  "\u03a3\u03a3",
  "\u0130stanbul",
  "tab\there",
  "line\u2028sep",
  "",
  "..",
  ".",
  "docs",
];

const PROTECTIONS = [
  BUILTIN_PROTECTION,
  createPathProtection(["secrets/**", "**/*.pem"], {
    loaded: [{ path: "tools/mine.js", reason: "the module of tool 'mine'" }],
    allowRead: [".vscode/**"],
    allowWrite: [".hidden/**", "**/lefthook.yml"],
  }),
];

/** A small deterministic generator (mulberry32), so a failure names a reproducible path. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

describe("checkWorkspacePath folding a folder's names once", () => {
  it("decides exactly as the whole-path check on 20,000 random paths, folders checked first or not", () => {
    const next = random(37);
    const options: { access?: PathAccess; folder?: boolean }[] = [
      {},
      { folder: true },
      { access: "write" },
      { access: "write", folder: true },
    ];
    for (let count = 0; count < 20_000; count++) {
      const depth = 1 + Math.floor(next() * 6);
      const names = Array.from({ length: depth }, () => NAMES[Math.floor(next() * NAMES.length)]);
      const relative = names.join("/");
      const protection = PROTECTIONS[count % PROTECTIONS.length];
      const option = options[Math.floor(next() * options.length)];
      // Half the time a folder of the path is checked first, so its names come from the cache.
      if (next() < 0.5) checkWorkspacePath(names.slice(0, -1).join("/"), protection);
      expect(checkWorkspacePath(relative, protection, option), relative).toEqual(
        referencePathCheck(relative, protection, option),
      );
    }
  });
});
