/**
 * Protected paths: what the builtin file tools never read, list, create, change or delete.
 * A workspace-relative path is protected when any of its segments is `.lackpy` or `.git` (at
 * any depth: a subfolder can be a workspace or a repository too), when its last segment is
 * `.mcp.json`, `.env`, `.env.<anything>` or `.npmrc`, or when the path or one of its folders
 * matches a glob of the workspace config's `[files] protected`. Names compare case-insensitively
 * (case-insensitive file systems open `.GIT/config` as `.git/config`), ignoring what Windows
 * ignores at the end of a name (dots, spaces, an `::$DATA` stream suffix). A path with a
 * control character is refused too: `find_files` never lists such a name (see `CONTROL_CHARACTERS`).
 */
import { compileGlob, type Glob } from "./compile-glob.js";

/** Folders protected at any depth, with what they hold. */
export const PROTECTED_FOLDERS: Readonly<Record<string, string>> = Object.freeze({
  ".lackpy": "lackpy's own config, kits and templates",
  ".git": "version-control data, settings and hooks",
});

/** File names protected at any depth, with what they hold; `.env.*` (any suffix) counts as `.env`. */
export const PROTECTED_FILES: Readonly<Record<string, string>> = Object.freeze({
  ".mcp.json": "the commands MCP clients start",
  ".env": "environment secrets",
  ".npmrc": "npm settings and tokens",
});

/** Characters a path may not contain: C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/; // eslint-disable-line no-control-regex

/** The protection of one workspace: the builtin rules plus the config's extra globs. */
export interface PathProtection {
  /** The config's extra globs, as written. */
  readonly patterns: readonly string[];
  /** The same globs, compiled in lower case. */
  readonly globs: readonly Glob[];
}

/** Why a workspace-relative path may not be used, or null when it may. */
export interface PathProblem {
  code: "protected_path" | "invalid_path";
  /** What the path holds or why it is refused, for the message. */
  reason: string;
}

/** Compiles the protection for extra globs (workspace-relative, `/`-separated); a glob over a cap throws its `ToolError`. */
export function createPathProtection(patterns: readonly string[] = []): PathProtection {
  return Object.freeze({
    patterns: Object.freeze([...patterns]),
    globs: Object.freeze(patterns.map((pattern) => compileGlob(normaliseGlob(pattern)))),
  });
}

/** The builtin protection alone. */
export const BUILTIN_PROTECTION: PathProtection = createPathProtection();

/**
 * The one check of a workspace-relative, `/`-separated path (`""` is the root): control
 * characters, then the protected names, then the config's globs against the path and each of
 * its folders. Every path the builtin file tools use or list goes through it.
 */
export function checkWorkspacePath(
  relative: string,
  protection: PathProtection,
): PathProblem | null {
  if (CONTROL_CHARACTERS.test(relative))
    return { code: "invalid_path", reason: "it contains a control character" };
  if (relative === "") return null;
  const segments = relative.toLowerCase().split("/");
  for (const segment of segments) {
    const name = comparableName(segment);
    if (Object.hasOwn(PROTECTED_FOLDERS, name))
      return { code: "protected_path", reason: PROTECTED_FOLDERS[name] };
  }
  const last = comparableName(segments[segments.length - 1]);
  const file = last.startsWith(".env.") ? ".env" : last;
  if (Object.hasOwn(PROTECTED_FILES, file))
    return { code: "protected_path", reason: PROTECTED_FILES[file] };
  const lower = segments.join("/");
  for (const [index, glob] of protection.globs.entries())
    if (matchesPathOrFolder(glob, lower))
      return {
        code: "protected_path",
        reason: `protected by the workspace config ([files] protected "${protection.patterns[index]}")`,
      };
  return null;
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
