import type { PathProblem } from "../protect/protected-paths.js";
import { comparableName } from "../protect/name-rules.js";
import { noteSkipped, type SkippedCount } from "../toolbox/tool-call-context.js";

/** Folders the file tools' walk skips unless the pattern names them (protected and closed folders such as `.git` and `.vscode` are never entered). */
export const SKIPPED_FOLDERS: readonly string[] = Object.freeze(["node_modules"]);

/**
 * Why a file tool left files out, as the noun phrase that follows the count in the CLI's line
 * (`skipped: 195,973 files under node_modules, 12 binary files`). Folders that the walk does not
 * list are still walked to count the files in them that the pattern matches (`node_modules`,
 * gitignored folders); a refused path (protected, closed, loaded) is never entered, so it counts
 * once, file or folder.
 */
export const SKIPPED_REASONS = Object.freeze({
  nodeModules: "files under node_modules",
  gitignored: "gitignored files",
  protectedPath: "protected paths",
  loadedPath: "paths lackpy loads (module tools, MCP servers)",
  closedPath: "hidden paths",
  invalidName: "names with control characters",
  notRegular: "special files (symlinks, FIFOs, sockets)",
  binary: "binary files",
  unreadable: "unreadable files",
  uncounted: "skipped folders not counted",
});

/**
 * Folders left out without a word: version-control and lackpy's own data, never a project's
 * files (`git ls-files`, ripgrep and fd leave `.git` out silently too), and in every workspace,
 * so naming them would put a `skipped:` line under every answer.
 */
const UNCOUNTED_NAMES: readonly string[] = Object.freeze([".git", ".lackpy"]);

/** The reason a refused entry named `name` is left out (see `SKIPPED_REASONS`), or null for `.git` and `.lackpy`. */
export function refusedReason(problem: PathProblem, name: string): string | null {
  if (UNCOUNTED_NAMES.includes(comparableName(name))) return null;
  if (problem.code === "invalid_path") return SKIPPED_REASONS.invalidName;
  if (problem.code === "closed_path") return SKIPPED_REASONS.closedPath;
  return problem.reason.startsWith("lackpy loads it")
    ? SKIPPED_REASONS.loadedPath
    : SKIPPED_REASONS.protectedPath;
}

/** The reason for files over a size limit: `files over 10 MiB`. */
export function overLimitReason(maxBytes: number): string {
  const mebibytes = maxBytes / (1024 * 1024);
  return Number.isInteger(mebibytes)
    ? `files over ${mebibytes} MiB`
    : `files over ${maxBytes.toLocaleString("en-US")} bytes`;
}

/** What one tool call left out, by reason. */
export class SkippedTally {
  readonly #counts = new Map<string, number>();

  /** Counts `count` more left out for `reason` (nothing for null). */
  add(reason: string | null, count = 1): void {
    if (reason !== null) this.#counts.set(reason, (this.#counts.get(reason) ?? 0) + count);
  }

  /** The count of one reason so far. */
  count(reason: string): number {
    return this.#counts.get(reason) ?? 0;
  }

  /** The counts, as the run takes them: the largest first, then by reason (the walk's order is the file system's). */
  list(): SkippedCount[] {
    return [...this.#counts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((left, right) => right.count - left.count || (left.reason < right.reason ? -1 : 1));
  }

  /** Tells the run calling the tool (its `this`) what the call over `scope` left out, if anything. */
  report(context: unknown, scope: string): void {
    if (this.#counts.size > 0) noteSkipped(context, this.list(), scope);
  }
}
