import type { WorkspaceRoot } from "../protect/confine-path.js";
import { listedFile, listForBulk, type BulkOptions } from "./bulk-listing.js";
import { eachInSlices } from "./each-in-slices.js";
import { globArgument } from "./search-files.js";
import { SKIPPED_REASONS } from "./skipped-files.js";
import { countLines } from "./count-lines.js";
import { countWalkedLines, isBinary } from "./walked-file.js";

/** One row of `line_counts`: a workspace-relative path and its number of lines. */
export interface LineCountRow {
  file: string;
  lines: number;
}

/**
 * Every text file `find_files(pattern, options)` would list (every file when the pattern is left
 * out) with its number of lines by `countLines`' rule, sorted by path. Files of any size are read
 * in pieces; a binary file (a NUL in its first 8 KiB) is left out and noted on the call, as is
 * what the walk leaves out. A file the run staged is counted as staged.
 */
export async function lineCounts(
  root: string | WorkspaceRoot,
  pattern: unknown,
  callOptions: unknown,
  options: BulkOptions,
): Promise<LineCountRow[]> {
  const tool = "line_counts";
  const listing = await listForBulk(root, globArgument(pattern, tool), callOptions, {
    ...options,
    tool,
  });
  const rows: LineCountRow[] = [];
  await eachInSlices(
    listing.files,
    (file) => {
      const { absolute, staged } = listedFile(listing, file, options.staging);
      const lines = staged === undefined ? countWalkedLines(absolute) : stagedLines(staged);
      if (typeof lines === "number") rows.push({ file, lines });
      else listing.skipped.add(lines.skipped);
    },
    { ...options, what: `${tool} counted every file` },
  );
  listing.skipped.report(options.call, listing.scope);
  return rows;
}

function stagedLines(text: string): number | { skipped: string } {
  return isBinary(Buffer.from(text.slice(0, 8192), "utf8"))
    ? { skipped: SKIPPED_REASONS.binary }
    : countLines(text);
}
