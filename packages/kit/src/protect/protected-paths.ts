/**
 * The one decision of which workspace paths the builtin file tools may use. A workspace-relative
 * path is, in this order:
 *
 * - refused when it has a control character (`find_files` never lists such a name);
 * - protected, whatever the config says, when one of its names is sealed (`.lackpy`, `.git`,
 *   `.env*`, credential files: `SEALED_NAMES`), when it is or lies under a path lackpy itself
 *   loads (`LoadedPath`: module tools, MCP server scripts), when writing under `node_modules`
 *   (`WRITE_PROTECTED_FOLDERS`), or when the path or one of its folders matches a glob of the
 *   workspace config's `[files] protected`;
 * - closed when one of its names is hidden (starts with `.`), or, for writing, when its last name
 *   is a command file (`COMMAND_FILES`: `lefthook.yml`, `opencode.json`, …) or a code-loading
 *   config (`CODE_CONFIG_FILES`: `eslint.config.js`, `tsconfig.json`, …), unless an opening
 *   glob matches the path or one of its folders: `[files] allow_write` opens reading and writing,
 *   `[files] allow_read` reading. Reading is also open when every hidden name on the path is one
 *   of `READABLE_HIDDEN_NAMES` (`.gitignore`, `.github`, …) or lies inside `node_modules` (installed
 *   code: `.bin`, pnpm's `.pnpm` store, which its package symlinks lead into);
 * - open otherwise.
 *
 * Names compare case-insensitively (case-insensitive file systems open `.GIT/config` as
 * `.git/config`), ignoring what Windows ignores at the end of a name (dots, spaces, an `::$DATA`
 * stream suffix) and what HFS+ ignores anywhere (zero-width code points), in compatibility form
 * (`．ｇｉｔ`): see `comparableName`. Opening globs and readable names match the name as written,
 * in lower case, never a forgiven form: they only ever open less.
 */
import { compileGlob, type Glob } from "../glob/compile-glob.js";
import {
  CONTROL_CHARACTERS,
  writeClosedReason,
  comparableName,
  forgivenName,
  hiddenReason,
  isReadableHiddenName,
  plainLowerName,
  sealedReason,
  WRITE_PROTECTED_FOLDERS,
} from "./name-rules.js";
import { namesArrays, namesOf } from "./path-names.js";

export { CONTROL_CHARACTERS } from "./name-rules.js";

/** A workspace-relative path that lackpy itself loads or runs (a module tool's file, an MCP server's script), and why. */
export interface LoadedPath {
  /** Workspace-relative, `/`- or `\`-separated; the path and everything under it are protected. */
  readonly path: string;
  /** What loads it, for the message: `the module of tool 'x' ([tools.x])`. */
  readonly reason: string;
}

/** Whether a path is to be read (or listed) or written (created, changed or deleted). */
export type PathAccess = "read" | "write";

/** Workspace globs as written in the config, and compiled in lower case. */
export interface WorkspaceGlobs {
  readonly patterns: readonly string[];
  readonly globs: readonly Glob[];
}

/** The protection of one workspace: the builtin rules plus the config's globs and the paths lackpy loads. */
export interface PathProtection {
  /** The config's `[files] protected` globs, as written. */
  readonly patterns: readonly string[];
  /** The same globs, compiled in lower case. */
  readonly globs: readonly Glob[];
  /** The paths lackpy loads, each as its comparable segments, with its reason. */
  readonly loaded: readonly { readonly segments: readonly string[]; readonly reason: string }[];
  /** `[files] allow_read`: globs that open closed paths for reading. */
  readonly allowRead: WorkspaceGlobs;
  /** `[files] allow_write`: globs that open closed paths for reading and writing. */
  readonly allowWrite: WorkspaceGlobs;
  /** True when the workspace config has opening globs a person has not trusted yet (they are left out until then). */
  readonly openingsAwaitTrust: boolean;
}

/** Why a workspace-relative path may not be used, or null when it may. */
export interface PathProblem {
  /** `protected_path`: never opened; `closed_path`: closed unless the config opens it; `invalid_path`: a control character. */
  code: "protected_path" | "closed_path" | "invalid_path";
  /** What the path holds or why it is refused, for the message. */
  reason: string;
  /** True when only writing is refused: reading is allowed (`node_modules`, a command file, a hidden path open for reading). */
  writeOnly?: true;
  /** True for a `closed_path` closed because a name on it starts with `.` (else it is a command file). */
  hidden?: true;
}

/** What a path is checked for besides its access. */
export interface CheckPathOptions {
  /** Reading (the default) or writing. */
  access?: PathAccess;
  /** The path is a folder to look into (`find_files`): a closed folder passes when an opening glob may match below it. */
  folder?: boolean;
}

/**
 * Compiles the protection for the config's globs (workspace-relative, `/`-separated): `patterns`
 * (`[files] protected`), `allowRead` and `allowWrite`, and the paths lackpy loads; a glob over a
 * cap throws its `ToolError`. A loaded path that is empty, absolute or climbs out with `..` names
 * nothing in the workspace and is left out.
 */
export function createPathProtection(
  patterns: readonly string[] = [],
  options: {
    loaded?: readonly LoadedPath[];
    allowRead?: readonly string[];
    allowWrite?: readonly string[];
    openingsAwaitTrust?: boolean;
  } = {},
): PathProtection {
  const loaded = (options.loaded ?? []).flatMap((entry) => {
    const segments = loadedSegments(entry.path);
    return segments ? [Object.freeze({ segments, reason: entry.reason })] : [];
  });
  const compiled = workspaceGlobs(patterns);
  return Object.freeze({
    patterns: compiled.patterns,
    globs: compiled.globs,
    loaded: Object.freeze(loaded),
    allowRead: workspaceGlobs(options.allowRead ?? []),
    allowWrite: workspaceGlobs(options.allowWrite ?? []),
    openingsAwaitTrust: options.openingsAwaitTrust === true,
  });
}

/** The builtin protection alone: no config globs, nothing opened. */
export const BUILTIN_PROTECTION: PathProtection = createPathProtection();

/**
 * The one check of a workspace-relative, `/`-separated path (`""` is the root), in the order the
 * file comment gives. Every path the builtin file tools use or list goes through it, as given and
 * as resolved through symlinks.
 */
export function checkWorkspacePath(
  relative: string,
  protection: PathProtection,
  options: CheckPathOptions = {},
): PathProblem | null {
  if (relative === "") return null;
  const access = options.access ?? "read";
  // Its folder's names were folded once (`namesOf`): only the last name is new here.
  const path = namesOf(relative);
  if (path.control) return { code: "invalid_path", reason: "it contains a control character" };
  // The first sealed name, in order, is the reason.
  if (path.sealed !== null) return { code: "protected_path", reason: path.sealed };
  const arrays =
    protection.loaded.length > 0 || access === "write" || path.hidden ? namesArrays(path) : null;
  for (const loaded of protection.loaded)
    if (startsWithSegments(arrays!.names, loaded.segments))
      return { code: "protected_path", reason: `lackpy loads it: ${loaded.reason}` };
  if (access === "write" && path.writeFolder !== null)
    return {
      code: "protected_path",
      reason: WRITE_PROTECTED_FOLDERS[path.writeFolder],
      writeOnly: true,
    };
  for (let index = 0; index < protection.globs.length; index++)
    if (matchesPathOrFolder(protection.globs[index], path.lower))
      return {
        code: "protected_path",
        reason: `protected by the workspace config ([files] protected "${protection.patterns[index]}")`,
      };
  // Reading a path without hidden names is open (only writing also closes command files).
  if (!path.hidden && access === "read") return null;
  return closedProblem(arrays!, protection, access, options.folder === true);
}

/**
 * True when a walk may list `name` in a folder that passed `checkWorkspacePath` for reading and
 * has no hidden name on its path, without checking the whole path again: then only the new name
 * can make it refused (a control character, a sealed or hidden name), as long as the protection
 * has no loaded paths and no config globs, which look at the whole path. False means "check the
 * whole path", never "refused": it decides reading exactly as `checkWorkspacePath` would.
 */
export function openBelowPlainFolder(name: string, protection: PathProtection): boolean {
  if (protection.loaded.length > 0 || protection.globs.length > 0) return false;
  if (CONTROL_CHARACTERS.test(name)) return false;
  const plain = plainLowerName(name.toLowerCase());
  return !plain.startsWith(".") && sealedReason(forgivenName(plain)) === null;
}

/** A path's names: in lower case as written, as compared, and the indexes of the hidden ones. */
interface PathNames {
  readonly segments: readonly string[];
  readonly names: readonly string[];
  readonly hidden: readonly number[];
}

/** The `closed_path` problem of a path with hidden names (or a command file, for writing) that nothing opens, or null. */
export function closedProblem(
  path: PathNames,
  protection: PathProtection,
  access: PathAccess,
  folder: boolean,
): PathProblem | null {
  const { segments, names, hidden } = path;
  const command = access === "write" ? writeClosedReason(names) : null;
  if (hidden.length === 0 && command === null) return null;
  const lower = segments.join("/");
  const opening =
    access === "write"
      ? protection.allowWrite.globs
      : [...protection.allowRead.globs, ...protection.allowWrite.globs];
  if (opening.some((glob) => opens(glob, lower, folder))) return null;
  const closedName = hidden.find(
    (index) => !isReadableHiddenName(segments[index]) && !insideWriteProtected(names, index),
  );
  if (access === "read" && closedName === undefined) return null;
  const readOpen = access === "write" && closedProblem(path, protection, "read", folder) === null;
  const writeOnly = readOpen ? ({ writeOnly: true } as const) : {};
  if (command !== null && hidden.length === 0)
    return { code: "closed_path", reason: command, ...writeOnly };
  // A hidden code-loading config (`.eslintrc.cjs`) says what it is; a hidden folder above it wins.
  const hiddenAt = closedName ?? hidden[0];
  const reason =
    command !== null && hiddenAt === names.length - 1 ? command : hiddenReason(names[hiddenAt]);
  return { code: "closed_path", reason, hidden: true, ...writeOnly };
}

/** True when a folder before `index` is write-protected (`node_modules`): installed code, hidden names included (`.bin`, pnpm's `.pnpm`), is readable. */
function insideWriteProtected(names: readonly string[], index: number): boolean {
  return names.slice(0, index).some((name) => Object.hasOwn(WRITE_PROTECTED_FOLDERS, name));
}

/** True when an opening glob matches the path or one of its folders, or, for a folder to look into, may match something below it. */
function opens(glob: Glob, path: string, folder: boolean): boolean {
  if (matchesPathOrFolder(glob, path)) return true;
  return folder && glob.advance(glob.advance(glob.start(), path), "/").length > 0;
}

/** Config globs as the paths they are matched against are written: `/`-separated, lower case, no `.` segments. */
function workspaceGlobs(patterns: readonly string[]): WorkspaceGlobs {
  return Object.freeze({
    patterns: Object.freeze([...patterns]),
    globs: Object.freeze(patterns.map((pattern) => compileGlob(normaliseGlob(pattern)))),
  });
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
export function startsWithSegments(names: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= names.length && prefix.every((name, index) => names[index] === name);
}

/** A config glob as the paths it is matched against are written: `/`-separated, lower case, no `.` segments. */
function normaliseGlob(pattern: string): string {
  return pattern
    .replace(/\\/g, "/")
    .split("/")
    .filter((segment) => segment !== "." && segment !== "")
    .join("/")
    .toLowerCase();
}

/** True when the glob matches the path or one of its folders, in one pass over the path. */
export function matchesPathOrFolder(glob: Glob, path: string): boolean {
  let state = glob.start();
  for (const [index, segment] of path.split("/").entries()) {
    if (index > 0) state = glob.advance(state, "/");
    state = glob.advance(state, segment);
    if (glob.matches(state)) return true;
    if (state.length === 0) return false;
  }
  return false;
}
