import type { WorkspaceRoot } from "../protect/confine-path.js";
import type { FileStaging } from "./file-staging.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { readTextFile } from "./read-text-file.js";
import { ToolError } from "../tool-error.js";

/**
 * The lines of a text as an editor shows them: split at `\n`, a `\r` before it dropped, and a
 * final newline ending the last line rather than starting an empty one. `""` has no lines.
 */
export function textLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/**
 * Lines `start` to `end` (1-based, both included) of a workspace text file, read as `read_file`
 * reads it (same path check, same refusals and size limit). A negative number counts from the
 * end (`-1` is the last line); `end` defaults to the last line. A range past the end is cut to
 * the lines there are, so `read_lines(p, 1, 20)` of a 3-line file gives 3 lines. With a `staging`
 * area, a file the run staged reads as staged, as `read_file` reads it.
 */
export async function readLines(
  root: string | WorkspaceRoot,
  requested: unknown,
  start: unknown,
  end: unknown,
  options: { maxReadBytes: number; protection: PathProtection; staging?: FileStaging },
): Promise<string[]> {
  checkLineNumber(start, "start");
  if (end !== undefined && end !== null) checkLineNumber(end, "end");
  const lines = textLines(await readTextFile(root, requested, options));
  const from = position(start as number, lines.length);
  const to =
    end === undefined || end === null ? lines.length : position(end as number, lines.length);
  return lines.slice(Math.max(from, 1) - 1, Math.max(to, 0));
}

/** A 1-based line number from a possibly negative one (`-1` is the last of `count` lines). */
function position(line: number, count: number): number {
  return line < 0 ? count + line + 1 : line;
}

function checkLineNumber(value: unknown, name: string): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value === 0)
    throw new ToolError(
      "invalid_argument",
      `read_lines(path, start, end?) needs ${name} as a whole number other than 0, not ${JSON.stringify(value) ?? String(value)}.`,
      {
        retriable: true,
        hint: "lines count from 1; negative numbers count from the end: read_lines(p, 1, 20) is the first 20 lines, read_lines(p, -10) the last 10",
      },
    );
}
