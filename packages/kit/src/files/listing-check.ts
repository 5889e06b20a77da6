import type { WorkspaceRoot } from "../protect/confine-path.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { ToolError } from "../tool-error.js";
import type { ListingCheck } from "./file-staging.js";
import { listFiles } from "./find-files.js";
import { listFolder } from "./list-folder.js";

/** What taking a listing again needs: the workspace's protection and the largest listing. */
export interface ListingAgainOptions {
  protection: PathProtection;
  maxEntries: number;
}

/**
 * The first file (by path) the listing shows on the disk now and did not show then, leaving out
 * `changed` (what the landing itself changes); null when there is none. A folder listed then that
 * is gone now shows no file. A listing that now holds more than `maxEntries` names its target: more
 * files are there than then.
 */
export async function fileListedSince(
  root: string | WorkspaceRoot,
  check: ListingCheck,
  options: ListingAgainOptions,
  changed: ReadonlySet<string>,
): Promise<string | null> {
  const shown = new Set(check.shown);
  let now: string[];
  try {
    now =
      check.kind === "walk"
        ? (
            await listFiles(
              root,
              check.target,
              {
                protection: options.protection,
                maxFindResults: options.maxEntries,
                tool: "find_files",
              },
              check.options,
            )
          ).files
        : listFolder(root, check.target, options)
            .filter((entry) => entry.kind === "file")
            .map((entry) => entry.path);
  } catch (error) {
    if (ToolError.is(error) && error.code === "not_found") return null;
    if (ToolError.is(error) && error.code === "too_many_results") return check.target;
    throw error;
  }
  return now.find((file) => !shown.has(file) && !changed.has(file)) ?? null;
}
