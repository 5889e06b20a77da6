import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { confinePathSync, type WorkspaceRoot } from "../protect/confine-path.js";
import { checkWorkspacePath, type PathProtection } from "../protect/protected-paths.js";
import { fileError } from "./file-error.js";
import type { FileStaging } from "./file-staging.js";
import { ToolError } from "../tool-error.js";
import { refusedReason, SKIPPED_REASONS, type SkippedTally } from "./skipped-files.js";

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
 * `maxEntries` is `too_many_results`. With a `staging` area, the files the run staged in the
 * folder, and the folders it made by staging files below it, are listed too (through the same
 * entry check); a folder made only by staged files is a folder, a staged file is not one. With
 * `skipped`, the entries left out are counted by reason.
 */
export function listFolder(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: {
    protection: PathProtection;
    maxEntries: number;
    staging?: FileStaging;
    skipped?: SkippedTally;
  },
): FolderEntry[] {
  const given = requested === undefined || requested === null ? "." : requested;
  const folder = confinePathSync(root, given, { protection: options.protection, folder: true });
  const shown = String(given);
  const relative = workspaceRelative(shown);
  const { staging } = options;
  if (staging?.get(folder)) throw notAFolder(shown);
  const listed = new Map<string, FolderEntry>();
  const add = (name: string, kind: FolderEntry["kind"]) => {
    const child = relative ? `${relative}/${name}` : name;
    const problem = checkWorkspacePath(child, options.protection, { folder: kind === "folder" });
    if (problem && !listed.has(name)) options.skipped?.add(refusedReason(problem, name));
    if (listed.has(name) || problem) return;
    listed.set(name, { name, path: child, kind });
    if (listed.size > options.maxEntries)
      throw new ToolError(
        "too_many_results",
        `'${shown}' holds more than ${options.maxEntries} entries.`,
        { retriable: true, hint: "use find_files with a narrower pattern" },
      );
  };
  const onDisk = new Set<string>();
  for (const entry of diskEntries(folder, shown, staging)) {
    onDisk.add(entry.name);
    if (entry.isFile() || entry.isDirectory()) add(entry.name, entry.isFile() ? "file" : "folder");
    else options.skipped?.add(SKIPPED_REASONS.notRegular);
  }
  // What the disk held in the folder: a file of it not listed was missing.
  staging?.noteListing({
    shows: (file) => path.dirname(file) === folder,
    has: (file) => onDisk.has(path.basename(file)),
    check: {
      kind: "folder",
      target: relative || ".",
      shown: [...onDisk].map((name) => (relative ? `${relative}/${name}` : name)),
    },
  });
  // A name on disk is listed as it is there; a staged file replaces a file, never a folder.
  if (staging) for (const [name, kind] of stagedEntries(staging, folder)) add(name, kind);
  return [...listed.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The folder's entries on disk; none for a folder that exists only as the folder of staged files. */
function diskEntries(folder: string, shown: string, staging: FileStaging | undefined) {
  try {
    if (!statSync(folder).isDirectory()) throw notAFolder(shown);
    return readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      if (staging?.hasFilesUnder(folder)) return [];
      throw new ToolError("not_found", `No folder '${shown}' in the workspace.`, {
        cause: error,
        retriable: true,
        hint: 'use list_folder(".") to see the folders at the root',
      });
    }
    throw fileError(error, shown, "read");
  }
}

/** The entries the run's staged files make directly in the real path `folder`: a staged file, or the first folder on the way to one. */
function stagedEntries(staging: FileStaging, folder: string): Map<string, FolderEntry["kind"]> {
  const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
  const entries = new Map<string, FolderEntry["kind"]>();
  for (const staged of staging.list()) {
    if (!staged.file.startsWith(prefix)) continue;
    const rest = staged.file.slice(prefix.length);
    const separator = rest.indexOf(path.sep);
    if (separator < 0) entries.set(rest, "file");
    else entries.set(rest.slice(0, separator), "folder");
  }
  return entries;
}

function notAFolder(shown: string): ToolError {
  return new ToolError("not_a_folder", `'${shown}' is a file, not a folder.`, {
    retriable: true,
    hint: `use read_file("${shown}") to read it`,
  });
}

/** The `/`-separated workspace-relative form of a path the confinement accepted (`""` for the root). */
function workspaceRelative(requested: string): string {
  const normalised = path.posix.normalize(requested.replace(/\\/g, "/"));
  return normalised === "." || normalised === "./" ? "" : normalised.replace(/^\.\/|\/+$/g, "");
}
