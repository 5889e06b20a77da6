import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { confinePath } from "./confine-path.js";
import { globToRegExp } from "./glob-to-reg-exp.js";
import { ToolError } from "./tool-error.js";

/** Folders `find_files` skips unless the pattern names them (`.lackpy` holds lackpy's own config, kits and templates). */
export const SKIPPED_FOLDERS: readonly string[] = Object.freeze([
  "node_modules",
  ".git",
  ".lackpy",
]);

const GLOB_CHARACTERS = /[*?{[]/;

/**
 * Finds workspace files matching a glob; returns workspace-relative `/` paths, sorted. The walk
 * starts at the pattern's literal prefix, never follows symlinks (so it cannot leave the root),
 * lists regular files only, and skips `node_modules`, `.git` and `.lackpy` unless the pattern names them.
 */
export async function findFiles(
  root: string,
  pattern: unknown,
  options: { maxFindResults: number },
): Promise<string[]> {
  if (typeof pattern !== "string" || pattern.trim() === "" || pattern.includes("\0"))
    throw new ToolError("invalid_pattern", 'find_files needs a glob such as "src/**/*.ts".', {
      retriable: true,
    });
  const segments = pattern
    .trim()
    .replace(/\\/g, "/")
    .split("/")
    .filter((segment, index) => segment !== "." && (segment !== "" || index === 0));
  if (
    segments[0] === "" ||
    /^[A-Za-z]:$/.test(segments[0]) ||
    segments[0] === "~" ||
    segments.includes("..")
  )
    throw new ToolError(
      "path_outside_root",
      `The pattern '${pattern}' reaches outside the workspace.`,
      {
        retriable: true,
        hint: 'patterns are relative to the workspace root, e.g. "**/*.md"; absolute paths and .. are not allowed',
      },
    );
  const matcher = globToRegExp(segments.join("/"));
  const named = new Set(segments.filter((segment) => SKIPPED_FOLDERS.includes(segment)));
  let start = await confinePath(root, ".");
  let prefix = "";
  for (const segment of segments.slice(0, -1)) {
    if (GLOB_CHARACTERS.test(segment)) break;
    start = path.join(start, segment);
    prefix = prefix ? `${prefix}/${segment}` : segment;
    const info = await lstat(start).catch(() => null);
    if (!info?.isDirectory()) return [];
  }
  const results: string[] = [];
  const walk = async (folder: string, relative: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (SKIPPED_FOLDERS.includes(entry.name) && !named.has(entry.name)) continue;
        await walk(path.join(folder, entry.name), child);
      } else if (entry.isFile() && matcher.test(child)) {
        results.push(child);
        if (results.length > options.maxFindResults)
          throw new ToolError(
            "too_many_results",
            `More than ${options.maxFindResults} files match '${pattern}'.`,
            { retriable: true, hint: "use a narrower pattern" },
          );
      }
    }
  };
  await walk(start, prefix);
  return results.sort();
}
