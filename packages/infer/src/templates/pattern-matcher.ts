/**
 * Template patterns, matched without a regular expression. A pattern's normalised text is cut
 * into literal parts and `{name}` placeholders (`patternParts`); a placeholder captures at least
 * one character, the literals match exactly, up to case (`foldCase`). The first literal must
 * start the intent and the last end it; each literal in between is placed at its first
 * occurrence after the previous one (leaving a character for the placeholder before it). Placing
 * each at its first occurrence finds a match whenever one exists, since what follows only needs
 * room, and gives each placeholder its shortest capture: the captures a lazy `(.+?)` expression
 * gives, with one `indexOf` per literal instead of backtracking. So a match costs time linear in
 * the intent for each literal, whatever the pattern.
 *
 * That needs a literal between every two placeholders: a pattern with two side by side
 * (`{a}{b}`), or with no literal word at all (`{request}`, which would answer every request), is
 * refused wherever a template comes from (`patternProblem`).
 */
import { InferError } from "../infer-error.js";
import { foldCase } from "./fold-case.js";
import { intentForMatching } from "./intent-for-matching.js";

/** The longest pattern a template may have, in characters. */
export const MAX_PATTERN_CHARS = 500;
/** The most placeholders a pattern may have. */
export const MAX_PATTERN_PLACEHOLDERS = 16;

const PLACEHOLDER = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;
const PLACEHOLDER_SPLIT = /(\{[A-Za-z_][A-Za-z0-9_]*\})/;

/** A compiled pattern: its placeholders in order, and the match of a normalised intent. */
export interface PatternMatcher {
  readonly pattern: string;
  /** Placeholder names, in order. */
  readonly names: readonly string[];
  /**
   * The captures when `text` (an `intentForMatching`) matches, else null; `folded` is
   * `foldCase(text)`, passed in so an intent tried against many patterns is folded once.
   */
  match(text: string, folded: string): Record<string, string> | null;
}

/**
 * A pattern's normalised text cut into literal parts and placeholders: literal text at even
 * indices (possibly empty), `{name}` at odd ones.
 */
export function patternParts(pattern: string): string[] {
  return intentForMatching(pattern).split(PLACEHOLDER_SPLIT);
}

/**
 * Why a pattern cannot be a template's, as a clause (`it repeats the placeholder {a}`), or null
 * when it can: it repeats a placeholder, puts two side by side, has no literal word (a run
 * between spaces that no placeholder touches), or is longer than `MAX_PATTERN_CHARS` or has more
 * than `MAX_PATTERN_PLACEHOLDERS` placeholders.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_CHARS)
    return `it is ${pattern.length} characters long, over the ${MAX_PATTERN_CHARS} a pattern may have`;
  const parts = patternParts(pattern);
  const names = parts.filter((_part, index) => index % 2 === 1).map((part) => part.slice(1, -1));
  if (names.length > MAX_PATTERN_PLACEHOLDERS)
    return `it has ${names.length} placeholders, over the ${MAX_PATTERN_PLACEHOLDERS} a pattern may have`;
  const repeated = names.find((name, at) => names.indexOf(name) !== at);
  if (repeated !== undefined) return `it repeats the placeholder {${repeated}}`;
  for (let index = 2; index < parts.length - 1; index += 2)
    if (parts[index] === "")
      return `it puts the placeholders ${parts[index - 1]} and ${parts[index + 1]} side by side, with no text between them to tell where one ends`;
  if (literalWords(parts).length === 0)
    return names.length === 0
      ? "it is empty"
      : "it has no word of its own (every word touches a placeholder), so it would answer almost any request";
  return null;
}

/** How to write a pattern that can be used, for the hint of a refused one. */
export const PATTERN_HINT =
  "write the request's own words around each {placeholder}, with a word or a sign between two placeholders, e.g. 'rename {old} to {new}'";

/** Throws `invalid_template` naming the pattern when `patternProblem` finds one. */
export function checkPattern(pattern: string): void {
  const problem = patternProblem(pattern);
  if (problem !== null)
    throw new InferError(
      "invalid_template",
      `The pattern '${pattern}' cannot be used: ${problem}.`,
      {
        hint: PATTERN_HINT,
      },
    );
}

/**
 * The space-separated runs of a pattern's normalised text that no placeholder touches (a run with
 * one is glued to what the placeholder captures), in order: every intent the pattern matches has
 * each as one of its own words, up to case.
 */
export function literalWords(parts: readonly string[]): string[] {
  const words: string[] = [];
  let run = "";
  let touched = false;
  const end = () => {
    if (run !== "" && !touched) words.push(run);
    run = "";
    touched = false;
  };
  for (let index = 0; index < parts.length; index++) {
    if (index % 2 === 1) {
      touched = true;
      continue;
    }
    const pieces = parts[index]!.split(" ");
    for (let piece = 0; piece < pieces.length; piece++) {
      if (piece > 0) end();
      run += pieces[piece];
    }
  }
  end();
  return words;
}

/** Compiles a pattern; throws `invalid_template` for one `patternProblem` refuses. */
export function compilePatternMatcher(pattern: string): PatternMatcher {
  checkPattern(pattern);
  const parts = patternParts(pattern);
  const literals = parts.filter((_part, index) => index % 2 === 0).map(foldCase);
  const names = parts.filter((part, index) => index % 2 === 1 && PLACEHOLDER.test(part));
  const keys = names.map((part) => part.slice(1, -1));
  const first = literals[0]!;
  const last = literals[literals.length - 1]!;
  return {
    pattern,
    names: keys,
    match(text, folded) {
      if (keys.length === 0) return folded === first ? {} : null;
      if (!folded.startsWith(first)) return null;
      // No prototype: a placeholder may be called `__proto__`.
      const captures: Record<string, string> = Object.create(null);
      let at = first.length;
      for (let index = 1; index < keys.length; index++) {
        const literal = literals[index]!;
        const found = folded.indexOf(literal, at + 1);
        if (found < 0) return null;
        captures[keys[index - 1]!] = text.slice(at, found);
        at = found + literal.length;
      }
      const end = folded.length - last.length;
      if (end < at + 1 || !folded.startsWith(last, end)) return null;
      captures[keys[keys.length - 1]!] = text.slice(at, end);
      return { ...captures };
    },
  };
}
