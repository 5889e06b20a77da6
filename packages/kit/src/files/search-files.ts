import type { WorkspaceRoot } from "../protect/confine-path.js";
import type { FileStaging } from "./file-staging.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { findFiles } from "./find-files.js";
import { readTextFile } from "./read-text-file.js";
import { textLines } from "./read-lines.js";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";
import { ToolError } from "../tool-error.js";

/** Most rows `search_files` and `definitions_of` return; a search with more is refused with a hint to narrow it. */
export const MAX_SEARCH_RESULTS = 1000;
/** Most bytes one `search_files` or `definitions_of` call reads, over all its files (64 MiB). */
export const MAX_SEARCH_BYTES = 64 * 1024 * 1024;
/** Longest line text a search row carries; a longer line (minified code) is cut, with `…`. */
export const MAX_LINE_CHARS = 500;
/** Longest text `search_files` looks for. */
export const MAX_SEARCH_TEXT_CHARS = 1000;

/** One line a search found: the file (workspace-relative), its 1-based line number and its trimmed text. */
export interface SearchHit {
  file: string;
  line: number;
  text: string;
}

/** What a scan of workspace files needs besides the root. */
export interface ScanOptions {
  protection: PathProtection;
  maxReadBytes: number;
  maxFindResults: number;
  signal?: AbortSignal;
  /** The run's staging area: its new files are searched too, and the files it changed as staged. */
  staging?: FileStaging;
}

/**
 * Every line of the files matching `glob` that passes `test`, as `{ file, line, text }` rows in
 * file and line order. Files come from `findFiles` (so protected paths are never read), each is
 * read by `readTextFile`; binary files, files over the read limit and files that cannot be read
 * are skipped. With a `staging` area both see the run's staged files (`find_files` lists the new
 * ones, `read_file` reads staged text). `quick` rules out a whole file before it is split into lines. The work is bounded:
 * at most `MAX_SEARCH_BYTES` read and `MAX_SEARCH_RESULTS` rows, else a `ToolError` that says how
 * to narrow the search; the call's signal is checked before every file.
 */
export async function scanFiles(
  root: string | WorkspaceRoot,
  glob: string,
  test: (line: string) => boolean,
  options: ScanOptions & { tool: string; quick?: (text: string) => boolean },
): Promise<SearchHit[]> {
  const files = await findFiles(root, glob, options);
  const hits: SearchHit[] = [];
  let bytesRead = 0;
  for (const file of files) {
    refuseWhenAborted(options.signal, `${options.tool} finished`);
    let text: string;
    try {
      text = await readTextFile(root, file, options);
    } catch (error) {
      if (ToolError.is(error) && error.code !== "workspace_missing") continue;
      throw error;
    }
    bytesRead += Buffer.byteLength(text);
    if (bytesRead > MAX_SEARCH_BYTES)
      throw new ToolError(
        "too_large",
        `${options.tool} would read more than ${MAX_SEARCH_BYTES} bytes of files matching '${glob}'.`,
        { retriable: true, hint: 'pass a narrower glob, e.g. "src/**/*.ts"' },
      );
    if (options.quick && !options.quick(text)) continue;
    for (const [index, line] of textLines(text).entries()) {
      if (!test(line)) continue;
      hits.push({ file, line: index + 1, text: shortened(line.trim()) });
      if (hits.length > MAX_SEARCH_RESULTS)
        throw new ToolError(
          "too_many_results",
          `${options.tool} found more than ${MAX_SEARCH_RESULTS} lines in files matching '${glob}'.`,
          { retriable: true, hint: "search for something more specific, or pass a narrower glob" },
        );
    }
  }
  return hits;
}

function shortened(text: string): string {
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
}

/**
 * The lines of the workspace's text files that contain `text` (exact, case-sensitive, like
 * `grep -F`), as `{ file, line, text }` rows in file and line order; `glob` (default every
 * file) narrows the files searched. `text` is plain text, never a regular expression, so no
 * pattern can make the search slow.
 */
export function searchFiles(
  root: string | WorkspaceRoot,
  text: unknown,
  glob: unknown,
  options: ScanOptions,
): Promise<SearchHit[]> {
  if (
    typeof text !== "string" ||
    text === "" ||
    text.length > MAX_SEARCH_TEXT_CHARS ||
    /[\n\r]/.test(text)
  )
    throw new ToolError(
      "invalid_argument",
      `search_files(text, glob?) needs text as a non-empty string of one line (at most ${MAX_SEARCH_TEXT_CHARS} characters), not ${JSON.stringify(text)?.slice(0, 60) ?? String(text)}.`,
      {
        retriable: true,
        hint: 'search for plain text such as "TODO"; for a regular expression, read the files and test each line',
      },
    );
  return scanFiles(root, globArgument(glob, "search_files"), (line) => line.includes(text), {
    ...options,
    tool: "search_files",
    quick: (content) => content.includes(text),
  });
}

/** The optional glob argument of a search tool: every file when left out. */
export function globArgument(glob: unknown, tool: string, fallback = "**/*"): string {
  if (glob === undefined || glob === null) return fallback;
  if (typeof glob !== "string" || glob.trim() === "")
    throw new ToolError(
      "invalid_pattern",
      `${tool}'s glob must be a string such as "src/**/*.ts".`,
      {
        retriable: true,
      },
    );
  return glob;
}
