import { monotonicMs } from "@lackpy/lang";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { BINARY_SNIFF_BYTES } from "./file-state.js";
import type { FileStaging } from "./file-staging.js";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";

// As `read_file` opens: a FIFO swapped in must not block, a symlink swapped in is not followed.
const SNIFF_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** What `keepTextFiles` needs besides the root and the paths. */
export interface KeepTextFilesOptions {
  /** The largest file `read_file` reads: a larger one is not kept. */
  maxReadBytes: number;
  staging?: FileStaging;
  signal?: AbortSignal;
  /** Synchronous sniffing between two turns of the event loop, in ms. */
  sliceMs: number;
}

/**
 * The paths among `paths` (workspace-relative, found under the real root `realRoot`) that
 * `read_file` reads as text: a regular file of at most `maxReadBytes` with no NUL byte in its
 * first 8 KiB, the rule `read_file` refuses binary files by. A file the run staged is judged by
 * its staged content; one that cannot be opened is left out. Reads at most 8 KiB of each file.
 */
export async function keepTextFiles(
  realRoot: string,
  paths: readonly string[],
  options: KeepTextFilesOptions,
): Promise<string[]> {
  const kept: string[] = [];
  let sliceStart = monotonicMs();
  for (const relative of paths) {
    if (monotonicMs() - sliceStart >= options.sliceMs) {
      await nextTurn();
      sliceStart = monotonicMs();
      refuseWhenAborted(options.signal, "the search finished");
    }
    const file = path.join(realRoot, relative);
    const staged = options.staging?.get(file);
    const text = staged
      ? isText(Buffer.from(staged.content, "utf8"), options)
      : sniff(file, options);
    if (text) kept.push(relative);
  }
  return kept;
}

function isText(bytes: Buffer, options: KeepTextFilesOptions): boolean {
  return bytes.length <= options.maxReadBytes && !bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** True when the file on disk is a regular file `read_file` reads as text. */
function sniff(file: string, options: KeepTextFilesOptions): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, SNIFF_FLAGS);
  } catch {
    return false;
  }
  try {
    const info = fstatSync(descriptor);
    if (!info.isFile() || info.size > options.maxReadBytes) return false;
    const buffer = Buffer.alloc(Math.min(BINARY_SNIFF_BYTES, info.size));
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return !buffer.subarray(0, length).includes(0);
  } catch {
    return false;
  } finally {
    closeSync(descriptor);
  }
}
