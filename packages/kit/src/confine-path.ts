import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { checkWorkspacePath, type PathProtection } from "./protected-paths.js";
import { ToolError } from "./tool-error.js";

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
  /** When given, protected paths (as given and as resolved through symlinks) are refused too. */
  protection?: PathProtection;
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
  const realRoot = await realpath(root).catch((error: unknown) => {
    throw new ToolError("workspace_missing", "The workspace folder does not exist.", {
      cause: error,
    });
  });
  const target = path.resolve(realRoot, normalised);
  if (!isInside(realRoot, target)) throw outside(requested);
  const given = toRelative(realRoot, target);
  if (options.protection) refuseProtected(given, null, options.protection);
  let existing = target;
  const missing: string[] = [];
  while (!(await exists(existing))) {
    missing.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  let real: string;
  try {
    real = await realpath(existing);
  } catch {
    throw outside(requested);
  }
  const resolved = path.join(real, ...missing);
  if (!isInside(realRoot, resolved)) throw outside(requested);
  if (options.protection)
    refuseProtected(toRelative(realRoot, resolved), given, options.protection);
  return resolved;
}

/** The `/`-separated path of `target` relative to `realRoot` (`""` for the root itself). */
function toRelative(realRoot: string, target: string): string {
  return path.relative(realRoot, target).split(path.sep).join("/");
}

/**
 * Throws the `ToolError` for a workspace-relative path that `checkWorkspacePath` refuses;
 * `given` is the path as the program wrote it when `relative` is where a symlink led.
 */
export function refuseProtected(
  relative: string,
  given: string | null,
  protection: PathProtection,
): void {
  const problem = checkWorkspacePath(relative, protection);
  if (!problem) return;
  if (problem.code === "invalid_path")
    throw new ToolError(
      "invalid_path",
      `The path ${JSON.stringify(given ?? relative)} contains a control character.`,
      {
        retriable: true,
        hint: "use a file name without control characters such as newlines or tabs",
      },
    );
  const through =
    given !== null && given !== relative
      ? `'${given}' leads to '${relative}', which`
      : `'${relative}'`;
  throw new ToolError(
    "protected_path",
    `${through} is protected (${problem.reason}); the file tools never read, list or change it.`,
    { hint: PROTECTED_HINT },
  );
}

const PROTECTED_HINT =
  "work with other files: .lackpy/, .git/, .mcp.json, .env, .env.*, .npmrc and the globs of [files] protected in the workspace config are off limits";

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}
