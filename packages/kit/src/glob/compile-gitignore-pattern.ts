/**
 * Compiles one `.gitignore` pattern (git's wildmatch with `WM_PATHNAME`) to the instructions of
 * the glob automaton, so it is matched in time linear in pattern × path like every other glob:
 * `*` and `?` never read `/`; `**` is special only as a whole segment (`**` + `/` matches zero or
 * more folders, a final `/**` everything below), elsewhere it is one `*`; `[…]` is a class (`!` or
 * `^` negates, `]` first is literal, `a-z` ranges, `\` escapes, the ASCII POSIX classes such as
 * `[:digit:]`), never reading `/`; `\` makes the next character literal; braces are literal.
 * Names are matched as UTF-16 text where git matches bytes, which only differs for `?` and
 * classes against characters outside ASCII.
 */
import { globOfProgram, type Glob } from "./compile-glob.js";
import { SLASH, type GlobInstruction } from "./glob-program.js";

const POSIX_CLASSES: Readonly<Record<string, readonly number[]>> = Object.freeze({
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  blank: [0x09, 0x09, 0x20, 0x20],
  cntrl: [0x00, 0x1f, 0x7f, 0x7f],
  digit: [0x30, 0x39],
  graph: [0x21, 0x7e],
  lower: [0x61, 0x7a],
  print: [0x20, 0x7e],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  space: [0x09, 0x0d, 0x20, 0x20],
  upper: [0x41, 0x5a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
});

/**
 * The automaton of a `.gitignore` pattern (without its `!`, trailing `/` or leading `/`, which
 * the caller handles), or null for a pattern git never matches (an unclosed `[`, an unknown
 * `[:class:]`, a trailing `\`). The caller caps the pattern's length.
 */
export function compileGitignorePattern(pattern: string): Glob | null {
  const program: GlobInstruction[] = [];
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === "\\") {
      if (index + 1 >= pattern.length) return null;
      program.push({ op: "char", code: pattern.charCodeAt(index + 1) });
      index += 2;
    } else if (char === "*") {
      let end = index;
      while (pattern[end] === "*") end++;
      const wholeSegment =
        end - index >= 2 &&
        (index === 0 || pattern[index - 1] === "/") &&
        (end === pattern.length || pattern[end] === "/");
      if (!wholeSegment) program.push({ op: "star" });
      else if (end === pattern.length) program.push({ op: "anyStar" });
      else {
        // (?:.*/)? : zero folders, or any characters then a slash.
        const split: GlobInstruction = { op: "split", targets: [program.length + 1] };
        program.push(split, { op: "anyStar" }, { op: "char", code: SLASH });
        split.targets!.push(program.length);
        end++;
      }
      index = end;
    } else if (char === "?") {
      program.push({ op: "one" });
      index++;
    } else if (char === "[") {
      const parsed = parseClass(pattern, index);
      if (!parsed) return null;
      program.push(parsed.instruction);
      index = parsed.end;
    } else {
      program.push({ op: "char", code: pattern.charCodeAt(index) });
      index++;
    }
  }
  program.push({ op: "match" });
  return globOfProgram(pattern, program);
}

/** The class that starts at `pattern[open]` (`[`) and the index after its `]`, or null when it never closes or names an unknown POSIX class. */
function parseClass(
  pattern: string,
  open: number,
): { instruction: GlobInstruction; end: number } | null {
  let at = open + 1;
  const negated = pattern[at] === "!" || pattern[at] === "^";
  if (negated) at++;
  const ranges: number[] = [];
  let previous: number | undefined;
  // As in wildmatch, the first character is part of the class even when it is `]`.
  for (let first = true; first || pattern[at] !== "]"; first = false) {
    if (at >= pattern.length) return null;
    const char = pattern[at];
    if (char === "\\") {
      if (at + 1 >= pattern.length) return null;
      previous = pattern.charCodeAt(at + 1);
      ranges.push(previous, previous);
      at += 2;
    } else if (
      char === "-" &&
      previous !== undefined &&
      at + 1 < pattern.length &&
      pattern[at + 1] !== "]"
    ) {
      let to = at + 1;
      if (pattern[to] === "\\") {
        to++;
        if (to >= pattern.length) return null;
      }
      ranges.push(previous, pattern.charCodeAt(to));
      previous = undefined;
      at = to + 1;
    } else if (char === "[" && pattern[at + 1] === ":") {
      // As wildmatch: the first `]` after `[:` ends it; preceded by `:`, it names a class.
      const close = pattern.indexOf("]", at + 2);
      if (close < 0) return null;
      if (close - 1 < at + 2 || pattern[close - 1] !== ":") {
        previous = 0x5b;
        ranges.push(previous, previous);
        at++;
        continue;
      }
      const name = pattern.slice(at + 2, close - 1);
      if (!Object.hasOwn(POSIX_CLASSES, name)) return null;
      ranges.push(...POSIX_CLASSES[name]);
      previous = undefined;
      at = close + 1;
    } else {
      previous = pattern.charCodeAt(at);
      ranges.push(previous, previous);
      at++;
    }
  }
  return { instruction: { op: "class", ranges, negated }, end: at + 1 };
}
