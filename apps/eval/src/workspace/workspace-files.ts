/** The files of a workspace as programs see them, for checks that ask which files an answer names. */
import { readdirSync } from "node:fs";
import path from "node:path";
import { WORKSPACE_DIR } from "./workspace.js";

const cache = new Map<string, readonly string[]>();

/**
 * Workspace-relative paths (with `/`) of every file under `dir`, `.lackpy` left out, sorted;
 * read once per folder (the checks that use it belong to read-only intents).
 */
export function workspaceFiles(dir: string = WORKSPACE_DIR): readonly string[] {
  const cached = cache.get(dir);
  if (cached) return cached;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .filter((file) => !file.startsWith(".lackpy/"))
    .sort();
  cache.set(dir, Object.freeze(files));
  return files;
}
