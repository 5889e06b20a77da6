/**
 * The regex methods of programs (`test`, `exec`) and the string methods that take a pattern
 * (`match`, `matchAll`, `split`, `search`; `replace` is in regex-replace.ts), with JavaScript's
 * semantics (global and sticky `lastIndex`, empty matches, captures in `split`) on the
 * linear-time engine. Results are size-checked as they grow and every match is charged as work.
 */
import type { Node } from "@lackpy/lang";
import { toDisplayString, toNumber } from "../values/display.js";
import {
  compileRegex,
  createRegex,
  execResult,
  findMatch,
  matcherFor,
  type CompiledRegex,
  type RegexMatch,
} from "./guest-regex.js";
import type { RunContext } from "../run-context.js";
import { WALK_UNIT } from "../values/work-meter.js";

const MAX_LENGTH = 2 ** 53 - 1;

/** JavaScript's ToLength of a regex's `lastIndex`. */
function lastIndexOf(regex: RegExp): number {
  const value = toNumber(regex.lastIndex);
  if (!(value > 0)) return 0;
  return Math.min(Math.floor(value), MAX_LENGTH);
}

/** The next index after an empty match: one code unit, or one code point with the u flag. */
function advance(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const first = text.charCodeAt(index);
  const second = text.charCodeAt(index + 1);
  return first >= 0xd800 && first <= 0xdbff && second >= 0xdc00 && second <= 0xdfff
    ? index + 2
    : index + 1;
}

/** A method's pattern argument as a regex: a regex as itself, anything else as the source of a new one. */
function toRegex(interpreter: RunContext, pattern: unknown, flags: string, node: Node): RegExp {
  if (pattern instanceof RegExp) return pattern;
  const source = pattern === undefined ? "(?:)" : toDisplayString(pattern, interpreter);
  return createRegex(interpreter, source, flags, node);
}

/** `RegExp.prototype.exec` semantics: the match and its compiled pattern, updating `lastIndex` for g and y. */
export function execMatch(
  interpreter: RunContext,
  regex: RegExp,
  text: string,
  node: Node,
  withGroups: boolean,
): { compiled: CompiledRegex; match: RegexMatch } | null {
  const compiled = compileRegex(interpreter, regex, node);
  const keepsIndex = regex.global || regex.sticky;
  const position = keepsIndex ? lastIndexOf(regex) : 0;
  if (position > text.length) {
    if (keepsIndex) regex.lastIndex = 0;
    return null;
  }
  const matcher = matcherFor(compiled, text);
  const match = findMatch(
    interpreter,
    compiled,
    matcher,
    text,
    position,
    regex.sticky,
    withGroups,
    node,
  );
  if (keepsIndex) regex.lastIndex = match ? match.end : 0;
  return match && { compiled, match };
}

/** `regex.test(text)`. */
export function regexTest(interpreter: RunContext, regex: RegExp, value: unknown, node: Node) {
  const text = toDisplayString(value, interpreter);
  return execMatch(interpreter, regex, text, node, false) !== null;
}

/** `regex.exec(text)`: the match array with `index`, `input` and `groups`, or null. */
export function regexExec(
  interpreter: RunContext,
  regex: RegExp,
  value: unknown,
  node: Node,
): unknown[] | null {
  const text = toDisplayString(value, interpreter);
  const found = execMatch(interpreter, regex, text, node, true);
  return found && execResult(found.compiled, found.match, text);
}

/** Every match from `start`, lazily (g semantics: an empty match moves one character on). */
export function* matchesOf(
  interpreter: RunContext,
  regex: RegExp,
  compiled: CompiledRegex,
  text: string,
  start: number,
  withGroups: boolean,
  node: Node,
): Generator<RegexMatch> {
  const matcher = matcherFor(compiled, text);
  let position = start;
  while (position <= text.length) {
    const match = findMatch(
      interpreter,
      compiled,
      matcher,
      text,
      position,
      regex.sticky,
      withGroups,
      node,
    );
    if (!match) return;
    interpreter.chargeWork(WALK_UNIT, node);
    yield match;
    position = match.end === match.index ? advance(text, match.end, regex.unicode) : match.end;
  }
}

/** Rough heap cost of one match array (captures, index, input, groups). */
const BYTES_PER_MATCH = 160;

/** Refuses a growing list of results once it passes the size limit or, every so often, the memory budget. */
function checkGrowth(interpreter: RunContext, count: number, bytesPerItem: number, node: Node) {
  if (count > interpreter.limits.maxSize) interpreter.checkSize(count, "a list of matches", node);
  if (count % 65_536 === 0) interpreter.checkBulk(count, bytesPerItem, "a list of matches", node);
}

/** `text.match(pattern)`. */
export function stringMatch(
  interpreter: RunContext,
  text: string,
  pattern: unknown,
  node: Node,
): unknown[] | null {
  const regex = toRegex(interpreter, pattern, "", node);
  if (!regex.global) return regexExec(interpreter, regex, text, node);
  const compiled = compileRegex(interpreter, regex, node);
  const matches: string[] = [];
  for (const match of matchesOf(interpreter, regex, compiled, text, 0, false, node)) {
    matches.push(match.captures[0]!);
    checkGrowth(interpreter, matches.length, 16, node);
  }
  regex.lastIndex = 0;
  return matches.length > 0 ? matches : null;
}

/** `text.matchAll(pattern)`, as an array of match arrays. */
export function stringMatchAll(
  interpreter: RunContext,
  text: string,
  pattern: unknown,
  node: Node,
): unknown[] {
  if (pattern instanceof RegExp && !pattern.global)
    throw interpreter.fault(
      "runtime_error",
      "matchAll needs a regex with the g flag.",
      node,
      `add the flag: /${pattern.source}/g${pattern.flags}`,
    );
  const regex = toRegex(interpreter, pattern, "g", node);
  const compiled = compileRegex(interpreter, regex, node);
  const results: unknown[] = [];
  const start = lastIndexOf(regex);
  for (const match of matchesOf(interpreter, regex, compiled, text, start, true, node)) {
    results.push(execResult(compiled, match, text));
    checkGrowth(interpreter, results.length, BYTES_PER_MATCH, node);
  }
  return results;
}

/** `text.search(pattern)`: the index of the first match, or -1. */
export function stringSearch(
  interpreter: RunContext,
  text: string,
  pattern: unknown,
  node: Node,
): number {
  const regex = toRegex(interpreter, pattern, "", node);
  const compiled = compileRegex(interpreter, regex, node);
  const matcher = matcherFor(compiled, text);
  const match = findMatch(interpreter, compiled, matcher, text, 0, regex.sticky, false, node);
  return match ? match.index : -1;
}

/** `text.split(separator, limit)`: a string separator splits by itself, a regex by its matches, with its captures. */
export function stringSplit(
  interpreter: RunContext,
  text: string,
  separator: unknown,
  limit: unknown,
  node: Node,
): string[] | unknown[] {
  const maxItems = limit === undefined ? 2 ** 32 - 1 : toNumber(limit) >>> 0;
  if (!(separator instanceof RegExp)) {
    if (separator === undefined) return maxItems === 0 ? [] : [text];
    return text.split(toDisplayString(separator, interpreter), maxItems);
  }
  if (maxItems === 0) return [];
  const compiled = compileRegex(interpreter, separator, node);
  if (text.length === 0) {
    const matcher = matcherFor(compiled, text);
    return findMatch(interpreter, compiled, matcher, text, 0, true, false, node) ? [] : [text];
  }
  const parts: unknown[] = [];
  let start = 0;
  for (const match of matchesOf(interpreter, separator, compiled, text, 0, true, node)) {
    if (match.index >= text.length) break;
    // An empty match where the last piece ended splits nothing: the search moves one further.
    if (match.end === start) continue;
    const pieces = [text.slice(start, match.index), ...match.captures.slice(1)];
    for (const piece of pieces) {
      parts.push(piece);
      if (parts.length >= maxItems) return parts;
      checkGrowth(interpreter, parts.length, 16, node);
    }
    start = Math.min(match.end, text.length);
  }
  parts.push(text.slice(start));
  return parts;
}
