import { lstatSync, realpathSync } from "node:fs";
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
}

/** A workspace root as the file tools hold it: the path as configured and its last known real path. */
export interface WorkspaceRoot {
  readonly path: string;
  realPath: string | undefined;
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
  if (typeof requested !== "string" || requested.trim() === "")
    throw new ToolError(
      "invalid_path",
      `A path must be a non-empty string, not ${JSON.stringify(requested) ?? String(requested)}.`,
      { retriable: true, hint: RELATIVE_HINT },
    );
  if (requested.includes("\0"))
    throw new ToolError("invalid_path", "A path must not contain NUL bytes.", {
      retriable: true,
      hint: RELATIVE_HINT,
    });
  const normalised = requested.replace(/\\/g, "/");
  if (normalised.startsWith("/") || /^[A-Za-z]:/.test(normalised) || /^~(\/|$)/.test(normalised))
    throw outside(requested);
  const workspace = typeof root === "string" ? workspaceRoot(root) : root;
  return (
    (workspace.realPath !== undefined &&
      acceptQuickly(workspace, normalised, workspace.realPath, options)) ||
    confineFully(workspace, requested, normalised, options)
  );
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
): string | null {
  const given = relativeInside(realRoot, path.resolve(realRoot, normalised));
  if (given === null) return null;
  if (
    options.protection &&
    checkWorkspacePath(given, options.protection, {
      access: options.access,
      folder: options.folder,
    })
  )
    return null;
  let real: string;
  try {
    real = realpathSync.native(path.resolve(root.path, given));
  } catch {
    return null;
  }
  return relativeInside(realRoot, real) === given ? real : null;
}

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
