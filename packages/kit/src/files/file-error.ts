import { ToolError } from "../tool-error.js";

/** Longest file or folder name most file systems take, in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;

/**
 * Turns a Node file-system error into a `ToolError` for the program; a `ToolError` passes
 * through. The message names the workspace-relative path the program gave (`shown`) and never
 * Node's own message, which holds absolute host paths.
 */
export function fileError(error: unknown, shown: string, action: "read" | "write"): ToolError {
  if (ToolError.is(error)) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  const options = { cause: error };
  switch (code) {
    case "ENOENT":
    case "ENOTDIR":
      return action === "read"
        ? new ToolError("not_found", `No file '${shown}' in the workspace.`, {
            ...options,
            retriable: true,
            hint: "use find_files(pattern) to see which files exist",
          })
        : new ToolError(
            "not_a_folder",
            `Could not write '${shown}': a folder on its path is missing or is a file.`,
            {
              ...options,
              retriable: true,
              hint: "write next to existing files, or to a new folder",
            },
          );
    case "EISDIR":
      return new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
        ...options,
        retriable: true,
      });
    case "EACCES":
    case "EPERM":
      return new ToolError("permission_denied", `lackpy may not ${action} '${shown}'.`, options);
    case "EROFS":
      return new ToolError(
        "read_only",
        `Could not write '${shown}': the file system is read-only.`,
        options,
      );
    case "ENAMETOOLONG":
      return nameTooLong(shown, options);
    case "ELOOP":
      return new ToolError("invalid_path", `'${shown}' goes through a loop of symlinks.`, {
        ...options,
        retriable: true,
      });
    case "ENOSPC":
    case "EDQUOT":
      return new ToolError(
        "write_failed",
        `Could not write '${shown}': the disk is full.`,
        options,
      );
    default:
      return new ToolError(
        action === "read" ? "read_failed" : "write_failed",
        `Could not ${action} '${shown}' (${code ?? "unexpected error"}).`,
        options,
      );
  }
}

/** The `name_too_long` error for a path with a name over `MAX_NAME_BYTES` (or a path the system finds too long). */
export function nameTooLong(shown: string, options: { cause?: unknown } = {}): ToolError {
  return new ToolError(
    "name_too_long",
    `'${shortened(shown)}' has a file or folder name longer than ${MAX_NAME_BYTES} bytes, or is too long a path.`,
    { ...options, retriable: true, hint: "use shorter names" },
  );
}

/** A tool's argument as an error message shows it: as JSON, its first 60 characters. */
export function shownArgument(value: unknown): string {
  return JSON.stringify(value)?.slice(0, 60) ?? String(value);
}

function shortened(shown: string): string {
  return shown.length > 120 ? `${shown.slice(0, 60)}…${shown.slice(-40)}` : shown;
}
