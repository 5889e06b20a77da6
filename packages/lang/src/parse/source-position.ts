/**
 * Line and column of a source offset, both from 1, as every lackpy error reports them (the
 * column in UTF-16 units; a line ends at `\n`, `\r`, `\r\n`, U+2028 or U+2029). The validator
 * parses without acorn's per-node locations when it does not hand the AST out, and computes the
 * position of each error from its offset here instead.
 */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly source: string) {}

  /** The position of `offset`. */
  position(offset: number): { line: number; column: number } {
    const starts = (this.starts ??= lineStarts(this.source));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  }
}

/** A place in a program as lackpy errors give it: line and column, both from 1. */
export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * Where a node starts, both from 1 (acorn counts columns from 0): the one conversion from
 * acorn's locations to the positions errors carry. `undefined` for a node without locations.
 */
export function nodePosition(
  node: { loc?: { start: { line: number; column: number } } | null } | null | undefined,
): SourcePosition | undefined {
  const start = node?.loc?.start;
  return start ? { line: start.line, column: start.column + 1 } : undefined;
}

/** The offset where each line starts. */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = 0; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (code === 13 && source.charCodeAt(index + 1) === 10) index++;
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) starts.push(index + 1);
  }
  return starts;
}
