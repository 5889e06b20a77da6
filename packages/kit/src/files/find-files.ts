import { monotonicMs } from "@lackpy/lang";
import { readdirSync, type Dirent } from "node:fs";
import { setImmediate as nextTurn } from "node:timers/promises";
import path from "node:path";
import { compileGlob, type Glob, type GlobState } from "../glob/compile-glob.js";
import type { FileStaging } from "./file-staging.js";
import {
  confinePathSync,
  type ConfinedFolders,
  type WorkspaceRoot,
} from "../protect/confine-path.js";
import { refuseProtected } from "../protect/refuse-protected.js";
import {
  checkWorkspacePath,
  openBelowPlainFolder,
  type PathProblem,
  type PathProtection,
} from "../protect/protected-paths.js";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";
import { ToolError } from "../tool-error.js";
import { MAX_READ_BYTES } from "./file-tool-specs.js";
import { keepTextFiles } from "./keep-text-files.js";
import { isIgnored, type IgnoreRule } from "./gitignore-rules.js";
import { cachedRules, folderRules } from "./folder-rules.js";
import { walkFinds } from "./staged-matches.js";
import { checkCallOptions } from "./walk-options.js";
import {
  refusedReason,
  SKIPPED_FOLDERS,
  SKIPPED_REASONS,
  type SkippedTally,
} from "./skipped-files.js";

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
  /** The run's folders known to lead through no symlink: the walk adds the folders it enters. */
  folders?: ConfinedFolders;
  /** The largest file `read_file` reads, for `{ text: true }` (`MAX_READ_BYTES` by default). */
  maxReadBytes?: number;
  /** Counts what the walk leaves out (`SKIPPED_REASONS`); without it nothing is counted, and skipped folders are not walked. */
  skipped?: SkippedTally;
  /** The tool named in errors (`find_files` by default). */
  tool?: string;
}

/**
 * How long `find_files` lists folders synchronously before it lets the event loop run (timers,
 * I/O, the abort of its call), in milliseconds; one folder's listing is read at once.
 */
export const WALK_SLICE_MS = 4;

/** Most entries one call walks in skipped folders to count what they hold; past it, a skipped folder counts as one `uncounted`. */
export const MAX_COUNTED_SKIPPED = 200_000;

/** The files a walk found, sorted, and the real root they are under. */
export interface ListedFiles {
  files: string[];
  /** The workspace's real path, as the walk resolved it. */
  start: string;
}

const GLOB_CHARACTERS = /[*?{]/;
const OUTSIDE_HINT =
  'patterns are relative to the workspace root, e.g. "**/*.md"; absolute paths and .. are not allowed';

/** A folder the walk still has to list: where it is, the glob's state there, the `.gitignore` rules in effect, and why its files are only counted. */
interface PendingFolder {
  folder: string;
  relative: string;
  state: GlobState;
  rules: readonly IgnoreRule[];
  /** No hidden name on its path: a name in it needs only `openBelowPlainFolder`. */
  plain: boolean;
  /** The reason its files are counted as skipped instead of listed; null when they are listed. */
  skip: string | null;
}

/**
 * Finds workspace files matching a glob; returns workspace-relative `/` paths, sorted (see `listFiles`).
 */
export async function findFiles(
  root: string | WorkspaceRoot,
  pattern: unknown,
  options: FindFilesOptions,
  callOptions?: unknown,
): Promise<string[]> {
  return (await listFiles(root, pattern, options, callOptions)).files;
}

/**
 * The files matching a glob, as workspace-relative `/` paths, sorted, and the real root. The walk
 * never follows symlinks (so it cannot leave the root), lists regular files only, and enters a
 * folder only when the glob can still match below it: the glob's state after the folder's path
 * is carried down, so each name is matched once. Names that `checkWorkspacePath` refuses for
 * reading (protected, hidden and not opened, or with a control character) are neither listed nor
 * entered; a closed folder is entered only when an opening glob of the config may match below
 * it. `node_modules` is skipped unless the pattern names it. A pattern whose literal start is
 * refused (protected, or closed with nothing opened below it) is refused with the reason.
 * Files and folders that the workspace's `.gitignore` files ignore are skipped too, as ripgrep
 * and fd do, unless `callOptions` says `include_ignored: true` or the pattern names them (a
 * segment without wildcards, as in `dist/*.js`). Files a run staged are found as the walk would
 * find them on disk (same checks, same glob, the same `.gitignore` rules). With `skipped`, what
 * the pattern would match but the walk leaves out is counted by reason: refused paths that may
 * match (once each, never entered), symlinks and special files, and the files that match in
 * skipped and ignored folders, which are walked for it (with the same path checks, up to
 * `MAX_COUNTED_SKIPPED` entries a call). With `text: true` (`find_files` only) the list keeps only
 * the files `read_file` reads as text (`keepTextFiles`).
 */
export async function listFiles(
  root: string | WorkspaceRoot,
  pattern: unknown,
  options: FindFilesOptions,
  callOptions?: unknown,
): Promise<ListedFiles> {
  const tool = options.tool ?? "find_files";
  const {
    include_ignored: includeIgnored,
    text,
    hidden: listHidden,
  } = checkCallOptions(callOptions, tool);
  // `{ hidden: true }` lists closed paths' names (never their text); every other refusal stands.
  const refused = (problem: PathProblem | null): problem is PathProblem =>
    problem !== null && !(listHidden === true && problem.code === "closed_path");
  const segments = patternSegments(pattern, tool);
  const glob = compileGlob(segments.join("/"));
  const literal = segments.slice(0, firstGlobSegment(segments));
  // The literal start goes through the one path check, as a folder to look into, so `.lackpy/**`
  // and `.vscode/*` are refused, not just empty, while `.github/**` is searched.
  if (refused(checkWorkspacePath(literal.join("/"), options.protection, { folder: true })))
    refuseProtected(literal.join("/"), null, options.protection, "read", { folder: true });
  const start = confinePathSync(root, ".", { protection: options.protection });
  // The walk enters real folders only (never a symlink), from the real root.
  options.folders?.add("");
  const named = new Set(segments.filter((segment) => SKIPPED_FOLDERS.includes(segment)));
  // Names the pattern spells out are listed even when a .gitignore ignores them.
  const literalNames = new Set(segments.filter((segment) => !GLOB_CHARACTERS.test(segment)));
  const { protection, skipped: tally } = options;
  const sliceMs = options.sliceMs ?? WALK_SLICE_MS;
  const results: string[] = [];
  const tooMany = () =>
    new ToolError(
      "too_many_results",
      `More than ${options.maxFindResults} files match '${pattern}'.`,
      {
        retriable: true,
        hint: "use a narrower pattern",
      },
    );
  let counted = 0;
  // Depth first with a stack of the folders still to list; the order does not matter, the results are sorted.
  const folders: PendingFolder[] = [
    { folder: start, relative: "", state: glob.start(), rules: [], plain: true, skip: null },
  ];
  let sliceStart = monotonicMs();
  for (let next = folders.pop(); next; next = folders.pop()) {
    if (monotonicMs() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = monotonicMs();
    }
    refuseWhenAborted(options.signal, "the search finished");
    const { folder, relative, state, plain, skip } = next;
    if (skip !== null && counted >= MAX_COUNTED_SKIPPED) {
      tally?.add(SKIPPED_REASONS.uncounted);
      continue;
    }
    const entries = listFolder(folder);
    if (skip !== null) counted += entries.length;
    const rules =
      includeIgnored || skip !== null
        ? next.rules
        : folderRules(folder, relative, entries, next.rules);
    for (const entry of entries) {
      const name = entry.name;
      const child = relative ? `${relative}/${name}` : name;
      const isFolder = entry.isDirectory();
      const quick = plain && openBelowPlainFolder(name, protection);
      if (!quick) {
        const problem = checkWorkspacePath(child, protection, { folder: isFolder });
        if (refused(problem)) {
          if (tally && skip === null && mayMatch(glob, state, name, isFolder))
            tally.add(refusedReason(problem, name));
          continue;
        }
      }
      if (isFolder) {
        const below = glob.advance(state, `${name}/`);
        if (below.length === 0) continue;
        const reason =
          skip ??
          (SKIPPED_FOLDERS.includes(name) && !named.has(name)
            ? SKIPPED_REASONS.nodeModules
            : !includeIgnored && !literalNames.has(name) && isIgnored(rules, child, true)
              ? SKIPPED_REASONS.gitignored
              : null);
        // Nobody counts what is skipped: the folder is not walked at all.
        if (reason !== null && !tally) continue;
        if (reason === null) options.folders?.add(child);
        const pending = { folder: entryPath(folder, name), relative: child, state: below, rules };
        folders.push({ ...pending, plain: quick, skip: reason });
        continue;
      }
      if (!glob.matches(glob.advance(state, name))) continue;
      if (skip !== null) {
        if (entry.isFile()) tally?.add(skip);
      } else if (!includeIgnored && !literalNames.has(name) && isIgnored(rules, child, false))
        tally?.add(SKIPPED_REASONS.gitignored);
      else if (!entry.isFile()) tally?.add(SKIPPED_REASONS.notRegular);
      else if (results.push(child) > options.maxFindResults) throw tooMany();
    }
  }
  if (options.staging) {
    const found = new Set(results);
    const checks = {
      glob,
      named,
      literalNames,
      protection,
      rulesIn: includeIgnored ? undefined : cachedRules(start),
    };
    // What the walk found on the disk: a file it would have found and did not was missing.
    options.staging.noteListing({
      shows: (_file, relative) => walkFinds(relative, checks),
      has: (_file, relative) => found.has(relative),
      check: {
        kind: "walk",
        target: String(pattern),
        ...(includeIgnored || listHidden
          ? {
              options: {
                ...(includeIgnored ? { include_ignored: true as const } : {}),
                ...(listHidden ? { hidden: true as const } : {}),
              },
            }
          : {}),
        shown: [...found],
      },
    });
    for (const staged of options.staging.list())
      if (!found.has(staged.path) && walkFinds(staged.path, checks))
        if (results.push(staged.path) > options.maxFindResults) throw tooMany();
  }
  results.sort();
  if (!text) return { files: results, start };
  const files = await keepTextFiles(start, results, {
    maxReadBytes: options.maxReadBytes ?? MAX_READ_BYTES,
    staging: options.staging,
    signal: options.signal,
    sliceMs,
  });
  return { files, start };
}

/** The pattern's `/`-separated segments without `.`; one that is not a glob, or reaches outside the workspace, is refused. */
function patternSegments(pattern: unknown, tool: string): string[] {
  if (typeof pattern !== "string" || pattern.trim() === "" || pattern.includes("\0"))
    throw new ToolError("invalid_pattern", `${tool} needs a glob such as "src/**/*.ts".`, {
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
  return segments;
}

/** True when the glob may match a refused entry: a file by its name, a folder by something below it. */
function mayMatch(glob: Glob, state: GlobState, name: string, isFolder: boolean): boolean {
  return isFolder
    ? glob.advance(state, `${name}/`).length > 0
    : glob.matches(glob.advance(state, name));
}

/** The path of an entry of a real folder: its name appended (no `path.join`, which normalises, for each of many folders). */
export function entryPath(folder: string, name: string): string {
  return folder.endsWith(path.sep) ? `${folder}${name}` : `${folder}${path.sep}${name}`;
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
