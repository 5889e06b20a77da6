import type { WorkspaceRoot } from "../protect/confine-path.js";
import { listedFile, listForBulk, type BulkOptions } from "./bulk-listing.js";
import { eachInSlices } from "./each-in-slices.js";
import { textLines } from "./read-lines.js";
import { isBinary, readWalkedBytes } from "./walked-file.js";
import { SKIPPED_REASONS, overLimitReason } from "./skipped-files.js";
import { ToolError } from "../tool-error.js";
import { shownArgument } from "./file-error.js";

/** Most rows `search_files` and `definitions_of` return; a search with more is refused with a hint to narrow it. */
export const MAX_SEARCH_RESULTS = 100_000;
/** Longest line text a search row carries; a longer line (minified code) is cut, with `…`. */
export const MAX_LINE_CHARS = 500;
/** Longest text `search_files` looks for. */
export const MAX_SEARCH_TEXT_CHARS = 1000;

/** One line a search found: the file (workspace-relative), its 1-based line number and its trimmed text. */
export interface SearchHit {
  file: string;
  line: number;
  text: string;
  /** `importers_of`: how the line imports (`import`, `export`, `require`). `definitions_of`: what the line defines (`function`, `class`, `method`, `property`, `variable`, `interface`, `type`, `enum`, `namespace`), when known. */
  kind?: string;
  /** `definitions_of`: true for a definition inside the closure that wraps a whole file (a bundle or UMD build). */
  bundled?: boolean;
  /** `definitions_of`: true for a definition inside a function (a local helper or variable), not at the top level or as a class's member. */
  local?: boolean;
  /** `definitions_of`: true for a binding declared without a value (`let X;`), assigned somewhere else. */
  unassigned?: boolean;
}

/** What a scan of workspace files needs besides the root. */
export interface ScanOptions extends BulkOptions {
  /** Largest file read; a larger one is left out (and noted). */
  maxReadBytes: number;
}

/**
 * Every line of the files matching `glob` that passes `test`, as `{ file, line, text }` rows in
 * file and line order. Files come from the walk of `find_files` (`listForBulk`: protected paths
 * are never read, and what it leaves out is noted on the call), each is read once from a
 * descriptor opened without following a symlink (`readWalkedBytes`); a file that does not
 * contain `needle` (compared as UTF-8 bytes) is never decoded or split. Binary files, files over
 * the read limit and files that cannot be read are left out and noted. With a `staging` area the
 * run's staged files are listed and searched as staged. The work is bounded by the call's time
 * (its signal is checked as it goes) and by `MAX_SEARCH_RESULTS` rows, past which a `ToolError`
 * says how to narrow the search.
 */
export async function scanFiles(
  root: string | WorkspaceRoot,
  glob: string,
  test: (line: string) => boolean,
  options: ScanOptions & {
    tool: string;
    needle: string;
    /** The 1-based lines of a file that match, each with what it is, read from the whole text (a parser's answer); null to test each line. */
    matchLines?: (text: string, file: string) => readonly LineMatch[] | null;
    /** What a line found by `test` is (a row's `kind`), when the tool says. */
    kindOf?: (line: string) => string | undefined;
  },
): Promise<SearchHit[]> {
  const listing = await listForBulk(root, glob, undefined, options);
  const hits: SearchHit[] = [];
  const needle = Buffer.from(options.needle, "utf8");
  // Invalid UTF-8 decodes to U+FFFD, which the bytes do not hold: such a needle is looked for in text.
  const inBytes = !options.needle.includes("\uFFFD");
  const search = (file: string, text: string) => {
    const matched = options.matchLines?.(text, file) ?? null;
    const wanted = matched === null ? null : byLine(matched);
    for (const [index, line] of textLines(text).entries()) {
      if (wanted ? !wanted.has(index + 1) : !test(line)) continue;
      // Two things on one line ("import a from 'x'; export { b } from 'x'"): a row for each kind.
      for (const found of wanted?.get(index + 1) ?? [undefined]) {
        const kind = wanted ? found?.kind : options.kindOf?.(line);
        hits.push({
          file,
          line: index + 1,
          text: shortened(line.trim()),
          ...(kind === undefined ? {} : { kind }),
          ...(found?.bundled ? { bundled: true } : {}),
          ...(found?.local ? { local: true } : {}),
          ...(found?.unassigned ? { unassigned: true } : {}),
        });
      }
      if (hits.length > MAX_SEARCH_RESULTS)
        throw new ToolError(
          "too_many_results",
          `${options.tool} found more than ${MAX_SEARCH_RESULTS} lines in files matching '${glob}'.`,
          { retriable: true, hint: "search for something more specific, or pass a narrower glob" },
        );
    }
  };
  await eachInSlices(
    listing.files,
    (file) => {
      const { absolute, staged } = listedFile(listing, file, options.staging);
      if (staged !== undefined) {
        const skipped = stagedSkip(staged, options.maxReadBytes);
        if (skipped) listing.skipped.add(skipped);
        else if (staged.includes(options.needle)) search(file, staged);
        return;
      }
      const read = readWalkedBytes(absolute, options.maxReadBytes);
      if ("skipped" in read) listing.skipped.add(read.skipped);
      else if (!inBytes || read.bytes.includes(needle)) {
        const text = read.bytes.toString("utf8");
        if (text.includes(options.needle)) search(file, text);
      }
    },
    { ...options, what: `${options.tool} finished` },
  );
  listing.skipped.report(options.call, listing.scope);
  return hits;
}

type LineMatch = { line: number; kind?: string; bundled?: true; local?: true; unassigned?: true };

/** The matches of each line, one per kind (the first of each), in the order found. */
function byLine(matched: readonly LineMatch[]): Map<number, LineMatch[]> {
  const lines = new Map<number, LineMatch[]>();
  for (const hit of matched) {
    const same = lines.get(hit.line) ?? [];
    if (!same.some((other) => other.kind === hit.kind)) same.push(hit);
    lines.set(hit.line, same);
  }
  return lines;
}

/** Why a staged text is left out as the same file on disk would be (over the limit, binary), or null. */
function stagedSkip(text: string, maxReadBytes: number): string | null {
  if (Buffer.byteLength(text, "utf8") > maxReadBytes) return overLimitReason(maxReadBytes);
  return isBinary(Buffer.from(text.slice(0, 8192), "utf8")) ? SKIPPED_REASONS.binary : null;
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
      `search_files(text, glob?) needs text as a non-empty string of one line (at most ${MAX_SEARCH_TEXT_CHARS} characters), not ${shownArgument(text)}.`,
      {
        retriable: true,
        hint: 'search for plain text such as "TODO"; for a regular expression, read the files and test each line',
      },
    );
  return scanFiles(root, globArgument(glob, "search_files"), (line) => line.includes(text), {
    ...options,
    tool: "search_files",
    needle: text,
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
