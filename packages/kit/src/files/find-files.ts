import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  type Dirent,
} from "node:fs";
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
import { checkWorkspacePath, type PathProtection } from "../protect/protected-paths.js";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";
import { ToolError } from "../tool-error.js";
import { MAX_READ_BYTES } from "./file-tool-specs.js";
import { keepTextFiles } from "./keep-text-files.js";
import {
  gitignoreTooLarge,
  isIgnored,
  MAX_GITIGNORE_BYTES,
  parseGitignore,
  withRules,
  type IgnoreRule,
} from "./gitignore-rules.js";

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
  /** The run's folders known to lead through no symlink: the walk adds the folders it enters. */
  folders?: ConfinedFolders;
  /** The largest file `read_file` reads, for `{ text: true }` (`MAX_READ_BYTES` by default). */
  maxReadBytes?: number;
}

/** The options a program may pass as `find_files`' second argument. */
export interface FindFilesCallOptions {
  /** List the files `.gitignore` files ignore too. */
  include_ignored?: boolean;
  /** List only the files `read_file` reads as text (no NUL in the first 8 KiB, at most its size limit). */
  text?: boolean;
}

const CALL_OPTIONS_HINT =
  'the options are { include_ignored: true } (ignored files too) and { text: true } (text files only), e.g. find_files("**/*", { text: true })';

/** The options a program may pass, by name. */
const CALL_OPTIONS: readonly (keyof FindFilesCallOptions)[] = ["include_ignored", "text"];

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
 * refused (protected, or closed with nothing opened below it) is refused with the reason.
 * Files and folders that the workspace's `.gitignore` files ignore are skipped too, as ripgrep
 * and fd do, unless `callOptions` says `include_ignored: true` or the pattern names them (a
 * segment without wildcards, as in `dist/*.js`). Files a run staged are found as the walk would
 * find them on disk (same checks, same glob, the same `.gitignore` rules).
 */
export async function findFiles(
  root: string | WorkspaceRoot,
  pattern: unknown,
  options: FindFilesOptions,
  callOptions?: unknown,
): Promise<string[]> {
  const { include_ignored: includeIgnored, text } = checkCallOptions(callOptions);
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
  const start = confinePathSync(root, ".", { protection: options.protection });
  // The walk enters real folders only (never a symlink), from the real root.
  options.folders?.add("");
  const named = new Set(segments.filter((segment) => SKIPPED_FOLDERS.includes(segment)));
  // Names the pattern spells out are listed even when a .gitignore ignores them.
  const literalNames = new Set(segments.filter((segment) => !GLOB_CHARACTERS.test(segment)));
  const sliceMs = options.sliceMs ?? WALK_SLICE_MS;
  const results: string[] = [];
  // Depth first with a stack of the folders still to list; the order does not matter, the results are sorted.
  const folders: {
    folder: string;
    relative: string;
    state: GlobState;
    rules: readonly IgnoreRule[];
  }[] = [{ folder: start, relative: "", state: glob.start(), rules: [] }];
  let sliceStart = performance.now();
  for (let next = folders.pop(); next; next = folders.pop()) {
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
    refuseWhenAborted(options.signal, "the search finished");
    const { folder, relative, state } = next;
    const entries = listFolder(folder);
    const rules = includeIgnored ? next.rules : folderRules(folder, relative, entries, next.rules);
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const folderEntry = entry.isDirectory();
      if (checkWorkspacePath(child, options.protection, { folder: folderEntry })) continue;
      if (!literalNames.has(entry.name) && isIgnored(rules, child, folderEntry)) continue;
      if (folderEntry) {
        if (SKIPPED_FOLDERS.includes(entry.name) && !named.has(entry.name)) continue;
        const below = glob.advance(state, `${entry.name}/`);
        if (below.length > 0) options.folders?.add(child);
        if (below.length > 0)
          folders.push({
            folder: path.join(folder, entry.name),
            relative: child,
            state: below,
            rules,
          });
      } else if (entry.isFile() && glob.matches(glob.advance(state, entry.name))) {
        results.push(child);
        if (results.length > options.maxFindResults) throw tooMany(pattern, options);
      }
    }
  }
  if (options.staging && options.staging.size > 0) {
    const found = new Set(results);
    const checks: WalkChecks = {
      glob,
      named,
      literalNames,
      protection: options.protection,
      rulesIn: includeIgnored ? undefined : cachedRules(start),
    };
    for (const staged of options.staging.list())
      if (!found.has(staged.path) && walkFinds(staged.path, checks)) {
        results.push(staged.path);
        if (results.length > options.maxFindResults) throw tooMany(pattern, options);
      }
  }
  results.sort();
  if (!text) return results;
  return keepTextFiles(start, results, {
    maxReadBytes: options.maxReadBytes ?? MAX_READ_BYTES,
    staging: options.staging,
    signal: options.signal,
    sliceMs,
  });
}

/** `find_files`' second argument: nothing, or `{ include_ignored?: boolean, text?: boolean }`. */
function checkCallOptions(value: unknown): FindFilesCallOptions {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw new ToolError(
      "invalid_argument",
      `find_files' second argument must be an options object, not ${Array.isArray(value) ? "an array" : typeof value}.`,
      { retriable: true, hint: CALL_OPTIONS_HINT },
    );
  const record = value as Record<string, unknown>;
  const checked: FindFilesCallOptions = {};
  for (const key of Object.keys(record)) {
    if (!CALL_OPTIONS.includes(key as keyof FindFilesCallOptions))
      throw new ToolError("invalid_argument", `find_files has no option '${key}'.`, {
        retriable: true,
        hint: CALL_OPTIONS_HINT,
      });
    const value = record[key];
    if (value !== undefined && typeof value !== "boolean")
      throw new ToolError("invalid_argument", `find_files' ${key} must be true or false.`, {
        retriable: true,
        hint: CALL_OPTIONS_HINT,
      });
    if (value !== undefined) checked[key as keyof FindFilesCallOptions] = value;
  }
  return checked;
}

/**
 * The `.gitignore` rules in effect for a folder's entries: those of the folders above, then the
 * folder's own `.gitignore` (a regular file, read without following a symlink). It is read for
 * the tool's own use even where a program may not read it: its patterns only hide files.
 */
function folderRules(
  folder: string,
  relative: string,
  entries: readonly Dirent[],
  above: readonly IgnoreRule[],
): readonly IgnoreRule[] {
  const entry = entries.find((candidate) => candidate.name === ".gitignore");
  if (!entry?.isFile()) return above;
  return gitignoreRules(folder, relative, above);
}

/** `folderRules` without the folder's listing: its `.gitignore` is opened if it is there (a folder that does not exist has none). */
function gitignoreRules(
  folder: string,
  relative: string,
  above: readonly IgnoreRule[],
): readonly IgnoreRule[] {
  const file = relative ? `${relative}/.gitignore` : ".gitignore";
  const bytes = readSmallFile(path.join(folder, ".gitignore"), MAX_GITIGNORE_BYTES);
  if (bytes === undefined) return above;
  if (bytes.length > MAX_GITIGNORE_BYTES) throw gitignoreTooLarge(`'${file}' is over 256 KiB`);
  return withRules(above, parseGitignore(bytes.toString("utf8"), file), file);
}

/** A file's first `maxBytes + 1` bytes (so a longer file shows), read without following a symlink; undefined when it cannot be read. */
function readSmallFile(file: string, maxBytes: number): Buffer | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(descriptor).isFile()) return undefined;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

function tooMany(pattern: string, options: FindFilesOptions): ToolError {
  return new ToolError(
    "too_many_results",
    `More than ${options.maxFindResults} files match '${pattern}'.`,
    { retriable: true, hint: "use a narrower pattern" },
  );
}

/** What the walk checks a name against, for `walkFinds` to check a staged path the same way. */
interface WalkChecks {
  glob: Glob;
  /** The skipped folders the pattern names (entered all the same). */
  named: ReadonlySet<string>;
  /** The names the pattern spells out without wildcards (listed even when ignored). */
  literalNames: ReadonlySet<string>;
  protection: PathProtection;
  /** The `.gitignore` rules in effect for a folder's entries, given those above it; none with `include_ignored`. */
  rulesIn?: (relative: string, above: readonly IgnoreRule[]) => readonly IgnoreRule[];
}

/**
 * The `.gitignore` rules of the workspace's folders on disk below the real root `start`, read once
 * per folder and call. A `.gitignore` the run itself staged is not read: its rules are those on
 * disk, as for the walk (applying a staged `.gitignore` change is out of scope).
 */
function cachedRules(start: string): NonNullable<WalkChecks["rulesIn"]> {
  const cache = new Map<string, readonly IgnoreRule[]>();
  return (relative, above) => {
    let rules = cache.get(relative);
    if (!rules) {
      rules = gitignoreRules(path.join(start, relative), relative, above);
      cache.set(relative, rules);
    }
    return rules;
  };
}

/**
 * True when the walk would list a file at this workspace-relative path: every folder on the way
 * may be entered (the path check as a folder, not ignored by the `.gitignore` rules in effect
 * unless the pattern spells its name out, `node_modules` only when named, the glob can still
 * match below it) and the file passes the path check, is not ignored, and matches the glob.
 */
function walkFinds(relative: string, checks: WalkChecks): boolean {
  const { glob, rulesIn } = checks;
  const names = relative.split("/");
  let state = glob.start();
  let rules = rulesIn ? rulesIn("", []) : [];
  for (let index = 0; index < names.length - 1; index++) {
    const name = names[index];
    const folder = names.slice(0, index + 1).join("/");
    if (checkWorkspacePath(folder, checks.protection, { folder: true })) return false;
    if (!checks.literalNames.has(name) && isIgnored(rules, folder, true)) return false;
    if (SKIPPED_FOLDERS.includes(name) && !checks.named.has(name)) return false;
    state = glob.advance(state, `${name}/`);
    if (state.length === 0) return false;
    if (rulesIn) rules = rulesIn(folder, rules);
  }
  const name = names[names.length - 1];
  if (checkWorkspacePath(relative, checks.protection)) return false;
  if (!checks.literalNames.has(name) && isIgnored(rules, relative, false)) return false;
  return glob.matches(glob.advance(state, name));
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
