import { lstatSync, realpathSync, type Stats } from "node:fs";
import path from "node:path";
import { checkWorkspacePath, type PathAccess, type PathProtection } from "./protected-paths.js";
import { refuseProtected } from "./refuse-protected.js";
import { ToolError } from "../tool-error.js";

/**
 * Containment of workspace paths. A requested path is relative to the root; backslashes count
 * as separators. It is refused when absolute (`/x`, `C:\x`, `~/x`), when `..` leaves the root,
 * or when a symlink on the way leads outside: the deepest part of the path that exists is
 * resolved with realpath and compared with the real root segment by segment, then the parts
 * that do not exist yet are appended. A dangling symlink is refused (its target is unknown).
 * With a `PathProtection`, the path is also checked by `checkWorkspacePath` twice: as given
 * (after `.` and `..` are resolved, before any file-system access) and as resolved through
 * symlinks, so a symlink to `.git/config` is refused like `.git/config` itself.
 * Checks happen before the file operation, so a concurrent process that swaps a directory for
 * a symlink in between is out of scope: the root is assumed not to be hostile while a tool runs.
 *
 * The checks are synchronous metadata calls: a few microseconds each on a local disk, where an
 * asynchronous call costs a thread-pool round trip. A `WorkspaceRoot` remembers the root's real
 * path, so a path that leads through no symlink costs one realpath, of the whole path through the
 * root as configured, compared with the remembered real root joined with the path. Anything else
 * (a symlink on the way, a refusal, a path that does not exist yet) goes through the full check
 * with the root resolved afresh, which also gives every error; a root moved, removed or pointed
 * elsewhere since the last call fails the comparison and is therefore resolved again.
 *
 * Within one run (`ConfinedFolders`, which the builtin file tools keep per staging area) a folder
 * found that way is not resolved again: a path in it costs one lstat of its last name, which must
 * not be a symlink (the full check decides one that is). Out of scope as above: a folder swapped
 * for a symlink while the run goes on.
 */

const RELATIVE_HINT =
  'paths are relative to the workspace root, e.g. "src/app.ts"; absolute paths and .. are not allowed';

function outside(requested: string): ToolError {
  return new ToolError(
    "path_outside_root",
    `The path '${requested}' is outside the workspace; paths are relative to the workspace root.`,
    { retriable: true, hint: RELATIVE_HINT },
  );
}

/** True when `child` is `parent` or inside it, compared segment by segment (so `/root2` is not inside `/root`). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  if (relative === "") return true;
  return !path.isAbsolute(relative) && relative.split(path.sep)[0] !== "..";
}

/** What `confinePath` checks besides containment. */
export interface ConfineOptions {
  /** When given, the paths `checkWorkspacePath` refuses (protected or closed, as given and as resolved through symlinks) are refused too. */
  protection?: PathProtection;
  /** What the caller does with the path: `write` also refuses `node_modules`, readable hidden names and command files. Reading by default. */
  access?: PathAccess;
  /** The path is a folder to look into (`list_folder`): a closed folder passes when an opening glob may match below it. */
  folder?: boolean;
  /** The folders this run already found to lead through no symlink (see `ConfinedFolders`). */
  folders?: ConfinedFolders;
}

/** A confined path, with the lstat of it the quick check took when it took one (the path is then no symlink). */
export interface ConfinedFile {
  file: string;
  info: Stats | undefined;
}

/** A workspace root as the file tools hold it: the path as configured and its last known real path. */
export interface WorkspaceRoot {
  readonly path: string;
  realPath: string | undefined;
}

/**
 * Folders of a workspace, as `/`-separated paths relative to its real root, found in one run to
 * lead through no symlink: a path of the quick check in one of them is not resolved again. Keep
 * one for one run (a staging area's life) and no longer: between runs a folder may change.
 */
export class ConfinedFolders {
  readonly #folders = new Set<string>();

  /** True when `folder` was found to lead through no symlink. */
  has(folder: string): boolean {
    return this.#folders.has(folder);
  }

  /** Notes that `folder` leads through no symlink. */
  add(folder: string): void {
    this.#folders.add(folder);
  }
}

/** A `WorkspaceRoot` for `root`, its real path not resolved yet. */
export function workspaceRoot(root: string): WorkspaceRoot {
  return { path: root, realPath: undefined };
}

/**
 * Resolves a workspace-relative path to an absolute path inside `root`, or throws a `ToolError`.
 * With `protection` it is the one check every path of the builtin file tools goes through.
 */
export async function confinePath(
  root: string,
  requested: unknown,
  options: ConfineOptions = {},
): Promise<string> {
  return confinePathSync(root, requested, options);
}

/** `confinePath` as synchronous metadata calls; a `WorkspaceRoot` remembers the root's real path between calls (the builtin file tools use it). */
export function confinePathSync(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ConfineOptions = {},
): string {
  return confineFileSync(root, requested, options).file;
}

/** `confinePathSync`, with the lstat its quick check took (so a reader need not stat the file again). */
export function confineFileSync(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ConfineOptions = {},
): ConfinedFile {
  const normalised = normaliseRequest(requested);
  if (ToolError.is(normalised)) throw normalised;
  const workspace = typeof root === "string" ? workspaceRoot(root) : root;
  return (
    (workspace.realPath !== undefined &&
      acceptQuickly(workspace, normalised, workspace.realPath, options)) || {
      file: confineFully(workspace, requested as string, normalised, options),
      info: undefined,
    }
  );
}

/**
 * The real path of `requested` when the quick check applies and its folder is one this run found
 * (or finds now) to lead through no symlink, without looking at the last name: the caller opens it
 * without following a symlink there (`O_NOFOLLOW`, which stands for the quick check's lstat) and
 * goes through `confineFileSync` when that open fails, or for anything else it does not handle.
 * Null when the quick check does not apply. It never refuses: the full check words every error.
 */
export function fileInKnownFolder(
  root: WorkspaceRoot,
  requested: unknown,
  options: ConfineOptions & { folders: ConfinedFolders },
): string | null {
  const realRoot = root.realPath;
  if (realRoot === undefined) return null;
  const normalised = normaliseRequest(requested);
  if (ToolError.is(normalised)) return null;
  const place = placeOf(normalised, realRoot, options);
  if (place === null || place.given === "") return null;
  return knownReal(root, realRoot, folderOf(place.given), options.folders) ? place.absolute : null;
}

/** The requested path with backslashes as `/`, or the error that refuses it: not a non-empty string, a NUL byte, absolute. */
function normaliseRequest(requested: unknown): string | ToolError {
  if (typeof requested !== "string" || requested.trim() === "")
    return new ToolError(
      "invalid_path",
      `A path must be a non-empty string, not ${JSON.stringify(requested) ?? String(requested)}.`,
      { retriable: true, hint: RELATIVE_HINT },
    );
  if (requested.includes("\0"))
    return new ToolError("invalid_path", "A path must not contain NUL bytes.", {
      retriable: true,
      hint: RELATIVE_HINT,
    });
  const normalised = requested.includes("\\") ? requested.replace(/\\/g, "/") : requested;
  if (normalised.startsWith("/") || /^[A-Za-z]:/.test(normalised) || /^~(\/|$)/.test(normalised))
    return outside(requested);
  return normalised;
}

/** A path as the quick check takes it: relative to the real root (`/`-separated) and absolute. */
interface QuickPlace {
  given: string;
  absolute: string;
}

/** Where a normalised path lies under the remembered real root, or null when outside it or refused by the path check. */
function placeOf(normalised: string, realRoot: string, options: ConfineOptions): QuickPlace | null {
  // A plain relative path (no `.`, `..` or empty names) needs no resolving: it is its own relative path.
  const plain = path.sep === "/" && !NOT_PLAIN.test(normalised);
  const absolute = plain
    ? `${realRoot.endsWith("/") ? realRoot : `${realRoot}/`}${normalised}`
    : path.resolve(realRoot, normalised);
  const given = plain ? normalised : relativeInside(realRoot, absolute);
  if (given === null) return null;
  if (
    options.protection &&
    checkWorkspacePath(given, options.protection, {
      access: options.access,
      folder: options.folder,
    })
  )
    return null;
  return { given, absolute };
}

/** The folder of a `/`-separated relative path (`""` for a name at the root). */
function folderOf(given: string): string {
  const slash = given.lastIndexOf("/");
  return slash < 0 ? "" : given.slice(0, slash);
}

/**
 * The real path when the path, as given, is inside the remembered real root, not protected, and
 * leads through no symlink: its realpath, taken through the root as configured, is the
 * remembered real root joined with it. Else null, and the full check decides (and words the
 * error): this check never refuses, so it may be stricter than the full one. A root now leading
 * elsewhere, or a symlink on the way, makes the realpath differ.
 */
function acceptQuickly(
  root: WorkspaceRoot,
  normalised: string,
  realRoot: string,
  options: ConfineOptions,
): ConfinedFile | null {
  const place = placeOf(normalised, realRoot, options);
  if (place === null) return null;
  const { given, absolute } = place;
  const folders = options.folders;
  const folder = folderOf(given);
  if (folders && given !== "" && knownReal(root, realRoot, folder, folders)) {
    // The folder leads through no symlink (this run saw so): only the last name is left to check.
    let info: Stats;
    try {
      info = lstatSync(absolute);
    } catch {
      return null;
    }
    return info.isSymbolicLink() ? null : { file: absolute, info };
  }
  let real: string;
  try {
    real = realpathSync.native(path.resolve(root.path, given));
  } catch {
    return null;
  }
  if (relativeInside(realRoot, real) !== given) return null;
  // Every folder on the way is real, through the root as configured.
  if (given !== "") folders?.add(folder);
  return { file: real, info: undefined };
}

/**
 * True when `folder` (relative to the real root, `/`-separated) leads through no symlink, as this
 * run found or finds now: the root through the root as configured (one realpath a run), then
 * each folder below the deepest one already known by one lstat, which must show a folder that is
 * no symlink. False (the caller checks the whole path) as soon as one is not.
 */
function knownReal(
  root: WorkspaceRoot,
  realRoot: string,
  folder: string,
  folders: ConfinedFolders,
): boolean {
  if (folders.has(folder)) return true;
  const names = folder === "" ? [] : folder.split("/");
  let known = names.length - 1;
  while (known >= 0 && !folders.has(names.slice(0, known).join("/"))) known--;
  if (known < 0) {
    try {
      if (realpathSync.native(root.path) !== realRoot) return false;
    } catch {
      return false;
    }
    folders.add("");
    known = 0;
  }
  for (let depth = known + 1; depth <= names.length; depth++) {
    const below = names.slice(0, depth).join("/");
    try {
      const info = lstatSync(`${realRoot.endsWith("/") ? realRoot : `${realRoot}/`}${below}`);
      if (!info.isDirectory()) return false;
    } catch {
      return false;
    }
    folders.add(below);
  }
  return true;
}

/** A relative path with a `.` or `..` name, an empty name (`a//b`, `a/`) or nothing at all: `path.resolve` decides it. */
const NOT_PLAIN = /(^|\/)\.{1,2}(\/|$)|\/\/|\/$|^$/;

/** The `/`-separated path of `child` under `parent`, both normalised and absolute (as `path.resolve` and realpath give them), or null when it is not under it. */
function relativeInside(parent: string, child: string): string | null {
  if (child === parent) return "";
  const prefix = parent.endsWith(path.sep) ? parent : parent + path.sep;
  if (!child.startsWith(prefix)) return null;
  const relative = child.slice(prefix.length);
  return path.sep === "/" ? relative : relative.split(path.sep).join("/");
}

/** The full check, with the root resolved afresh (and remembered). */
function confineFully(
  root: WorkspaceRoot,
  requested: string,
  normalised: string,
  options: ConfineOptions,
): string {
  let realRoot: string;
  try {
    realRoot = realpathSync.native(root.path);
  } catch (error) {
    root.realPath = undefined;
    throw new ToolError("workspace_missing", "The workspace folder does not exist.", {
      cause: error,
    });
  }
  root.realPath = realRoot;
  const target = path.resolve(realRoot, normalised);
  if (!isInside(realRoot, target)) throw outside(requested);
  const given = toRelative(realRoot, target);
  const folder = { folder: options.folder };
  if (options.protection) refuseProtected(given, null, options.protection, options.access, folder);
  const resolved = realTarget(target) ?? resolveMissing(target, requested);
  if (!isInside(realRoot, resolved)) throw outside(requested);
  if (options.protection)
    refuseProtected(
      toRelative(realRoot, resolved),
      given,
      options.protection,
      options.access,
      folder,
    );
  return resolved;
}

/** The `/`-separated path of `target` relative to `realRoot` (`""` for the root itself). */
function toRelative(realRoot: string, target: string): string {
  return path.relative(realRoot, target).split(path.sep).join("/");
}

/** The realpath of a path that exists (one call), or undefined. */
function realTarget(target: string): string | undefined {
  try {
    return realpathSync.native(target);
  } catch {
    return undefined;
  }
}

/**
 * The real path of a path that does not exist (yet): the deepest part that exists, by lstat, is
 * resolved with realpath and the missing names are appended. A dangling symlink exists for lstat
 * but has no realpath, so it is refused.
 */
function resolveMissing(target: string, requested: string): string {
  let existing = target;
  const missing: string[] = [];
  while (!exists(existing)) {
    missing.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  let real: string;
  try {
    real = realpathSync.native(existing);
  } catch {
    throw outside(requested);
  }
  return path.join(real, ...missing);
}

function exists(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}
