import { readFile, stat } from "node:fs/promises";
import { confinePath } from "./confine-path.js";
import { fileError } from "./file-error.js";
import type { PathProtection } from "./protected-paths.js";
import { ToolError } from "./tool-error.js";

/** How many leading bytes are checked for a NUL byte to tell binary files from text. */
export const BINARY_SNIFF_BYTES = 8192;

/** Reads a workspace text file: refuses protected paths, directories, binary files (a NUL in the first 8 KiB) and files over `maxReadBytes`. */
export async function readTextFile(
  root: string,
  requested: unknown,
  options: { maxReadBytes: number; protection: PathProtection },
): Promise<string> {
  const file = await confinePath(root, requested, { protection: options.protection });
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
