/**
 * `edit_file(path, old, new, options?)` as agents' own edit tools behave: `old` must occur in
 * the file exactly once, or the call fails and the file is unchanged. Not found is
 * `edit_not_found`; found more than once is `edit_ambiguous`, with the count and the first
 * matching lines, unless `{ all: true }` asks for every occurrence. Occurrences are counted left
 * to right without overlapping, as `text.split(old)` finds them, and replaced literally (`$&` in
 * `new` is two characters, not a pattern). The result is the number of occurrences replaced.
 */
import { ToolError } from "../tool-error.js";

/** Most matching lines an `edit_ambiguous` message quotes. */
export const AMBIGUOUS_LINES_SHOWN = 3;

/** Longest piece of `old` or of a matching line a message quotes. */
const QUOTED_CHARS = 60;

/** The checked arguments of an edit: `old`, `new` and whether every occurrence is replaced. */
export interface EditRequest {
  old: string;
  replacement: string;
  all: boolean;
}

/** Checks `edit_file`'s arguments after the path: `old` non-empty, `new` a string, options `{ all?: boolean }`. */
export function checkEditArguments(
  old: unknown,
  replacement: unknown,
  options: unknown,
): EditRequest {
  if (typeof old !== "string" || old === "" || typeof replacement !== "string")
    throw new ToolError(
      "invalid_argument",
      "edit_file(path, old, new, options?) needs old (non-empty) and new as strings.",
      { retriable: true, hint: 'e.g. edit_file("src/app.ts", "port = 80", "port = 8080")' },
    );
  if (options === undefined || options === null) return { old, replacement, all: false };
  const keys = typeof options === "object" && !Array.isArray(options) ? Object.keys(options) : null;
  const all = (options as { all?: unknown }).all;
  if (
    keys === null ||
    keys.some((key) => key !== "all") ||
    !(all === undefined || typeof all === "boolean")
  )
    throw new ToolError(
      "invalid_argument",
      `edit_file's options are { all?: boolean }, not ${shownValue(options)}.`,
      {
        retriable: true,
        hint: "pass { all: true } to replace every occurrence, or leave the options out",
      },
    );
  return { old, replacement, all: all === true };
}

/**
 * The edited text of `text`, and how many occurrences of `old` were replaced; throws
 * `edit_not_found` or `edit_ambiguous` (naming the file as `shown`) when the edit is refused.
 */
export function editText(
  text: string,
  request: EditRequest,
  shown: string,
): { text: string; replaced: number } {
  const pieces = text.split(request.old);
  const count = pieces.length - 1;
  if (count === 0) throw notFound(text, request.old, shown);
  if (count > 1 && !request.all) throw ambiguous(text, count, request.old, shown);
  return { text: pieces.join(request.replacement), replaced: count };
}

function notFound(text: string, old: string, shown: string): ToolError {
  const otherCase = text.toLowerCase().includes(old.toLowerCase());
  return new ToolError(
    "edit_not_found",
    `${quoted(old)} is not in '${shown}'${otherCase ? " (it is, with other capitals)" : ""}; the file is unchanged.`,
    {
      retriable: true,
      hint: "old must match the file exactly, spaces and line breaks included: read the lines first (read_lines or search_files) and copy them",
    },
  );
}

function ambiguous(text: string, count: number, old: string, shown: string): ToolError {
  const lines: string[] = [];
  let line = 1;
  let counted = 0;
  for (
    let index = text.indexOf(old);
    index >= 0 && lines.length < AMBIGUOUS_LINES_SHOWN;
    index = text.indexOf(old, index + old.length)
  ) {
    line += newlines(text, counted, index);
    counted = index;
    const from = text.lastIndexOf("\n", index - 1) + 1;
    const to = text.indexOf("\n", index);
    lines.push(`line ${line}: ${quoted(text.slice(from, to < 0 ? text.length : to).trim())}`);
  }
  const more = count > AMBIGUOUS_LINES_SHOWN ? ", …" : "";
  return new ToolError(
    "edit_ambiguous",
    `${quoted(old)} occurs ${count} times in '${shown}' (${lines.join(", ")}${more}); the file is unchanged.`,
    {
      retriable: true,
      hint: `add the text around it to old so that it occurs once, or pass { all: true } to replace all ${count}`,
    },
  );
}

/** The newlines in `text` from `from` up to, not including, `to`. */
function newlines(text: string, from: number, to: number): number {
  let count = 0;
  for (
    let index = text.indexOf("\n", from);
    index >= 0 && index < to;
    index = text.indexOf("\n", index + 1)
  )
    count++;
  return count;
}

function quoted(text: string): string {
  const short = text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS - 1)}…` : text;
  return JSON.stringify(short);
}

function shownValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}
