import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  read,
  readSync,
  statSync,
  type Stats,
} from "node:fs";
import { confinePathSync, type WorkspaceRoot } from "../protect/confine-path.js";
import { fileError } from "./file-error.js";
import { BINARY_SNIFF_BYTES } from "./file-state.js";
import type { FileStaging } from "./file-staging.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { ToolError } from "../tool-error.js";

/**
 * How many bytes of a file `read_file` reads synchronously: a file up to this size is read in one
 * synchronous call (microseconds from the page cache), a larger one's rest in asynchronous chunks
 * of this size, so no call blocks the host's event loop for long.
 */
export const SYNC_READ_BYTES = 1024 * 1024;

// O_NONBLOCK: a file swapped for a FIFO after the stat must not block the open.
// O_NOFOLLOW: the confined path is real, so a symlink in its last name was swapped in after the check.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Reads a workspace text file: refuses protected paths, directories, binary files (a NUL in the
 * first 8 KiB) and files over `maxReadBytes`. The path is checked by `confinePathSync`, stat'ed
 * (so a FIFO or device is never opened), opened, and checked again on the open descriptor;
 * everything after that check is read from the same descriptor. With a `staging` area, a file the
 * run staged reads as staged (after the same path check, with the same size and binary checks),
 * and a folder it made by staging files is a folder.
 */
export async function readTextFile(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: { maxReadBytes: number; protection: PathProtection; staging?: FileStaging },
): Promise<string> {
  const file = confinePathSync(root, requested, { protection: options.protection });
  const shown = String(requested);
  const staged = options.staging?.get(file);
  if (staged) return stagedText(staged.content, shown, options.maxReadBytes);
  let descriptor: number;
  try {
    refuseUnreadable(statSync(file), shown, options.maxReadBytes);
    descriptor = openSync(file, READ_FLAGS);
  } catch (error) {
    if (options.staging?.hasFilesUnder(file))
      throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
        retriable: true,
        hint: `use find_files("${shown.replace(/[\\/]+$/, "")}/*") to list it`,
      });
    throw fileError(error, shown, "read");
  }
  let bytes: Buffer;
  try {
    // The same checks on what was opened: the path may have changed since the stat.
    const info = fstatSync(descriptor);
    refuseUnreadable(info, shown, options.maxReadBytes);
    bytes = await readDescriptor(descriptor, info.size, options.maxReadBytes, shown);
  } catch (error) {
    throw fileError(error, shown, "read");
  } finally {
    closeSync(descriptor);
  }
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0))
    throw new ToolError("binary_file", `'${shown}' is a binary file, not text.`, {
      retriable: true,
      hint: "read_file reads text files only",
    });
  return bytes.toString("utf8");
}

/** A staged file's text, refused as the same file on disk would be: over the limit, or binary. */
function stagedText(content: string, shown: string, maxReadBytes: number): string {
  const sizeBytes = Buffer.byteLength(content, "utf8");
  if (sizeBytes > maxReadBytes)
    throw new ToolError(
      "too_large",
      `'${shown}' is ${sizeBytes} bytes; read_file reads files up to ${maxReadBytes} bytes.`,
      { hint: "read a smaller file" },
    );
  if (
    Buffer.from(content.slice(0, BINARY_SNIFF_BYTES), "utf8")
      .subarray(0, BINARY_SNIFF_BYTES)
      .includes(0)
  )
    throw new ToolError("binary_file", `'${shown}' is a binary file, not text.`, {
      retriable: true,
      hint: "read_file reads text files only",
    });
  return content;
}

/** Throws the `ToolError` for a folder, anything but a regular file, or a file over the limit. */
function refuseUnreadable(info: Stats, shown: string, maxReadBytes: number): void {
  if (info.isDirectory())
    throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, {
      retriable: true,
      hint: `use find_files("${shown.replace(/[\\/]+$/, "")}/*") to list it`,
    });
  // A FIFO or device would block or never end; only regular files are read.
  if (!info.isFile())
    throw new ToolError("not_a_file", `'${shown}' is not a regular file.`, { retriable: true });
  if (info.size > maxReadBytes)
    throw new ToolError(
      "too_large",
      `'${shown}' is ${info.size} bytes; read_file reads files up to ${maxReadBytes} bytes.`,
      { hint: "read a smaller file" },
    );
}

/**
 * Reads an open file to its end, at most `maxReadBytes` (one byte more tells that it grew past
 * the limit). The first `SYNC_READ_BYTES` are read synchronously, the rest asynchronously.
 */
async function readDescriptor(
  descriptor: number,
  sizeBytes: number,
  maxReadBytes: number,
  shown: string,
): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(sizeBytes, maxReadBytes) + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > maxReadBytes)
        throw new ToolError("too_large", `'${shown}' grew past ${maxReadBytes} bytes.`);
      // The file grew since the fstat: make room for more.
      const grown = Buffer.allocUnsafe(Math.min(length * 2, maxReadBytes + 1));
      buffer.copy(grown);
      buffer = grown;
    }
    const count = Math.min(buffer.length - length, SYNC_READ_BYTES);
    const bytesRead =
      length + count <= SYNC_READ_BYTES + 1
        ? readSync(descriptor, buffer, length, count, length)
        : await readAsync(descriptor, buffer, length, count);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
  }
}

function readAsync(
  descriptor: number,
  buffer: Buffer,
  offset: number,
  count: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    read(descriptor, buffer, offset, count, offset, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });
}
