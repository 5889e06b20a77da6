import { readFile, stat } from "node:fs/promises";
import { confinePath } from "./confine-path.js";
import { ToolError } from "./tool-error.js";

/** How many leading bytes are checked for a NUL byte to tell binary files from text. */
export const BINARY_SNIFF_BYTES = 8192;

/** Reads a workspace text file: refuses directories, binary files (a NUL in the first 8 KiB) and files over `maxReadBytes`. */
export async function readTextFile(
  root: string,
  requested: unknown,
  options: { maxReadBytes: number },
): Promise<string> {
  const file = await confinePath(root, requested);
  const shown = String(requested);
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    throw fileError(error, shown, "read");
  }
  if (info.isDirectory())
    throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
      retriable: true,
      hint: `use find_files("${shown.replace(/[\\/]+$/, "")}/*") to list it`,
    });
  // A FIFO or device would block or never end; only regular files are read.
  if (!info.isFile())
    throw new ToolError("not_a_file", `'${shown}' is not a regular file.`, { retriable: true });
  if (info.size > options.maxReadBytes)
    throw new ToolError(
      "too_large",
      `'${shown}' is ${info.size} bytes; read_file reads files up to ${options.maxReadBytes} bytes.`,
      { hint: "read a smaller file" },
    );
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw fileError(error, shown, "read");
  }
  if (bytes.length > options.maxReadBytes)
    throw new ToolError("too_large", `'${shown}' grew past ${options.maxReadBytes} bytes.`);
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0))
    throw new ToolError("binary_file", `'${shown}' is a binary file, not text.`, {
      retriable: true,
      hint: "read_file reads text files only",
    });
  return bytes.toString("utf8");
}

/** Turns a Node file-system error into a `ToolError` for the program; a `ToolError` passes through. */
export function fileError(error: unknown, shown: string, action: "read" | "write"): ToolError {
  if (error instanceof ToolError) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === "ENOENT" || code === "ENOTDIR")
    return new ToolError("not_found", `No file '${shown}' in the workspace.`, {
      retriable: true,
      hint: "use find_files(pattern) to see which files exist",
      cause: error,
    });
  if (code === "EISDIR")
    return new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
      retriable: true,
      cause: error,
    });
  if (code === "EACCES" || code === "EPERM")
    return new ToolError("permission_denied", `lackpy may not ${action} '${shown}'.`, {
      cause: error,
    });
  return new ToolError(
    action === "read" ? "read_failed" : "write_failed",
    `Could not ${action} '${shown}': ${(error as Error)?.message ?? String(error)}.`,
    { cause: error },
  );
}
