import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "./tool-error.js";

/**
 * Containment of workspace paths. A requested path is relative to the root; backslashes count
 * as separators. It is refused when absolute (`/x`, `C:\x`, `~/x`), when `..` leaves the root,
 * or when a symlink on the way leads outside: the deepest part of the path that exists is
 * resolved with realpath and compared with the real root segment by segment, then the parts
 * that do not exist yet are appended. A dangling symlink is refused (its target is unknown).
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

/** Resolves a workspace-relative path to an absolute path inside `root`, or throws a retriable `ToolError`. */
export async function confinePath(root: string, requested: unknown): Promise<string> {
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
    throw new ToolError("workspace_missing", `The workspace folder ${root} does not exist.`, {
      cause: error,
    });
  });
  const target = path.resolve(realRoot, normalised);
  if (!isInside(realRoot, target)) throw outside(requested);
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
  return resolved;
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}
