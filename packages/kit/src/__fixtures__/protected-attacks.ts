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
  ".editorconfig",
  ".eslintrc.cjs",
  ".github/workflows/ci.yml",
  ".gitignore",
  ".nvmrc",
  ".prettierrc.json",
  "CLAUDE.md",
  "README.md",
  "envrc.example",
  "lefthook.yml",
  "notes.env",
  "opencode.json",
  "src/.gitignore",
  "src/app.ts",
  "src/env.ts",
  "sub/keep.txt",
  "tools/helper.mjs",
];

/** A path lackpy loads in the protected workspace, as `createFileTools(root, { loadedPaths })` is told. */
export const LOADED_PATHS = [
  { path: "tools/x.mjs", reason: "the module of tool 'x' ([tools.x] in the workspace config)" },
  { path: "mcp/server", reason: "an argument of MCP server 'demo' ([mcp_servers.demo])" },
];

const FILES: Record<string, string> = {
  ".lackpy/config.toml": '[kit]\ndefault = "readonly"\n',
  ".lackpy/templates/t.tmpl": "---\nname: t\n---\n1",
  ".git/config": "[core]\n\tbare = false\n",
  ".git/hooks/pre-commit.sample": "#!/bin/sh\n",
  ".mcp.json": '{"mcpServers":{}}',
  ".env": "API_KEY=secret",
  ".env.local": "API_KEY=local-secret",
  ".envs/.production/.django": "SECRET_KEY=secret",
  ".npmrc": "//registry.npmjs.org/:_authToken=secret",
  ".netrc": "machine example.com login me password secret",
  _netrc: "machine example.com login me password secret",
  ".pypirc": "[pypi]\npassword = secret\n",
  ".yarnrc.yml": 'npmAuthToken: secret\nyarnPath: ".yarn/releases/yarn.cjs"\n',
  ".git-credentials": "https://me:secret@example.com\n",
  ".pgpass": "localhost:5432:*:me:secret\n",
  "sub/.git/config": "[core]\n",
  "sub/.lackpy/config.toml": "",
  "sub/.env": "TOKEN=secret",
  "sub/keep.txt": "keep",
  "src/app.ts": "export const app = 1;\n",
  "src/env.ts": "export const env = 1;\n",
  "src/.gitignore": "dist\n",
  "README.md": "# readme\n",
  ".gitignore": "node_modules\n",
  ".editorconfig": "root = true\n",
  ".nvmrc": "20\n",
  ".prettierrc.json": "{}",
  ".eslintrc.cjs": "module.exports = {};\n",
  ".github/workflows/ci.yml": "on: push\n",
  ".envrc": "use node\nexport TOKEN=secret\n",
  "notes.env": "not a secret\n",
  ".vscode/tasks.json": '{"version":"2.0.0","tasks":[]}',
  ".vscode/settings.json": "{}",
  ".vscode/.gitignore": "*\n",
  ".claude/settings.json": '{"hooks":{}}',
  ".cursor/mcp.json": '{"mcpServers":{}}',
  ".gemini/settings.json": '{"mcpServers":{}}',
  ".roo/mcp.json": '{"mcpServers":{}}',
  ".amazonq/mcp.json": '{"mcpServers":{}}',
  ".husky/pre-commit": "npm test\n",
  ".idea/workspace.xml": "<project/>",
  ".devcontainer/devcontainer.json": "{}",
  ".gitmodules": '[submodule "lib"]\n\tpath = lib\n',
  ".pre-commit-config.yaml": "repos: []\n",
  ".pnpmfile.cjs": "module.exports = { hooks: {} };\n",
  "sub/.vscode/tasks.json": "{}",
  ".vscodeignore": "src/**\n",
  "CLAUDE.md": "# notes\n",
  "envrc.example": "export TOKEN=\n",
  ".gitmodules.bak": "\n",
  "opencode.json": '{"mcp":{}}',
  "lefthook.yml": "pre-commit:\n  commands: {}\n",
  "node_modules/pkg/index.js": "export const pkg = 1;\n",
  "node_modules/.bin/tool": "#!/bin/sh\nexec pkg\n",
  "node_modules/.pnpm/dep@1.0.0/node_modules/dep/index.js": "export const dep = 1;\n",
  "tools/x.mjs": "export function x() { return 1; }\n",
  "tools/helper.mjs": "export const helper = 1;\n",
  "mcp/server/main.py": "print('serve')\n",
};

const LINKS: Record<string, string> = {
  lp: ".lackpy",
  cfg: ".git/config",
  hooks: ".git/hooks",
  "deep/conf": "../.lackpy",
  "deep/up": "..",
  "secret-env": ".env",
  "netrc-link": ".netrc",
  "mcp.json": ".mcp.json",
  "sub-git": "sub/.git",
  vs: ".vscode",
  gem: ".gemini",
  "pnpmfile.cjs": ".pnpmfile.cjs",
  "rc-link": ".envrc",
  "hook-link": "lefthook.yml",
  gh: ".github",
  nm: "node_modules",
  "nm-pkg": "node_modules/pkg/index.js",
  "node_modules/dep": ".pnpm/dep@1.0.0/node_modules/dep",
  "tool-link": "tools/x.mjs",
  "mcp-link": "mcp",
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

/** One way to reach a path the file tools refuse. */
export interface ProtectedAttack {
  path: string;
  attack: string;
}

/** Paths that reach a sealed name (never opened, whatever the config says); every file tool refuses each with `protected_path`. */
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
  { path: "．git/config", attack: "a fullwidth full stop (a compatibility form)" },
  { path: ".env", attack: "secrets" },
  { path: ".ENV", attack: "secrets in upper case" },
  { path: ".env.local", attack: "local secrets" },
  { path: ".env.production", attack: "a new .env.* file" },
  { path: ".env.example", attack: "an example .env, which often holds real values" },
  { path: ".envs/.production/.django", attack: "a folder of secrets (cookiecutter-django)" },
  { path: ".env-prod", attack: "any name starting with .env" },
  { path: "src/.env", attack: ".env in a subfolder" },
  { path: ".npmrc", attack: "npm tokens" },
  { path: "pkg/.NPMRC", attack: "npm tokens in a subfolder, upper case" },
  { path: ".netrc", attack: "login credentials" },
  { path: ".NETRC.", attack: "login credentials, upper case with a trailing dot" },
  { path: "_netrc", attack: "login credentials (the Windows name)" },
  { path: "_NETRC::$DATA", attack: "the Windows name with a stream suffix" },
  { path: ".pypirc", attack: "Python package index credentials" },
  { path: ".pypirc ", attack: "PyPI credentials with a trailing space" },
  { path: ".yarnrc.yml", attack: "Yarn tokens and the yarnPath Yarn runs" },
  { path: ".Yarnrc.YML", attack: "Yarn settings in mixed case" },
  { path: "\u200b.yarnrc.yml", attack: "Yarn settings behind a zero-width space" },
  { path: ".git-credentials", attack: "git's stored credentials" },
  { path: ".pgpass", attack: "PostgreSQL passwords" },
  { path: "db/.pgpass", attack: "PostgreSQL passwords in a subfolder" },
  { path: ".envrc", attack: "the script direnv runs" },
  { path: ".ENVRC", attack: "direnv's script in upper case" },
  { path: ".envrc.", attack: "direnv's script with a trailing dot" },
  { path: "src/.envrc", attack: "a new direnv script in a subfolder" },
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
  { path: "netrc-link", attack: "a file symlink to .netrc" },
  { path: "sub-git/config", attack: "a symlink to a nested .git" },
  { path: "rc-link", attack: "a file symlink to .envrc" },
];

/** Paths with a hidden name that nothing opens; every file tool refuses each with `closed_path`. */
export const CLOSED_ATTACKS: readonly ProtectedAttack[] = [
  { path: ".pnpmfile.cjs", attack: "code pnpm runs on every install" },
  { path: ".PNPMFILE.cjs", attack: "pnpm's hooks in upper case" },
  { path: ".pnpmfile.cjs.", attack: "pnpm's hooks with a trailing dot" },
  { path: "\u200b.pnpmfile.cjs", attack: "pnpm's hooks behind a zero-width space" },
  { path: "．pnpmfile.cjs", attack: "pnpm's hooks with a fullwidth full stop" },
  { path: "\u2024pnpmfile.cjs", attack: "pnpm's hooks with a one-dot leader (NFKC: a full stop)" },
  { path: "src/../.pnpmfile.cjs", attack: "pnpm's hooks through .." },
  { path: "pnpmfile.cjs", attack: "a file symlink to .pnpmfile.cjs" },
  { path: ".gemini/settings.json", attack: "Gemini CLI's MCP servers" },
  { path: ".Gemini/Settings.json", attack: "Gemini CLI's MCP servers in mixed case" },
  { path: "gem/settings.json", attack: "Gemini CLI's settings through a symlinked folder" },
  { path: ".roo/mcp.json", attack: "Roo Code's MCP servers" },
  { path: ".roo./mcp.json", attack: "Roo Code's MCP servers with a trailing dot" },
  { path: ".amazonq/mcp.json", attack: "Amazon Q's MCP servers" },
  { path: ".amazonq::$INDEX_ALLOCATION/mcp.json", attack: "Amazon Q's folder with a stream suffix" },
  { path: ".mcp.json", attack: "the MCP client config" },
  { path: ".MCP.JSON", attack: "the MCP client config in upper case" },
  { path: "mcp.json", attack: "a file symlink to .mcp.json" },
  { path: ".vscode/tasks.json", attack: "VS Code tasks" },
  { path: ".vscode/settings.json", attack: "VS Code settings that name executables" },
  { path: ".VSCode/tasks.json", attack: "VS Code tasks in mixed case" },
  { path: ".vscode", attack: "the VS Code folder itself" },
  { path: ".vscode/", attack: "the VS Code folder with a trailing slash" },
  { path: ".vscode/launch.json", attack: "a new VS Code launch config" },
  { path: ".vscode/.gitignore", attack: "a readable name inside a closed folder" },
  { path: "src/../.vscode/tasks.json", attack: "VS Code tasks through .." },
  { path: ".vscode\\tasks.json", attack: "VS Code tasks with a backslash" },
  { path: ".vscode./tasks.json", attack: "VS Code tasks with a trailing dot" },
  { path: ".vs\u200ccode/tasks.json", attack: "VS Code tasks with a zero-width non-joiner" },
  { path: "sub/.vscode/tasks.json", attack: "nested VS Code tasks" },
  { path: "vs/tasks.json", attack: "VS Code tasks through a symlinked folder" },
  { path: "vs/launch.json", attack: "a new file through a symlinked closed folder" },
  { path: "gem/new/settings.json", attack: "a new folder through a symlinked closed folder" },
  { path: ".claude/settings.json", attack: "Claude Code hooks" },
  { path: ".CLAUDE/settings.local.json", attack: "new Claude Code settings in upper case" },
  { path: ".claude/", attack: "the Claude Code folder with a trailing slash" },
  { path: "./.claude/settings.json", attack: "Claude Code hooks with a ./ prefix" },
  { path: ".cursor/mcp.json", attack: "Cursor's MCP servers" },
  { path: ".Cursor/MCP.JSON", attack: "Cursor's MCP servers in mixed case" },
  { path: "sub/../.cursor/mcp.json", attack: "Cursor's MCP servers through .." },
  { path: ".husky/pre-commit", attack: "a husky git hook" },
  { path: ".HUSKY/pre-push", attack: "a new husky hook in upper case" },
  { path: ".husky", attack: "the husky folder itself" },
  { path: ".idea/workspace.xml", attack: "JetBrains run configurations" },
  { path: ".devcontainer/devcontainer.json", attack: "dev container commands" },
  { path: ".gitmodules", attack: "submodule update commands" },
  { path: ".GitModules", attack: "submodules in mixed case" },
  { path: ".gitmodules/", attack: "submodules with a trailing slash" },
  { path: "src/../.gitmodules", attack: "submodules through .." },
  { path: ".pre-commit-config.yaml", attack: "pre-commit hooks" },
  { path: ".Pre-Commit-Config.YAML", attack: "pre-commit hooks in mixed case" },
  { path: ".vscodeignore", attack: "a hidden look-alike of an open name" },
  { path: ".gitmodules.bak", attack: "a hidden backup" },
  { path: ".lefthook.yml", attack: "lefthook's hidden config name" },
  { path: ".config/lefthook.yml", attack: "lefthook's config in .config/" },
  { path: ".ssh/id_ed25519", attack: "a private key" },
  { path: "src/.new-hidden.ts", attack: "a new hidden file in an open folder" },
  { path: ".abc123.lackpy-tmp", attack: "a name like a temporary file of a write" },
];

/** Paths programs may read but not write (`closed_path`): readable hidden names and command files. */
export const WRITE_CLOSED_ATTACKS: readonly (ProtectedAttack & { hidden: boolean })[] = [
  { path: ".gitignore", attack: "a readable hidden file", hidden: true },
  { path: "src/.gitignore", attack: "a readable hidden file in a subfolder", hidden: true },
  { path: ".GitIgnore", attack: "a readable hidden file in mixed case", hidden: true },
  { path: ".editorconfig", attack: "editor settings", hidden: true },
  { path: ".eslintrc.cjs", attack: "code eslint runs", hidden: true },
  { path: ".prettierrc.json", attack: "prettier settings", hidden: true },
  { path: ".github/workflows/ci.yml", attack: "a CI workflow", hidden: true },
  { path: ".github/workflows/new.yml", attack: "a new CI workflow", hidden: true },
  { path: ".GITHUB/workflows/x.yml", attack: "a CI workflow in upper case", hidden: true },
  { path: "gh/workflows/ci.yml", attack: "a CI workflow through a symlinked folder", hidden: true },
  { path: "opencode.json", attack: "opencode's MCP servers", hidden: false },
  { path: "OpenCode.JSON", attack: "opencode's settings in mixed case", hidden: false },
  { path: "opencode.jsonc", attack: "opencode's settings as JSONC", hidden: false },
  { path: "lefthook.yml", attack: "lefthook's git hooks", hidden: false },
  { path: "LEFTHOOK.YML", attack: "lefthook's git hooks in upper case", hidden: false },
  { path: "lefthook.yml.", attack: "lefthook's git hooks with a trailing dot", hidden: false },
  { path: "lefthook.yml::$DATA", attack: "lefthook's git hooks with a stream suffix", hidden: false },
  { path: "lefthook\u200b.yml", attack: "lefthook's git hooks with a zero-width space", hidden: false },
  { path: "ｌefthook.yml", attack: "lefthook's git hooks with a fullwidth letter", hidden: false },
  { path: "lefthook.toml", attack: "lefthook's git hooks as TOML", hidden: false },
  { path: "lefthook-local.yaml", attack: "lefthook's local git hooks", hidden: false },
  { path: "src/../lefthook.yml", attack: "lefthook's git hooks through ..", hidden: false },
  { path: "pkg/lefthook.json", attack: "lefthook's git hooks in a subfolder", hidden: false },
  { path: "hook-link", attack: "a file symlink to lefthook.yml", hidden: false },
  { path: "mise.toml", attack: "mise's hooks that run on entering the folder", hidden: false },
  { path: "mise.local.toml", attack: "mise's local settings", hidden: false },
  { path: "mise.development.toml", attack: "mise's settings for MISE_ENV=development", hidden: false },
  { path: "MISE.Production.TOML", attack: "mise's environment settings in mixed case", hidden: false },
  { path: "mise/config.toml", attack: "mise's settings in its folder", hidden: false },
  { path: "pkg/MISE/config.toml", attack: "mise's folder in a subfolder, upper case", hidden: false },
  { path: "crush.json", attack: "Crush's MCP servers, started when the agent starts", hidden: false },
  { path: "Crush.JSON.", attack: "Crush's settings in mixed case with a trailing dot", hidden: false },
  // Code-loading configs (issue 35): tools and their editor extensions import them on their own.
  { path: "eslint.config.js", attack: "ESLint's flat config, loaded when an editor opens the folder", hidden: false },
  { path: "eslint.config.mjs", attack: "ESLint's flat config as ESM", hidden: false },
  { path: "packages/app/eslint.config.ts", attack: "ESLint's config in a package", hidden: false },
  { path: "prettier.config.cjs", attack: "Prettier's config, loaded by its extension on save", hidden: false },
  { path: "Prettier.Config.MJS", attack: "Prettier's config in mixed case", hidden: false },
  { path: "vite.config.ts", attack: "Vite's config, imported by vite and vitest", hidden: false },
  { path: "vitest.config.mts", attack: "Vitest's config as ESM TypeScript", hidden: false },
  { path: "jest.config.cjs.", attack: "Jest's config with a trailing dot", hidden: false },
  { path: "tailwind.config​.js", attack: "Tailwind's config with a zero-width space", hidden: false },
  { path: "next.config.jsx", attack: "a config written as JSX", hidden: false },
  { path: "babel.config.json", attack: "Babel's config naming plugins to load", hidden: false },
  { path: "jest.config.yaml", attack: "a YAML config naming transforms to load", hidden: false },
  { path: "tsconfig.json", attack: "TypeScript's settings naming language-service plugins", hidden: false },
  { path: "tsconfig.build.json", attack: "a TypeScript build config", hidden: false },
  { path: "web/jsconfig.json", attack: "JavaScript project settings in a subfolder", hidden: false },
  { path: ".eslintrc.js", attack: "an ESLint rc file that is code", hidden: true },
  { path: ".babelrc", attack: "Babel's rc file naming plugins", hidden: true },
  { path: ".mocharc.cjs", attack: "Mocha's rc file that is code", hidden: true },
];

/** Paths under `node_modules`: every file tool refuses to write them, `read_file` reads those that exist. */
export const READ_ONLY_ATTACKS: readonly ProtectedAttack[] = [
  { path: "node_modules/pkg/index.js", attack: "an installed package's code" },
  { path: "node_modules/new/index.js", attack: "a new package" },
  { path: "node_modules/.bin/tool", attack: "a command npx runs" },
  { path: "NODE_MODULES/pkg/index.js", attack: "upper case" },
  { path: "./node_modules/pkg/index.js", attack: "a ./ prefix" },
  { path: "src/../node_modules/pkg/index.js", attack: "down then up with .." },
  { path: "node_modules\\pkg\\index.js", attack: "backslashes" },
  { path: "node_modules./pkg/index.js", attack: "a trailing dot" },
  { path: "src/node_modules/x.js", attack: "a nested node_modules" },
  { path: "nm/pkg/index.js", attack: "a symlinked node_modules" },
  { path: "nm-pkg", attack: "a file symlink into node_modules" },
  { path: "node_modules/dep/index.js", attack: "a package pnpm links into its store" },
  { path: "node_modules/.pnpm/dep@1.0.0/node_modules/dep/index.js", attack: "pnpm's store" },
];

/** Paths that reach a file lackpy loads (`LOADED_PATHS`); every file tool refuses each. */
export const LOADED_ATTACKS: readonly ProtectedAttack[] = [
  { path: "tools/x.mjs", attack: "a module tool's file" },
  { path: "TOOLS/X.MJS", attack: "upper case" },
  { path: "./tools/x.mjs", attack: "a ./ prefix" },
  { path: "src/../tools/x.mjs", attack: "down then up with .." },
  { path: "tools\\x.mjs", attack: "a backslash" },
  { path: "tools/x.mjs.", attack: "a trailing dot" },
  { path: "tools/x.mjs/", attack: "a trailing slash" },
  { path: "tool-link", attack: "a file symlink to it" },
  { path: "mcp/server/main.py", attack: "a file in an MCP server's folder" },
  { path: "mcp/server/new.py", attack: "a new file in an MCP server's folder" },
  { path: "mcp/server", attack: "an MCP server's folder itself" },
  { path: "mcp-link/server/main.py", attack: "an MCP server's folder through a symlink" },
];

/**
 * Globs that try to reach hidden, sealed or loaded files by wildcard, class, brace or a symlinked
 * folder: `find_files` (ignored files included), `search_files` and `definitions_of` list nothing
 * but `VISIBLE_FILES` (and installed packages) for any of them.
 */
export const GLOB_ATTACKS: readonly string[] = [
  "[.]env",
  "?env",
  ".en[v]",
  "**/.env",
  "*/.git/config",
  ".{e,f}nv",
  ".*",
  ".*/*",
  "**/*",
  "**",
  "**/.*",
  "**/.*/**",
  "{.git,src}/**",
  "[.]git/*",
  "?git/*",
  "[!a]git/*",
  "[^a]git/*",
  ".[g]it/**",
  ".g*/**",
  "**/config",
  "**/*.toml",
  "**/*.kit",
  "**/settings.json",
  "**/*.json",
  "**/mcp.json",
  "*rc",
  ".*rc",
  "**/.*rc",
  "**/*netrc",
  "_*",
  "**/pre-commit*",
  "**/tasks.json",
  "**/x.mjs",
  "tools/*",
  "mcp/**",
  "**/main.py",
  "*/server/*",
  "**/*.mjs",
  "lp/**",
  "deep/**",
  "vs/*",
  "gem/*",
  "**/.*/*",
  "**/*/*/*",
  "{**/.env,a}",
  "{.env,.npmrc}",
  "**/{.env,.npmrc}",
  ".env{,.local}",
  "{.,}env",
  "\\.env",
  "./.env",
  ".//.env",
  "sub/**",
  "sub/.*",
];

