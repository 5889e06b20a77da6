import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { CliIo } from "../io/cli-io.js";
import { UsageError } from "./usage-error.js";

/** Largest program file the CLI reads. */
export const MAX_PROGRAM_BYTES = 1_048_576;

/** Reads a program from a file or `-` (stdin); refuses files that are missing, too large or not UTF-8 text. */
export async function readProgram(
  file: string | undefined,
  io: CliIo,
): Promise<{ source: string; name: string }> {
  if (!file)
    throw new UsageError("Missing the program: give a file path, or - to read standard input.");
  let bytes: Uint8Array;
  const name = file === "-" ? "<stdin>" : file;
  if (file === "-") {
    bytes = await io.readStdin();
  } else {
    const resolved = path.resolve(io.cwd, file);
    try {
      const info = await stat(resolved);
      if (info.isDirectory()) throw new UsageError(`${file} is a directory, not a program file.`);
      if (info.size > MAX_PROGRAM_BYTES)
        throw new UsageError(`${file} is over 1 MiB; lackpy programs are short.`);
      bytes = await readFile(resolved);
    } catch (error) {
      if (UsageError.is(error)) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(
        `Cannot read ${file}: ${code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (error as Error).message}.`,
      );
    }
  }
  if (bytes.byteLength > MAX_PROGRAM_BYTES)
    throw new UsageError(`${name} is over 1 MiB; lackpy programs are short.`);
  try {
    return {
      source: new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, ""),
      name,
    };
  } catch {
    throw new UsageError(`${name} is not UTF-8 text.`);
  }
}
