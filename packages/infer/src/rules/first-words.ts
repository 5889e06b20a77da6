/**
 * The words a rule pattern's match can begin with, so that a request whose line cannot begin
 * that way skips the pattern without running it. V8 compiles a regular expression on its first
 * run, and a one-shot `lackpy delegate` runs each pattern once: some 230 compilations before the
 * last rules answer (decision 169).
 *
 * Only the common opening of a pattern is read, by regular expressions: optional groups of
 * whole words (`(?:show |find )?`, `(?<count>count )?`, `(?:(?<n>N) )?`), then a word or a group
 * of words that must be there (`line`, `(?<verb>largest|smallest)`). A line can match only when
 * its tokens, from the first, can be taken by some of the optional groups in order and the next
 * token then begins with a word that must be there. A pattern with another opening (a class,
 * an escape, a quantified word), or an alternative outside every group, is run for every line.
 * Before its opening is read, a line must hold the texts every match of the pattern holds
 * (`literalRuns`): "show K file" tried 9 of 255 patterns by both readings, 64 by its opening
 * alone.
 */
import { literalRuns } from "./literal-runs.js";
import type { RulePattern } from "./rule-types.js";

/** Where each group of words, or the rest of a pattern, begins. */
const OPEN = String.raw`\((?:\?:|\?<[A-Za-z]\w*>)`;
/** A group of bare words (`(?:show|find)`, `(?<n>N)`). */
const WORDS = String.raw`${OPEN}[A-Za-z]+(?:\|[A-Za-z]+)*\)`;
/** A whole word: a word and its space, or a group of bare words and a space. */
const WHOLE = String.raw`(?:[A-Za-z]+|${WORDS}) `;
/** An optional group of whole words. */
const OPTIONAL = new RegExp(String.raw`${OPEN}${WHOLE}(?:\|${WHOLE})*\)\?(?!\?)`, "y");
/** A group of bare words that must be there, with no quantifier that could leave it out. */
const REQUIRED_GROUP = new RegExp(String.raw`${OPEN}([A-Za-z]+(?:\|[A-Za-z]+)*)\)(?![?*{])`, "y");
/** Letters that must be there (the last one too unless a quantifier follows it). */
const REQUIRED_LETTERS = /([A-Za-z]+)([?*{]?)/y;

/** A pattern's opening: the words each optional group may take, then what the next token begins with. */
interface Opening {
  optional: readonly (readonly string[])[];
  required: readonly string[];
}

/** What a rule pattern was read to require of a line: the texts it holds, then its opening (null: not readable). */
interface Reading {
  runs: readonly string[] | null;
  opening?: Opening | null;
}

const READINGS = new WeakMap<RulePattern, Reading>();

/**
 * False only when `line` cannot match `pattern`: it lacks a text every match holds
 * (`literalRuns`), or its first tokens cannot open a match. A pattern is read the first time a
 * line is tried against it (a request that an early rule answers reads none of the others), from
 * what it was written as: a pattern skipped here is never made into a regular expression.
 */
export function mayMatch(pattern: RulePattern, line: string): boolean {
  let reading = READINGS.get(pattern);
  if (reading === undefined) {
    reading = { runs: literalRuns(pattern.source) };
    READINGS.set(pattern, reading);
  }
  if (reading.runs?.some((text) => !line.includes(text))) return false;
  reading.opening ??= readOpening(pattern.body);
  return opens(reading.opening, line);
}

/** False only when no path through the opening's optional groups over the line's first tokens reaches a required word. */
function opens(opening: Opening | null, line: string): boolean {
  if (opening === null) return true;
  const tokens = line.split(" ");
  // The token indexes a match may have reached after each optional group.
  let reached = [0];
  for (const words of opening.optional) {
    const next = new Set(reached);
    for (const index of reached) if (words.includes(tokens[index]!)) next.add(index + 1);
    reached = [...next];
  }
  return reached.some((index) =>
    opening.required.some((word) => tokens[index]?.startsWith(word) === true),
  );
}

/** The opening of a body; null when it opens otherwise or has an alternative outside every group. */
function readOpening(body: string): Opening | null {
  if (hasOuterAlternative(body)) return null;
  const optional: string[][] = [];
  let at = 0;
  for (;;) {
    OPTIONAL.lastIndex = at;
    const group = OPTIONAL.exec(body);
    if (!group) break;
    optional.push(wordsOf(group[0]));
    at = OPTIONAL.lastIndex;
  }
  REQUIRED_GROUP.lastIndex = at;
  const words = REQUIRED_GROUP.exec(body);
  if (words) return { optional, required: words[1]!.split("|") };
  REQUIRED_LETTERS.lastIndex = at;
  const letters = REQUIRED_LETTERS.exec(body);
  // "files?" begins with "file"; a lone letter that may be absent says nothing.
  const prefix = letters && (letters[2] ? letters[1]!.slice(0, -1) : letters[1]!);
  return prefix ? { optional, required: [prefix] } : null;
}

/** The words of a group, without its syntax or its name. */
function wordsOf(group: string): string[] {
  return group.replace(/\(\?(?::|<[A-Za-z]\w*>)/g, "(").match(/[A-Za-z]+/g) ?? [];
}

/** True when `body` has a `|` outside every group (or syntax this check does not follow). */
function hasOuterAlternative(body: string): boolean {
  let rest = body.replace(/\\./g, "").replace(/\[[^\]]*\]/g, "");
  for (
    let inner = rest.replace(/\([^()]*\)/g, "");
    inner !== rest;
    inner = rest.replace(/\([^()]*\)/g, "")
  )
    rest = inner;
  return /[|()]/.test(rest);
}
