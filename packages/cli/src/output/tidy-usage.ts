import { stripAnsi } from "./report-error.js";

/** What follows the escape character in an ANSI colour sequence (citty colours its usage on a terminal). */
const COLOUR_TAIL = /^\[[0-9;]*m/;

/** Width help is wrapped to when the output is no terminal (or the terminal does not say). */
export const HELP_COLUMNS = 80;

/**
 * A command's help as it should print: no trailing spaces (citty pads every row of a table to
 * the longest), and lines longer than `columns` wrapped at spaces (or after a `|` of a usage
 * line), each continuation indented under the text it continues: a table row's description,
 * the usage line's commands.
 */
export function tidyUsage(usage: string, columns = HELP_COLUMNS): string {
  return usage
    .split("\n")
    .flatMap((line) => wrapLine(line.trimEnd(), Math.max(40, columns)))
    .join("\n");
}

function visibleLength(text: string): number {
  return stripAnsi(text).length;
}

function wrapLine(line: string, columns: number): string[] {
  if (visibleLength(line) <= columns) return [line];
  const plain = stripAnsi(line);
  // A table row hangs under its description; the usage line under its first command.
  const head = /^\s*\S+\s{2,}/.exec(plain)?.[0] ?? /^\s*\S+ \S+ /.exec(plain)?.[0] ?? "";
  const split = rawIndex(line, head.length);
  const indent = " ".repeat(head.length);
  const lines: string[] = [];
  let current = line.slice(0, split);
  let empty = true;
  for (const token of line.slice(split).split(/(?<=[ |])/)) {
    if (!empty && visibleLength(current + token.trimEnd()) > columns) {
      lines.push(current.trimEnd());
      current = indent;
      empty = true;
    }
    current += empty ? token.trimStart() : token;
    empty = false;
  }
  lines.push(current.trimEnd());
  return lines;
}

/** The index in `text` of its `visible`-th visible character (colour sequences skipped). */
function rawIndex(text: string, visible: number): number {
  let seen = 0;
  let index = 0;
  while (index < text.length && seen < visible) {
    const match = text.charCodeAt(index) === 27 ? COLOUR_TAIL.exec(text.slice(index + 1)) : null;
    if (match) index += 1 + match[0].length;
    else {
      index++;
      seen++;
    }
  }
  return index;
}
