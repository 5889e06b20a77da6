import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { confinePathSync, type WorkspaceRoot } from "../protect/confine-path.js";
import { checkWorkspacePath, type PathProtection } from "../protect/protected-paths.js";
import { fileError } from "./file-error.js";
import { ToolError } from "../tool-error.js";

/** One entry of a folder listing: its name, workspace-relative path and kind. */
export interface FolderEntry {
  name: string;
  path: string;
  kind: "file" | "folder";
}

/**
 * The files and folders directly in a workspace folder (the root for `""` or `"."`), sorted by
 * name. The folder goes through `confinePathSync`; each entry through `checkWorkspacePath`, so
 * protected entries are left out, as `find_files` leaves them out. Symlinks, sockets and other
 * special entries are not listed (symlinks are never followed by a listing). More entries than
 * `maxEntries` is `too_many_results`.
 */
export function listFolder(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: { protection: PathProtection; maxEntries: number },
): FolderEntry[] {
  const given = requested === undefined || requested === null ? "." : requested;
  const folder = confinePathSync(root, given, { protection: options.protection });
  const shown = String(given);
  const relative = workspaceRelative(shown);
  let entries;
  try {
    if (!statSync(folder).isDirectory())
      throw new ToolError("not_a_folder", `'${shown}' is a file, not a folder.`, {
        retriable: true,
        hint: `use read_file("${shown}") to read it`,
      });
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code;
    if (code === "ENOENT" || code === "ENOTDIR")
      throw new ToolError("not_found", `No folder '${shown}' in the workspace.`, {
        cause: error,
        retriable: true,
        hint: 'use list_folder(".") to see the folders at the root',
      });
    throw fileError(error, shown, "read");
  }
  const listed: FolderEntry[] = [];
  for (const entry of entries) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (!entry.isFile() && !entry.isDirectory()) continue;
    if (checkWorkspacePath(child, options.protection)) continue;
    listed.push({ name: entry.name, path: child, kind: entry.isFile() ? "file" : "folder" });
    if (listed.length > options.maxEntries)
      throw new ToolError(
        "too_many_results",
        `'${shown}' holds more than ${options.maxEntries} entries.`,
        { retriable: true, hint: "use find_files with a narrower pattern" },
      );
  }
  return listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The `/`-separated workspace-relative form of a path the confinement accepted (`""` for the root). */
function workspaceRelative(requested: string): string {
  const normalised = path.posix.normalize(requested.replace(/\\/g, "/"));
  return normalised === "." || normalised === "./" ? "" : normalised.replace(/^\.\/|\/+$/g, "");
}
