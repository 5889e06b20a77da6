/**
 * The text every match of a rule pattern holds, read from the pattern as written: a pattern is
 * anchored at both ends, so each run of plain characters outside every group (`" largest"` in
 * `(?:{kind} )?file largest{scope}`) and the text of a group that must be there and holds only
 * words (`(?<verb>import)`) is in any line it matches. A line that lacks one of them skips the
 * pattern without its expression being made or run (decision 180).
 *
 * The reading is sound or absent: a shorthand (`{scope}`), a group with anything but words in it,
 * a class, an escape or a wildcard ends a run and adds nothing; a quantified character leaves the
 * run; an alternative outside every group, or unbalanced groups, give null (nothing is required).
 */

/** The texts a match must hold, in order; null when the pattern is not read. */
export function literalRuns(source: string): readonly string[] | null {
  const runs: string[] = [];
  let run = "";
  let depth = 0;
  let opened = 0;
  const endRun = (): void => {
    if (run) runs.push(run);
    run = "";
  };
  for (let at = 0; at < source.length; at += 1) {
    const character = source[at]!;
    if (character === "\\") {
      if (depth === 0) endRun();
      at += 1;
    } else if (character === "[") {
      if (depth === 0) endRun();
      at = classEnd(source, at);
    } else if (character === "(") {
      if (depth === 0) {
        endRun();
        opened = at;
      }
      depth += 1;
    } else if (character === ")") {
      depth -= 1;
      if (depth < 0) return null;
      if (depth === 0 && !QUANTIFIERS.includes(source[at + 1] ?? "")) {
        const inner = source.slice(opened + 1, at).replace(GROUP_HEAD, "");
        if (WORDS_ONLY.test(inner)) runs.push(inner);
      }
    } else if (depth > 0) {
      continue;
    } else if (character === "|") {
      return null;
    } else if (character === "{" && !/\d/.test(source[at + 1] ?? "")) {
      // A shorthand: a group once expanded.
      endRun();
      at = Math.max(at, source.indexOf("}", at));
    } else if (QUANTIFIERS.includes(character)) {
      // The quantified character may be absent or repeated: the run ends before it.
      run = run.slice(0, -1);
      endRun();
      if (character === "{") at = Math.max(at, source.indexOf("}", at));
    } else if (character === "." || character === "^" || character === "$") {
      endRun();
    } else {
      run += character;
    }
  }
  if (depth !== 0) return null;
  endRun();
  return runs;
}

/** What may follow an atom and make it optional or repeated (`{` also opens a shorthand). */
const QUANTIFIERS = "?*+{";
/** The opening of a group's syntax: non-capturing or named. */
const GROUP_HEAD = /^\?(?::|<[A-Za-z]\w*>)/;
/** Words and the spaces between them, nothing else. */
const WORDS_ONLY = /^[A-Za-z ]+$/;

/** The index of the `]` that closes the class opened at `open` (or the end). */
function classEnd(source: string, open: number): number {
  let at = open + 1;
  if (source[at] === "^") at += 1;
  if (source[at] === "]") at += 1;
  while (at < source.length && source[at] !== "]") at += source[at] === "\\" ? 2 : 1;
  return at;
}
