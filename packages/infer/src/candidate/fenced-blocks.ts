/**
 * Markdown fenced code blocks in a model's answer. A fence is a line that starts (after at most
 * three spaces) with three or more backticks or tildes; "```" anywhere else in a line, such as
 * `line.startsWith("```")` in a program, is never a fence. A block ends at the next fence line
 * of the same character that is at least as long and has nothing after it; an unclosed block
 * runs to the end of the text.
 */

/** One fenced block: its info tag (`js`, `python`, empty), its content, and the text around it. */
export interface FencedBlock {
  /** The first word after the opening fence, lower-cased (`javascript`, `json`, or empty). */
  tag: string;
  /** The lines between the fences. */
  content: string;
  /** False when the text ended before a closing fence. */
  closed: boolean;
}

/** The fenced blocks of a text, and the text outside them (one entry per gap, in order). */
export interface FencedText {
  blocks: FencedBlock[];
  outside: string[];
}

const OPENING = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;

function isClosing(line: string, fence: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match !== null && match[1][0] === fence[0] && match[1].length >= fence.length;
}

/** Splits a text into its fenced blocks and the text between them. */
export function fencedBlocks(text: string): FencedText {
  const lines = text.split("\n");
  const blocks: FencedBlock[] = [];
  const outside: string[] = [];
  let gap: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING.exec(lines[index]);
    if (!opening) {
      gap.push(lines[index]);
      continue;
    }
    outside.push(gap.join("\n"));
    gap = [];
    const fence = opening[1];
    const content: string[] = [];
    let closed = false;
    for (index++; index < lines.length; index++) {
      if (isClosing(lines[index], fence)) {
        closed = true;
        break;
      }
      content.push(lines[index]);
    }
    blocks.push({ tag: opening[2].toLowerCase(), content: content.join("\n"), closed });
  }
  outside.push(gap.join("\n"));
  return { blocks, outside };
}
