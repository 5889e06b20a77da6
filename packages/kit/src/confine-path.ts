import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "./kit-error.js";

const OUTSIDE_HINT =
  'paths are relative to the workspace root, e.g. "src/app.ts"; absolute paths and .. are not allowed';

function outside(requested: string): ToolError {
  return new ToolError("path_outside_root", `The path '${requested}' is outside the workspace.`, {
    retriable: true,
    hint: OUTSIDE_HINT,
  });
}

/** True when `child` is `parent` or inside it, compared component by component. */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative === "" ||
    (!relative.startsWith("..") &&
      !path.isAbsolute(relative) &&
      relative.split(path.sep)[0] !== "..")
  );
}

/**
 * Resolves a workspace-relative path to an absolute one inside `root`. Refuses absolute paths,
 * `..` escapes, NUL bytes and symlinks anywhere on the way that lead outside the root (the
 * deepest existing ancestor is resolved with realpath, so a link to a directory outside counts).
 */
export async function confinePath(root: string, requested: unknown): Promise<string> {
  if (typeof requested !== "string" || requested.length === 0) {
    throw new ToolError(
      "invalid_path",
      `A path must be a non-empty string, not ${JSON.stringify(requested)}.`,
      { retriable: true, hint: OUTSIDE_HINT },
    );
  }
  if (requested.includes("\0"))
    throw new ToolError("invalid_path", "A path must not contain NUL bytes.", { retriable: true });
  const normalised = requested.replace(/\\/g, "/");
  if (path.isAbsolute(normalised) || /^[A-Za-z]:/.test(normalised) || normalised.startsWith("~"))
    throw outside(requested);
  const realRoot = await realpath(root);
  const target = path.resolve(realRoot, normalised);
  if (!isInside(realRoot, target)) throw outside(requested);
  // Resolve the deepest part of the path that exists; a symlink there must stay inside the root.
  let existing = target;
  const rest: string[] = [];
  for (;;) {
    try {
      await lstat(existing);
      break;
    } catch {
      rest.unshift(path.basename(existing));
      const parent = path.dirname(existing);
      if (parent === existing) break;
      existing = parent;
    }
  }
  let real: string;
  try {
    real = await realpath(existing);
  } catch {
    // A dangling symlink: resolve where it points and judge that.
    throw outside(requested);
  }
  const resolved = path.join(real, ...rest);
  if (!isInside(realRoot, resolved)) throw outside(requested);
  return resolved;
}
