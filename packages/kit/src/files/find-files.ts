import { readdirSync, type Dirent } from "node:fs";
import { setImmediate as nextTurn } from "node:timers/promises";
import path from "node:path";
import { compileGlob, type Glob, type GlobState } from "../glob/compile-glob.js";
import type { FileStaging } from "./file-staging.js";
import { confinePathSync, type WorkspaceRoot } from "../protect/confine-path.js";
import { refuseProtected } from "../protect/refuse-protected.js";
import { checkWorkspacePath, type PathProtection } from "../protect/protected-paths.js";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";
import { ToolError } from "../tool-error.js";

/** Folders `find_files` skips unless the pattern names them (protected and closed folders such as `.git` and `.vscode` are never entered). */
export const SKIPPED_FOLDERS: readonly string[] = Object.freeze(["node_modules"]);

/** What `findFiles` needs besides the root and pattern. */
export interface FindFilesOptions {
  maxFindResults: number;
  protection: PathProtection;
  /** The tool call's signal: the walk stops at the next folder once it is aborted. */
  signal?: AbortSignal;
  /** Synchronous walking between two turns of the event loop, in ms (`WALK_SLICE_MS` by default). */
  sliceMs?: number;
  /** The run's staging area: the files it staged are found as if they were on disk. */
  staging?: FileStaging;
}

/**
 * How long `find_files` lists folders synchronously before it lets the event loop run (timers,
 * I/O, the abort of its call), in milliseconds; one folder's listing is read at once.
 */
export const WALK_SLICE_MS = 4;

const GLOB_CHARACTERS = /[*?{]/;
const OUTSIDE_HINT =
  'patterns are relative to the workspace root, e.g. "**/*.md"; absolute paths and .. are not allowed';

/**
 * Finds workspace files matching a glob; returns workspace-relative `/` paths, sorted. The walk
 * never follows symlinks (so it cannot leave the root), lists regular files only, and enters a
 * folder only when the glob can still match below it: the glob's state after the folder's path
 * is carried down, so each name is matched once. Names that `checkWorkspacePath` refuses for
 * reading (protected, hidden and not opened, or with a control character) are neither listed nor
 * entered; a closed folder is entered only when an opening glob of the config may match below
 * it. `node_modules` is skipped unless the pattern names it. A pattern whose literal start is
 * refused (protected, or closed with nothing opened below it) is refused with the reason. Files a
 * run staged are found as the walk would find them on disk (same checks, same glob).
 */
export async function findFiles(
  root: string | WorkspaceRoot,
  pattern: unknown,
  options: FindFilesOptions,
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
      { retriable: true, hint: OUTSIDE_HINT },
    );
  const glob = compileGlob(segments.join("/"));
  const literal = segments.slice(0, firstGlobSegment(segments));
  // The literal start goes through the one path check, as a folder to look into, so `.lackpy/**`
  // and `.vscode/*` are refused, not just empty, while `.github/**` is searched.
  refuseProtected(literal.join("/"), null, options.protection, "read", { folder: true });
  const start = confinePathSync(root, ".", options);
  const named = new Set(segments.filter((segment) => SKIPPED_FOLDERS.includes(segment)));
  const sliceMs = options.sliceMs ?? WALK_SLICE_MS;
  const results: string[] = [];
  // Depth first with a stack of the folders still to list; the order does not matter, the results are sorted.
  const folders: { folder: string; relative: string; state: GlobState }[] = [
    { folder: start, relative: "", state: glob.start() },
  ];
  let sliceStart = performance.now();
  for (let next = folders.pop(); next; next = folders.pop()) {
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
    refuseWhenAborted(options.signal, "the search finished");
    const { folder, relative, state } = next;
    for (const entry of listFolder(folder)) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const isFolder = entry.isDirectory();
      if (checkWorkspacePath(child, options.protection, { folder: isFolder })) continue;
      if (isFolder) {
        if (SKIPPED_FOLDERS.includes(entry.name) && !named.has(entry.name)) continue;
        const below = glob.advance(state, `${entry.name}/`);
        if (below.length > 0)
          folders.push({ folder: path.join(folder, entry.name), relative: child, state: below });
      } else if (entry.isFile() && glob.matches(glob.advance(state, entry.name))) {
        results.push(child);
        if (results.length > options.maxFindResults) throw tooMany(pattern, options);
      }
    }
  }
  if (options.staging && options.staging.size > 0) {
    const found = new Set(results);
    for (const staged of options.staging.list())
      if (!found.has(staged.path) && walkFinds(staged.path, glob, named, options.protection)) {
        results.push(staged.path);
        if (results.length > options.maxFindResults) throw tooMany(pattern, options);
      }
  }
  return results.sort();
}

function tooMany(pattern: string, options: FindFilesOptions): ToolError {
  return new ToolError(
    "too_many_results",
    `More than ${options.maxFindResults} files match '${pattern}'.`,
    { retriable: true, hint: "use a narrower pattern" },
  );
}

/**
 * True when the walk would list a file at this workspace-relative path: every folder on the way
 * may be entered (the path check as a folder, `node_modules` only when named, the glob can still
 * match below it) and the file passes the path check and matches the glob.
 */
function walkFinds(
  relative: string,
  glob: Glob,
  named: ReadonlySet<string>,
  protection: PathProtection,
): boolean {
  const names = relative.split("/");
  let state = glob.start();
  for (let index = 0; index < names.length - 1; index++) {
    const name = names[index];
    const folder = names.slice(0, index + 1).join("/");
    if (checkWorkspacePath(folder, protection, { folder: true })) return false;
    if (SKIPPED_FOLDERS.includes(name) && !named.has(name)) return false;
    state = glob.advance(state, `${name}/`);
    if (state.length === 0) return false;
  }
  if (checkWorkspacePath(relative, protection)) return false;
  return glob.matches(glob.advance(state, names[names.length - 1]));
}

/** A folder's entries; a folder that cannot be listed (removed meanwhile, no permission) has none. */
function listFolder(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

function firstGlobSegment(segments: readonly string[]): number {
  const index = segments.findIndex((segment) => GLOB_CHARACTERS.test(segment));
  return index < 0 ? segments.length : index;
}
