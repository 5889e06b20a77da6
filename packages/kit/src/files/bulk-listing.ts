import path from "node:path";
import type { ConfinedFolders, WorkspaceRoot } from "../protect/confine-path.js";
import type { PathProtection } from "../protect/protected-paths.js";
import type { FileStaging } from "./file-staging.js";
import { entryPath, listFiles } from "./find-files.js";
import type { SliceOptions } from "./each-in-slices.js";
import { SkippedTally } from "./skipped-files.js";
import { checkCallOptions } from "./walk-options.js";

/** What a bulk tool (`file_sizes`, `line_counts`, `search_files`, `definitions_of`) needs besides the root. */
export interface BulkOptions extends SliceOptions {
  protection: PathProtection;
  maxFindResults: number;
  /** The run's staging area: its files are found and read as staged. */
  staging?: FileStaging;
  folders?: ConfinedFolders;
  /** The tool call's `this`: what the call leaves out is noted on it (`noteSkipped`). */
  call?: unknown;
}

/** The files a bulk tool works on: sorted, with the real root, the tally of what was left out, and the scope the run counts it under. */
export interface BulkListing {
  files: string[];
  start: string;
  skipped: SkippedTally;
  scope: string;
}

/**
 * Lists the files of a bulk tool's call with `listFiles` (the same walk, checks and refusals as
 * `find_files`), counting what it leaves out. The scope is the pattern and whether ignored files
 * were included: calls of any bulk tool over the same scope leave out the same files.
 */
export async function listForBulk(
  root: string | WorkspaceRoot,
  pattern: unknown,
  callOptions: unknown,
  options: BulkOptions & { tool: string },
): Promise<BulkListing> {
  const skipped = new SkippedTally();
  const { files, start } = await listFiles(root, pattern, { ...options, skipped }, callOptions);
  const ignored = checkCallOptions(callOptions, options.tool).include_ignored === true;
  const scope = String(pattern);
  return { files, start, skipped, scope: ignored ? `${scope} (ignored included)` : scope };
}

/** The absolute path of a listed file, and its staged text when the run staged it. */
export function listedFile(
  listing: BulkListing,
  file: string,
  staging: FileStaging | undefined,
): { absolute: string; staged: string | undefined } {
  const absolute = entryPath(
    listing.start,
    path.sep === "/" ? file : file.split("/").join(path.sep),
  );
  return { absolute, staged: staging?.get(absolute)?.content };
}
