import { statSync } from "node:fs";
import { confinePathSync, type WorkspaceRoot } from "../protect/confine-path.js";
import { fileError } from "./file-error.js";
import type { FileStaging } from "./file-staging.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { ToolError } from "../tool-error.js";

/**
 * The size of a workspace file in bytes, from one `stat` (the file is not opened, so binary and
 * large files have sizes too). The path goes through `confinePathSync` like every file tool's;
 * folders and anything but a regular file are refused. With a `staging` area, a file the run
 * staged measures its staged text's UTF-8 bytes, and a folder it made by staging files is a folder.
 */
export function fileSize(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: { protection: PathProtection; staging?: FileStaging },
): number {
  const file = confinePathSync(root, requested, { protection: options.protection });
  const shown = String(requested);
  const staged = options.staging?.get(file);
  if (staged) return Buffer.byteLength(staged.content, "utf8");
  try {
    const info = statSync(file);
    if (info.isDirectory()) throw isDirectory(shown);
    if (!info.isFile())
      throw new ToolError("not_a_file", `'${shown}' is not a regular file.`, { retriable: true });
    return info.size;
  } catch (error) {
    if (!ToolError.is(error) && options.staging?.hasFilesUnder(file)) throw isDirectory(shown);
    throw fileError(error, shown, "read");
  }
}

function isDirectory(shown: string): ToolError {
  return new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
    retriable: true,
    hint: `use list_folder("${shown.replace(/[\\/]+$/, "")}") to see what it holds`,
  });
}
