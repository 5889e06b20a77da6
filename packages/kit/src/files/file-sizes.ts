import type { WorkspaceRoot } from "../protect/confine-path.js";
import { listedFile, listForBulk, type BulkOptions } from "./bulk-listing.js";
import { eachInSlices } from "./each-in-slices.js";
import { globArgument } from "./search-files.js";
import { walkedFileSize } from "./walked-file.js";

/** One row of `file_sizes`: a workspace-relative path and its size in bytes. */
export interface FileSizeRow {
  file: string;
  size: number;
}

/**
 * Every file `find_files(pattern, options)` would list (every file when the pattern is left out)
 * with its size in bytes, sorted by path: one `lstat` a file, no file opened, so binary files
 * have sizes too; a file the run staged measures its staged text's UTF-8 bytes. What the walk
 * leaves out, and files that changed since (no longer regular, gone), are noted on the call.
 */
export async function fileSizes(
  root: string | WorkspaceRoot,
  pattern: unknown,
  callOptions: unknown,
  options: BulkOptions,
): Promise<FileSizeRow[]> {
  const tool = "file_sizes";
  const listing = await listForBulk(root, globArgument(pattern, tool), callOptions, {
    ...options,
    tool,
  });
  const rows: FileSizeRow[] = [];
  await eachInSlices(
    listing.files,
    (file) => {
      const { absolute, staged } = listedFile(listing, file, options.staging);
      const size = staged === undefined ? walkedFileSize(absolute) : Buffer.byteLength(staged);
      if (typeof size === "number") rows.push({ file, size });
      else listing.skipped.add(size.skipped);
    },
    { ...options, what: `${tool} measured every file` },
  );
  listing.skipped.report(options.call, listing.scope);
  return rows;
}
