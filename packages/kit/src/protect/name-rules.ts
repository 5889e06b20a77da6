/**
 * The names the path check knows, as data. The rule is general: a name starting with `.` is
 * hidden, and hidden paths are closed unless the workspace config opens them. The tables here are
 * short on purpose: names no config can open (`SEALED_NAMES`), the few hidden names anyone may
 * read (`READABLE_HIDDEN_NAMES`), visible files that make other tools run commands
 * (`COMMAND_FILES`) or that they load as code (`CODE_CONFIG_FILES`), `node_modules` (`WRITE_PROTECTED_FOLDERS`), and, for messages only, what some
 * well-known hidden names hold (`HIDDEN_NAME_REASONS`).
 */
import { compileGlob, type Glob } from "../glob/compile-glob.js";

/**
 * Names no config opens, at any depth, as a folder or a file, with what they hold: lackpy's own
 * folder, git's, secrets and credential files. `.env` also stands for every name that starts
 * with `.env` (`.env.local`, `.envrc`, `.envs/`).
 */
export const SEALED_NAMES: Readonly<Record<string, string>> = Object.freeze({
  ".lackpy": "lackpy's own config, kits and templates",
  ".git": "version-control data, settings and hooks",
  ".envrc": "a script direnv runs on entering the folder, often with secrets",
  ".env": "environment secrets",
  ".netrc": "login credentials for remote hosts",
  _netrc: "login credentials for remote hosts",
  ".npmrc": "npm settings and registry tokens",
  ".pypirc": "Python package index credentials",
  ".yarnrc.yml": "Yarn settings and registry tokens, and the yarnPath Yarn runs",
  ".git-credentials": "the credentials git stores",
  ".pgpass": "PostgreSQL passwords",
});

/** The first characters of the sealed names (and of `.env…`): a name starting otherwise is not sealed. */
const SEALED_FIRST_CHARACTERS: ReadonlySet<string> = new Set(
  [...Object.keys(SEALED_NAMES), ".env"].map((name) => name.charAt(0)),
);

/** Hidden names anyone may read (never write) unless a folder above them is closed: harmless, commonly asked-about files, and `.github`. */
export const READABLE_HIDDEN_NAMES: readonly string[] = Object.freeze([
  ".gitignore",
  ".gitattributes",
  ".editorconfig",
  ".nvmrc",
  ".node-version",
  ".prettierrc*",
  ".eslintrc*",
  ".github",
]);

/**
 * Visible file names, at any depth, from which another tool runs commands on its own (when an
 * agent starts, on a git commit, on entering the folder), with what they hold: closed for writing
 * like hidden paths, open for reading (they name commands, not secrets). An entry with a `/`
 * matches a file's folder and name (`mise/config.toml`).
 */
export const COMMAND_FILES: Readonly<Record<string, string>> = Object.freeze({
  "opencode.json": "opencode's settings, with the MCP servers and commands it runs",
  "opencode.jsonc": "opencode's settings, with the MCP servers and commands it runs",
  "crush.json": "Crush's settings, with the MCP servers and commands it runs",
  "lefthook.{yml,yaml,json,jsonc,toml}": "the git hooks lefthook installs and runs",
  "lefthook-local.{yml,yaml,json,jsonc,toml}": "the git hooks lefthook installs and runs",
  "mise.toml": "mise's settings, whose hooks run on entering the folder",
  "mise.*.toml": "mise's settings, whose hooks run on entering the folder",
  "mise/config.toml": "mise's settings, whose hooks run on entering the folder",
});

/**
 * Visible file names, at any depth, that tools load as code on their own, with which tools: the
 * naming patterns their loaders use, not a list of tools (every tool has its config, and a list
 * never converges). ESLint's and Prettier's editor extensions import `eslint.config.js` and
 * `prettier.config.mjs` as soon as a folder is opened; a JSON or YAML config names modules to load
 * (`babel.config.json` plugins, `jest.config.json` transforms, `tsconfig.json`
 * `compilerOptions.plugins`, which editors' TypeScript service loads). Closed for writing like
 * hidden paths (`[files] allow_write` opens them), open for reading. The hidden forms
 * (`.eslintrc.cjs`, `.babelrc`, `.mocharc.yml`) are closed as hidden names already.
 */
export const CODE_CONFIG_FILES: Readonly<Record<string, string>> = Object.freeze({
  "*.config.{js,cjs,mjs,ts,cts,mts,jsx,tsx}":
    "a tool's config that is code, which the tool imports (ESLint, Prettier, Vite, Vitest, Jest, webpack, Rollup, Babel, PostCSS, Tailwind, Next.js, …), some as soon as an editor opens the folder",
  "*.config.{json,json5,yaml,yml}":
    "a tool's config that names modules for the tool to load (Babel plugins, Jest transforms, …)",
  ".*rc.{js,cjs,mjs,ts,cts,mts}":
    "a tool's settings that are code (.eslintrc.js, .prettierrc.cjs, .babelrc.js, .mocharc.js), which the tool and its editor extension import",
  "{tsconfig,jsconfig}*.json":
    "TypeScript settings, whose compilerOptions.plugins name language-service plugins that editors load",
});

/** Folders, at any depth, whose contents programs may read but never create, change or delete, with what they hold. */
export const WRITE_PROTECTED_FOLDERS: Readonly<Record<string, string>> = Object.freeze({
  node_modules: "installed packages, whose code lackpy, npx and other tools run",
});

/** What some hidden names hold, for messages only: every hidden name is closed, listed here or not. */
export const HIDDEN_NAME_REASONS: Readonly<Record<string, string>> = Object.freeze({
  ".vscode": "VS Code settings and tasks, which name commands the editor runs",
  ".claude": "Claude Code settings, whose hooks run commands",
  ".cursor": "Cursor settings and the MCP servers it starts",
  ".gemini": "Gemini CLI settings and the MCP servers it starts",
  ".roo": "Roo Code settings and the MCP servers it starts",
  ".amazonq": "Amazon Q settings and the MCP servers it starts",
  ".husky": "git hooks that husky installs",
  ".idea": "JetBrains settings and run configurations",
  ".devcontainer": "the dev container definition and the commands it runs",
  ".mcp.json": "the commands MCP clients start",
  ".gitmodules": "submodule URLs and update commands git uses",
  ".pre-commit-config.yaml": "the hooks pre-commit runs on every commit",
  ".pnpmfile.cjs": "code pnpm runs on every install",
  ".github": "GitHub settings and workflows, which run commands in CI",
});

/** Why a hidden name is closed, when the tables say nothing more specific. */
export const HIDDEN_REASON =
  'a name starting with ".", where tools keep settings, hooks and credentials';

const READABLE_GLOBS: readonly Glob[] = READABLE_HIDDEN_NAMES.map((name) => compileGlob(name));
const WRITE_CLOSED_GLOBS: readonly (readonly [Glob, string])[] = Object.entries({
  ...COMMAND_FILES,
  ...CODE_CONFIG_FILES,
}).map(([name, reason]) => [compileGlob(name), reason] as const);

/** Code points macOS's HFS+ ignores in names (as git's `is_hfs_dotgit` knows): `.g\u200cit` opens `.git`. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** A name of printable ASCII characters only (most names): `plainName` is its lower case. */
/** Characters a path may not contain: C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/; // eslint-disable-line no-control-regex

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A name in compatibility form (`．ｇｉｔ` → `.git`), without ignorable code points, in lower case: what decides whether it is hidden. */
export function plainName(segment: string): string {
  // Printable ASCII is its own compatibility form and has no ignorable code points.
  if (PRINTABLE_ASCII.test(segment)) return segment.toLowerCase();
  return segment.normalize("NFKC").replace(IGNORABLE, "").toLowerCase();
}

/** `plainName` of a name already in lower case (printable ASCII is then its own plain name). */
export function plainLowerName(lowerSegment: string): string {
  return PRINTABLE_ASCII.test(lowerSegment) ? lowerSegment : plainName(lowerSegment);
}

/**
 * A name as a case-insensitive, Windows- and HFS+-forgiving file system sees it: `.git. `,
 * `.git::$DATA`, `.g\u200cit` and `.ｇｉｔ` (compatibility forms) → `.git`.
 */
export function comparableName(segment: string): string {
  return forgivenName(plainName(segment));
}

/** A `plainName` as Windows forgives it: without a stream suffix (`::$DATA`), trailing dots or spaces. */
export function forgivenName(plain: string): string {
  const stream = plain.indexOf(":");
  const last = plain.charCodeAt(plain.length - 1);
  // Most names have no stream suffix and do not end in a dot or a space: nothing to forgive.
  if (stream < 0 && last !== 0x2e && last !== 0x20) return plain;
  return (stream >= 0 ? plain.slice(0, stream) : plain).replace(/[. ]+$/, "");
}

/** What a sealed name holds, or null: `name` is a `comparableName`. */
export function sealedReason(name: string): string | null {
  if (!SEALED_FIRST_CHARACTERS.has(name.charAt(0))) return null;
  if (Object.hasOwn(SEALED_NAMES, name)) return SEALED_NAMES[name];
  return name.startsWith(".env") ? SEALED_NAMES[".env"] : null;
}

/** True when a hidden name, as written in lower case (never forgiven), is one anyone may read. */
export function isReadableHiddenName(lowerName: string): boolean {
  return READABLE_GLOBS.some((glob) => glob.test(lowerName));
}

/**
 * Why a file is closed for writing by its name, or null: a command file (`COMMAND_FILES`) or a
 * code-loading config (`CODE_CONFIG_FILES`). `names` are a path's `comparableName`s, the file's last.
 */
export function writeClosedReason(names: readonly string[]): string | null {
  const name = names[names.length - 1];
  const withFolder = names.slice(-2).join("/");
  for (const [glob, reason] of WRITE_CLOSED_GLOBS)
    if (glob.test(name) || glob.test(withFolder)) return reason;
  return null;
}

/** What a hidden name holds, for a message: `name` is a `comparableName`. */
export function hiddenReason(name: string): string {
  return Object.hasOwn(HIDDEN_NAME_REASONS, name) ? HIDDEN_NAME_REASONS[name] : HIDDEN_REASON;
}
