import { diffLines, type LineEdit } from "./diff-lines.js";

/** What `unifiedDiff` needs besides the two texts. */
export interface UnifiedDiffOptions {
  /** The workspace-relative path, shown as `a/<path>` and `b/<path>`. */
  path: string;
  /** Unchanged lines shown around each change (3, as `diff -u` and `git diff`). */
  contextLines?: number;
  /** Steps the line diff may take before it shows the changed middle as replaced whole. */
  maxWork?: number;
}

/** The text `unifiedDiff` gives for a file that is not text on either side. */
export function binaryDiff(path: string, action: "create" | "modify" | "delete"): string {
  const before = action === "create" ? "/dev/null" : `a/${path}`;
  const after = action === "delete" ? "/dev/null" : `b/${path}`;
  return `Binary files ${before} and ${after} differ\n`;
}

/**
 * A unified diff, as `diff -u` and `git diff` print it: `--- a/<path>` and `+++ b/<path>` headers
 * (`/dev/null` for a file that does not exist: `before` or `after` null), then hunks of changed
 * lines with `contextLines` of context, hunks closer than twice that merged, and
 * `\ No newline at end of file` after a last line without one. Empty when nothing changed.
 */
export function unifiedDiff(
  before: string | null,
  after: string | null,
  options: UnifiedDiffOptions,
): string {
  if (before === after) return "";
  const contextLines = options.contextLines ?? 3;
  const edits = diffLines(splitLines(before ?? ""), splitLines(after ?? ""), {
    maxWork: options.maxWork,
  });
  const header =
    `--- ${before === null ? "/dev/null" : `a/${options.path}`}\n` +
    `+++ ${after === null ? "/dev/null" : `b/${options.path}`}\n`;
  return header + hunks(edits, contextLines).join("");
}

/** A text's lines, each with its `\n` (the last one without, when the text does not end in one). */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
    lines.push(text.slice(start, end + 1));
    start = end + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** The hunks of an edit script, each as its text. */
function hunks(edits: readonly LineEdit[], contextLines: number): string[] {
  const changed: number[] = [];
  edits.forEach((edit, index) => edit.kind !== "=" && changed.push(index));
  const result: string[] = [];
  let first = 0;
  while (first < changed.length) {
    // Extend the hunk while the next change is within twice the context of the last one.
    let last = first;
    while (last + 1 < changed.length && changed[last + 1] - changed[last] <= 2 * contextLines + 1)
      last++;
    const from = Math.max(0, changed[first] - contextLines);
    const to = Math.min(edits.length, changed[last] + contextLines + 1);
    result.push(hunk(edits, from, to));
    first = last + 1;
  }
  return result;
}

/** One hunk over `edits[from, to)`: its `@@` line, then its lines. */
function hunk(edits: readonly LineEdit[], from: number, to: number): string {
  // Line numbers (1-based) where the hunk starts on each side: lines before it, plus one.
  let beforeStart = 1;
  let afterStart = 1;
  for (let index = 0; index < from; index++) {
    if (edits[index].kind !== "+") beforeStart++;
    if (edits[index].kind !== "-") afterStart++;
  }
  let beforeCount = 0;
  let afterCount = 0;
  let body = "";
  for (let index = from; index < to; index++) {
    const { kind, line } = edits[index];
    if (kind !== "+") beforeCount++;
    if (kind !== "-") afterCount++;
    body += `${kind === "=" ? " " : kind}${line}`;
    if (!line.endsWith("\n")) body += "\n\\ No newline at end of file\n";
  }
  return `@@ -${range(beforeStart, beforeCount)} +${range(afterStart, afterCount)} @@\n${body}`;
}

/** A hunk's range: `start,count`, `start` alone for one line, and the line before for none. */
function range(start: number, count: number): string {
  if (count === 1) return String(start);
  return `${count === 0 ? start - 1 : start},${count}`;
}
