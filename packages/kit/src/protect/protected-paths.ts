/**
 * Protected paths: what the builtin file tools never read, list, create, change or delete.
 * A workspace-relative path is protected when any of its segments is a name of
 * `PROTECTED_FOLDERS` (`.lackpy`, `.git`, other tools' config folders; at any depth: a subfolder
 * can be a workspace or a repository too), when its last segment is a name of `PROTECTED_FILES`
 * (`.env.<anything>` counts as `.env`), when it is or lies under a path lackpy itself loads
 * (`LoadedPath`: module tools, MCP server scripts), or when the path or one of its folders
 * matches a glob of the workspace config's `[files] protected`. Writes are refused under
 * `WRITE_PROTECTED_FOLDERS` (`node_modules`) too, where reading stays allowed. Names compare case-insensitively
 * (case-insensitive file systems open `.GIT/config` as `.git/config`), ignoring what Windows
 * ignores at the end of a name (dots, spaces, an `::$DATA` stream suffix). A path with a
 * control character is refused too: `find_files` never lists such a name (see `CONTROL_CHARACTERS`).
 */
import { compileGlob, type Glob } from "../glob/compile-glob.js";

/** Folders protected at any depth, with what they hold. */
export const PROTECTED_FOLDERS: Readonly<Record<string, string>> = Object.freeze({
  ".lackpy": "lackpy's own config, kits and templates",
  ".git": "version-control data, settings and hooks",
  ".vscode": "VS Code settings and tasks, which name commands the editor runs",
  ".claude": "Claude Code settings, whose hooks run commands",
  ".cursor": "Cursor settings and the MCP servers it starts",
  ".husky": "git hooks that husky installs",
  ".idea": "JetBrains settings and run configurations",
  ".devcontainer": "the dev container definition and the commands it runs",
});

/** File names protected at any depth, with what they hold; `.env.*` (any suffix) counts as `.env`. */
export const PROTECTED_FILES: Readonly<Record<string, string>> = Object.freeze({
  ".mcp.json": "the commands MCP clients start",
  ".env": "environment secrets",
  ".npmrc": "npm settings and tokens",
  ".envrc": "a script direnv runs on entering the folder, often with secrets",
  ".gitmodules": "submodule URLs and update commands git uses",
  ".pre-commit-config.yaml": "the hooks pre-commit runs on every commit",
});

/** Folders, at any depth, whose contents programs may read but never create, change or delete, with what they hold. */
export const WRITE_PROTECTED_FOLDERS: Readonly<Record<string, string>> = Object.freeze({
  node_modules: "installed packages, whose code lackpy, npx and other tools run",
});

/** A workspace-relative path that lackpy itself loads or runs (a module tool's file, an MCP server's script), and why. */
export interface LoadedPath {
  /** Workspace-relative, `/`- or `\`-separated; the path and everything under it are protected. */
  readonly path: string;
  /** What loads it, for the message: `the module of tool 'x' ([tools.x])`. */
  readonly reason: string;
}

/** Whether a path is to be read (or listed) or written (created, changed or deleted). */
export type PathAccess = "read" | "write";

/** Characters a path may not contain: C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/; // eslint-disable-line no-control-regex

/** The protection of one workspace: the builtin rules plus the config's extra globs and the paths lackpy loads. */
export interface PathProtection {
  /** The config's extra globs, as written. */
  readonly patterns: readonly string[];
  /** The same globs, compiled in lower case. */
  readonly globs: readonly Glob[];
  /** The paths lackpy loads, each as its comparable segments, with its reason. */
  readonly loaded: readonly { readonly segments: readonly string[]; readonly reason: string }[];
}

/** Why a workspace-relative path may not be used, or null when it may. */
export interface PathProblem {
  code: "protected_path" | "invalid_path";
  /** What the path holds or why it is refused, for the message. */
  reason: string;
  /** True when only writing is refused there (`WRITE_PROTECTED_FOLDERS`): reading is allowed. */
  writeOnly?: true;
}

/**
 * Compiles the protection for extra globs (workspace-relative, `/`-separated) and the paths
 * lackpy loads; a glob over a cap throws its `ToolError`. A loaded path that is empty, absolute
 * or climbs out with `..` names nothing in the workspace and is left out.
 */
export function createPathProtection(
  patterns: readonly string[] = [],
  options: { loaded?: readonly LoadedPath[] } = {},
): PathProtection {
  const loaded = (options.loaded ?? []).flatMap((entry) => {
    const segments = loadedSegments(entry.path);
    return segments ? [Object.freeze({ segments, reason: entry.reason })] : [];
  });
  return Object.freeze({
    patterns: Object.freeze([...patterns]),
    globs: Object.freeze(patterns.map((pattern) => compileGlob(normaliseGlob(pattern)))),
    loaded: Object.freeze(loaded),
  });
}

/** The builtin protection alone. */
export const BUILTIN_PROTECTION: PathProtection = createPathProtection();

/**
 * The one check of a workspace-relative, `/`-separated path (`""` is the root): control
 * characters, then the protected names, the paths lackpy loads, and the config's globs against
 * the path and each of its folders; for a write (`access: "write"`), the write-protected folders
 * too. Every path the builtin file tools use or list goes through it.
 */
export function checkWorkspacePath(
  relative: string,
  protection: PathProtection,
  options: { access?: PathAccess } = {},
): PathProblem | null {
  if (CONTROL_CHARACTERS.test(relative))
    return { code: "invalid_path", reason: "it contains a control character" };
  if (relative === "") return null;
  const segments = relative.toLowerCase().split("/");
  const names = segments.map(comparableName);
  for (const name of names) {
    if (Object.hasOwn(PROTECTED_FOLDERS, name))
      return { code: "protected_path", reason: PROTECTED_FOLDERS[name] };
  }
  const last = names[names.length - 1];
  const file = last.startsWith(".env.") ? ".env" : last;
  if (Object.hasOwn(PROTECTED_FILES, file))
    return { code: "protected_path", reason: PROTECTED_FILES[file] };
  for (const loaded of protection.loaded)
    if (startsWithSegments(names, loaded.segments))
      return { code: "protected_path", reason: `lackpy loads it: ${loaded.reason}` };
  if (options.access === "write")
    for (const name of names)
      if (Object.hasOwn(WRITE_PROTECTED_FOLDERS, name))
        return { code: "protected_path", reason: WRITE_PROTECTED_FOLDERS[name], writeOnly: true };
  const lower = segments.join("/");
  for (const [index, glob] of protection.globs.entries())
    if (matchesPathOrFolder(glob, lower))
      return {
        code: "protected_path",
        reason: `protected by the workspace config ([files] protected "${protection.patterns[index]}")`,
      };
  return null;
}

/** A loaded path's comparable segments, or null when it is empty, absolute or leaves the workspace. */
function loadedSegments(relative: string): readonly string[] | null {
  const normalised = relative.replace(/\\/g, "/");
  if (normalised.startsWith("/") || /^[A-Za-z]:/.test(normalised)) return null;
  const segments: string[] = [];
  for (const segment of normalised.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(comparableName(segment));
  }
  return segments.length > 0 ? Object.freeze(segments) : null;
}

/** True when `names` starts with every one of `prefix`. */
function startsWithSegments(names: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= names.length && prefix.every((name, index) => names[index] === name);
}

/** A protected glob as the paths it is matched against are written: `/`-separated, lower case, no `.` segments. */
function normaliseGlob(pattern: string): string {
  return pattern
    .replace(/\\/g, "/")
    .split("/")
    .filter((segment) => segment !== "." && segment !== "")
    .join("/")
    .toLowerCase();
}

/** Code points macOS's HFS+ ignores in names (as git's `is_hfs_dotgit` knows): `.g\u200cit` opens `.git`. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * A name as a case-insensitive, Windows- and HFS+-forgiving file system sees it: `.git. `,
 * `.git::$DATA`, `.g\u200cit` and `.ｇｉｔ` (compatibility forms) → `.git`.
 */
function comparableName(segment: string): string {
  const plain = segment.normalize("NFKC").replace(IGNORABLE, "").toLowerCase();
  const stream = plain.indexOf(":");
  return (stream >= 0 ? plain.slice(0, stream) : plain).replace(/[. ]+$/, "");
}

/** True when the glob matches the path or one of its folders, in one pass over the path. */
function matchesPathOrFolder(glob: Glob, path: string): boolean {
  let state = glob.start();
  for (const [index, segment] of path.split("/").entries()) {
    if (index > 0) state = glob.advance(state, "/");
    state = glob.advance(state, segment);
    if (glob.matches(state)) return true;
    if (state.length === 0) return false;
  }
  return false;
}
