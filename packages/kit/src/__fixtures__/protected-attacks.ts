import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile, lstat, readlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A workspace with lackpy's config, a git repository, secrets, and symlinks that lead into them. */
export interface ProtectedWorkspace {
  root: string;
  /** Every entry under the root (files with their content, folders, symlinks with their target), for before/after comparisons. */
  snapshot(): Promise<Record<string, string>>;
  remove(): Promise<void>;
}

/** The files a program may see in the protected workspace, sorted as `find_files("**")` returns them. */
export const VISIBLE_FILES = [
  ".envrc",
  ".github/workflows/ci.yml",
  ".gitignore",
  "README.md",
  "notes.env",
  "src/app.ts",
  "src/env.ts",
  "sub/keep.txt",
];

const FILES: Record<string, string> = {
  ".lackpy/config.toml": '[kit]\ndefault = "readonly"\n',
  ".lackpy/templates/t.tmpl": "---\nname: t\n---\n1",
  ".git/config": "[core]\n\tbare = false\n",
  ".git/hooks/pre-commit.sample": "#!/bin/sh\n",
  ".mcp.json": '{"mcpServers":{}}',
  ".env": "API_KEY=secret",
  ".env.local": "API_KEY=local-secret",
  ".npmrc": "//registry.npmjs.org/:_authToken=secret",
  "sub/.git/config": "[core]\n",
  "sub/.lackpy/config.toml": "",
  "sub/.env": "TOKEN=secret",
  "sub/keep.txt": "keep",
  "src/app.ts": "export const app = 1;\n",
  "src/env.ts": "export const env = 1;\n",
  "README.md": "# readme\n",
  ".gitignore": "node_modules\n",
  ".github/workflows/ci.yml": "on: push\n",
  ".envrc": "use node\n",
  "notes.env": "not a secret\n",
};

const LINKS: Record<string, string> = {
  lp: ".lackpy",
  cfg: ".git/config",
  hooks: ".git/hooks",
  "deep/conf": "../.lackpy",
  "deep/up": "..",
  "secret-env": ".env",
  "mcp.json": ".mcp.json",
  "sub-git": "sub/.git",
};

/** Creates the protected workspace in a temporary folder. */
export async function createProtectedWorkspace(): Promise<ProtectedWorkspace> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-protected-"));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  for (const [link, target] of Object.entries(LINKS)) {
    await mkdir(path.dirname(path.join(root, link)), { recursive: true });
    await symlink(target, path.join(root, link));
  }
  return {
    root,
    snapshot: () => snapshot(root),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

async function snapshot(root: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  const walk = async (relative: string) => {
    for (const name of await readdir(path.join(root, relative))) {
      const child = relative ? `${relative}/${name}` : name;
      const info = await lstat(path.join(root, child));
      if (info.isSymbolicLink()) entries[child] = `-> ${await readlink(path.join(root, child))}`;
      else if (info.isDirectory()) {
        entries[child] = "folder";
        await walk(child);
      } else entries[child] = await readFile(path.join(root, child), "utf8");
    }
  };
  await walk("");
  return entries;
}

/** One way to reach a protected path. */
export interface ProtectedAttack {
  path: string;
  attack: string;
}

/** Paths that reach a protected file or folder; every file tool refuses each with `protected_path`. */
export const PROTECTED_ATTACKS: readonly ProtectedAttack[] = [
  { path: ".lackpy/config.toml", attack: "lackpy's config" },
  { path: ".lackpy/x.mjs", attack: "a module for the config to load" },
  { path: ".lackpy/templates/t.tmpl", attack: "a template" },
  { path: ".lackpy/kits/new.kit", attack: "a new kit in a new folder" },
  { path: ".lackpy", attack: "the folder itself" },
  { path: ".lackpy/", attack: "the folder with a trailing slash" },
  { path: "./.lackpy/config.toml", attack: "a ./ prefix" },
  { path: "src/../.lackpy/config.toml", attack: "down then up with .." },
  { path: "src/./../.lackpy/x.mjs", attack: "dot and .. segments" },
  { path: ".LACKPY/config.toml", attack: "upper case" },
  { path: ".LackPy/x.mjs", attack: "mixed case" },
  { path: ".lackpy\\config.toml", attack: "a backslash" },
  { path: ".\\.lackpy\\x.mjs", attack: "backslashes and a .\\ prefix" },
  { path: ".lackpy//config.toml", attack: "a double slash" },
  { path: ".git/config", attack: "git's config (core.fsmonitor)" },
  { path: ".Git/config", attack: "git's config in mixed case" },
  { path: ".git/config/", attack: "a trailing slash on a file" },
  { path: ".git/hooks/pre-commit", attack: "a git hook" },
  { path: ".GIT\\hooks\\post-checkout", attack: "a git hook with backslashes and upper case" },
  { path: ".git.", attack: "a trailing dot (Windows drops it)" },
  { path: ".git /config", attack: "a trailing space (Windows drops it)" },
  { path: ".git::$INDEX_ALLOCATION/config", attack: "an NTFS stream suffix" },
  { path: ".g\u200cit/config", attack: "a zero-width non-joiner (HFS+ ignores it)" },
  { path: ".lack\u200dpy/x.mjs", attack: "a zero-width joiner (HFS+ ignores it)" },
  { path: "\ufeff.env", attack: "a byte-order mark (HFS+ ignores it)" },
  { path: ".lackpy\u00ad/config.toml", attack: "a soft hyphen" },
  { path: ".ｇｉｔ/config", attack: "fullwidth letters (a compatibility form)" },
  { path: ".mcp.json", attack: "the MCP client config" },
  { path: ".MCP.JSON", attack: "the MCP client config in upper case" },
  { path: ".env", attack: "secrets" },
  { path: ".ENV", attack: "secrets in upper case" },
  { path: ".env.local", attack: "local secrets" },
  { path: ".env.production", attack: "a new .env.* file" },
  { path: "src/.env", attack: ".env in a subfolder" },
  { path: ".npmrc", attack: "npm tokens" },
  { path: "sub/.git/config", attack: "a nested repository" },
  { path: "sub/.lackpy/config.toml", attack: "a nested workspace" },
  { path: "sub/.env", attack: "nested secrets" },
  { path: "lp/config.toml", attack: "a symlinked folder" },
  { path: "lp/x.mjs", attack: "a new file in a symlinked folder" },
  { path: "lp", attack: "a symlink to the folder itself" },
  { path: "cfg", attack: "a file symlink to .git/config" },
  { path: "hooks/pre-commit", attack: "a new hook through a symlinked folder" },
  { path: "deep/conf/config.toml", attack: "a symlinked parent folder" },
  { path: "deep/conf/kits/x.kit", attack: "a new folder below a symlinked parent" },
  { path: "deep/up/.lackpy/config.toml", attack: "a symlink to the root" },
  { path: "secret-env", attack: "a file symlink to .env" },
  { path: "mcp.json", attack: "a file symlink to .mcp.json" },
  { path: "sub-git/config", attack: "a symlink to a nested .git" },
];
