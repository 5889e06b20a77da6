import { realpathSync } from "node:fs";
import path from "node:path";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { fileError } from "./file-error.js";
import { readFileBefore, sameState } from "./file-state.js";
import type { FileStaging } from "./file-staging.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";
import { ToolError } from "../tool-error.js";
import { checkContent, checkWriteFolder, checkWriteTarget } from "./write-text-file.js";

/** What `stageTextFile` needs besides the path and content. */
export interface StageTextFileOptions {
  protection: PathProtection;
  staging: FileStaging;
  /** Largest file kept as text for diffs (the read limit of `read_file`). */
  maxTextBytes: number;
  /** The tool call's signal: once aborted, nothing is staged. */
  signal?: AbortSignal;
}

/**
 * `write_file` into a run's staging area instead of the disk. Everything a direct write checks is
 * checked first, in the same order and with the same errors (the one path check for writing,
 * read-only files, folders on the way), against the disk and against what the run
 * already staged (a staged file is no folder to write into, a folder of staged files no file);
 * then the disk's content is read once, as the file's before-image, and the new content staged.
 * A file the run read before it wrote it must still hold what the run read (`stale_change`
 * otherwise): the content written was made from that, and would drop what another change
 * wrote in between.
 */
export async function stageTextFile(
  root: string | WorkspaceRoot,
  requested: unknown,
  content: unknown,
  options: StageTextFileOptions,
): Promise<number> {
  const text = checkContent(content);
  const shown = String(requested);
  refuseWhenAborted(options.signal, `'${shown}' was written`);
  const { file } = checkWriteTarget(root, requested, options);
  const { staging } = options;
  if (staging.fileAbove(file))
    throw new ToolError(
      "not_a_folder",
      `Could not write '${shown}': a part of its path is a file, not a folder.`,
      { retriable: true, hint: "write next to existing files, or to a new folder" },
    );
  if (staging.hasFilesUnder(file))
    throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, { retriable: true });
  checkWriteFolder(file, shown);
  let before = staging.get(file)?.before;
  if (!before) {
    try {
      before = await readFileBefore(file, options.maxTextBytes);
    } catch (error) {
      throw fileError(error, shown, "write");
    }
    const read = staging.readState(file, workspaceRelative(root, file));
    if (read && !sameState(read, before.state))
      throw new ToolError(
        "stale_change",
        read.exists
          ? `'${shown}' was changed by someone else after this run read it; nothing was written.`
          : `'${shown}' was created by someone else after this run found it missing; nothing was written.`,
        { hint: "run the program again to work on what the file holds now" },
      );
  }
  refuseWhenAborted(options.signal, `'${shown}' was written`);
  staging.stage(file, workspaceRelative(root, file), before, text);
  return Buffer.byteLength(text, "utf8");
}

/** The `/`-separated path of a real path under the workspace's real root. */
export function workspaceRelative(root: string | WorkspaceRoot, file: string): string {
  return path.relative(realRootOf(root), file).split(path.sep).join("/");
}

/** The workspace's real root: remembered by a `WorkspaceRoot` after a path check, else resolved. */
export function realRootOf(root: string | WorkspaceRoot): string {
  return typeof root === "string"
    ? realpathSync.native(root)
    : (root.realPath ?? realpathSync.native(root.path));
}
