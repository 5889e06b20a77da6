/**
 * Compiles a glob pattern to the instructions of a Thompson NFA, checking the caps. One
 * instruction per literal, `?`, `*` or `**`; `{a,b}` becomes a split to each alternative, each
 * ending in a jump past the group; `**` followed by `/` becomes a split that either skips it or
 * reads any characters then a slash. Braces are never expanded into copies, but the number of
 * patterns they stand for is counted and capped, like their nesting and the pattern's length.
 */
import { ToolError } from "../tool-error.js";

/** Longest glob pattern, in UTF-16 code units. */
export const MAX_GLOB_LENGTH = 1024;
/** Deepest nesting of `{…}` groups in a glob. */
export const MAX_BRACE_DEPTH = 8;
/** Most patterns a glob's braces may stand for (`{a,b}/{c,d}` stands for 4). */
export const MAX_BRACE_EXPANSIONS = 1024;

/** What an instruction does: read one character (`char`, `one`, `class`), loop on characters (`star` within a segment, `anyStar` across), or move on without reading. */
export type GlobOp = "char" | "one" | "class" | "star" | "anyStar" | "split" | "jump" | "match";

/** One state of the automaton. */
export interface GlobInstruction {
  op: GlobOp;
  /** Char: the UTF-16 code unit to read. */
  code?: number;
  /** Split: the states to continue in; Jump: the one state. */
  targets?: number[];
  /** Class: inclusive ranges of code units as pairs `[from, to, from, to, …]` (never `/`). */
  ranges?: number[];
  /** Class: true when it reads any character but `/` outside the ranges (`[!a-z]`). */
  negated?: boolean;
}

/** The code unit of `/`, which `*` and `?` never read. */
export const SLASH = 0x2f;
const HINT =
  'use a shorter, simpler pattern, or several find_files calls such as find_files("src/**/*.ts")';

/** The instructions of a glob, ending in `match`; throws a retriable `ToolError` when the pattern is over a cap. */
export function compileGlobProgram(pattern: string): GlobInstruction[] {
  if (pattern.length > MAX_GLOB_LENGTH)
    throw new ToolError(
      "pattern_too_long",
      `The pattern is ${pattern.length} characters long; globs may have at most ${MAX_GLOB_LENGTH}.`,
      { retriable: true, hint: HINT },
    );
  const program: GlobInstruction[] = [];
  const partners = bracePartners(pattern);
  const expansions = emitSequence(pattern, 0, pattern.length, partners, program, 0);
  if (expansions > MAX_BRACE_EXPANSIONS)
    throw new ToolError(
      "pattern_too_complex",
      `The pattern's braces stand for more than ${MAX_BRACE_EXPANSIONS} patterns.`,
      { retriable: true, hint: HINT },
    );
  program.push({ op: "match" });
  return program;
}

/** For each `{` its matching `}` (and back); braces without a partner are absent (literal). */
function bracePartners(pattern: string): Map<number, number> {
  const partners = new Map<number, number>();
  const open: number[] = [];
  for (let index = 0; index < pattern.length; index++) {
    if (pattern[index] === "{") open.push(index);
    else if (pattern[index] === "}" && open.length > 0) partners.set(open.pop()!, index);
  }
  return partners;
}

/** Emits `pattern[from, to)` and returns how many patterns it stands for (saturating past the cap). */
function emitSequence(
  pattern: string,
  from: number,
  to: number,
  partners: Map<number, number>,
  program: GlobInstruction[],
  depth: number,
): number {
  let expansions = 1;
  for (let index = from; index < to; index++) {
    const char = pattern[index];
    if (char === "*" && pattern[index + 1] === "*" && index + 1 < to) {
      if (pattern[index + 2] === "/" && index + 2 < to) {
        // (?:.*/)? : either skip, or any characters then a slash.
        const split: GlobInstruction = { op: "split", targets: [program.length + 1] };
        program.push(split, { op: "anyStar" }, { op: "char", code: SLASH });
        split.targets!.push(program.length);
        index += 2;
      } else {
        program.push({ op: "anyStar" });
        index += 1;
      }
    } else if (char === "*") program.push({ op: "star" });
    else if (char === "?") program.push({ op: "one" });
    else if (char === "{" && partners.has(index)) {
      const end = partners.get(index)!;
      expansions = cap(
        expansions * emitAlternatives(pattern, index, end, partners, program, depth + 1),
      );
      index = end;
    } else program.push({ op: "char", code: pattern.charCodeAt(index) });
  }
  return expansions;
}

/** Emits the group `pattern[open] … pattern[close]` as a split over its alternatives. */
function emitAlternatives(
  pattern: string,
  open: number,
  close: number,
  partners: Map<number, number>,
  program: GlobInstruction[],
  depth: number,
): number {
  if (depth > MAX_BRACE_DEPTH)
    throw new ToolError(
      "pattern_too_complex",
      `The pattern nests braces more than ${MAX_BRACE_DEPTH} deep.`,
      { retriable: true, hint: HINT },
    );
  const split: GlobInstruction = { op: "split", targets: [] };
  program.push(split);
  const jumps: GlobInstruction[] = [];
  let expansions = 0;
  let start = open + 1;
  for (let index = open + 1; index <= close; index++) {
    if (pattern[index] === "{" && partners.has(index)) index = partners.get(index)!;
    else if (pattern[index] === "," || index === close) {
      split.targets!.push(program.length);
      expansions = cap(expansions + emitSequence(pattern, start, index, partners, program, depth));
      const jump: GlobInstruction = { op: "jump", targets: [] };
      program.push(jump);
      jumps.push(jump);
      start = index + 1;
    }
  }
  for (const jump of jumps) jump.targets!.push(program.length);
  return expansions;
}

function cap(count: number): number {
  return Math.min(count, MAX_BRACE_EXPANSIONS + 1);
}
