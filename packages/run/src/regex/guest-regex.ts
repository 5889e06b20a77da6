/**
 * Guest regular expressions. A program's regex value is a host `RegExp` used only as data (its
 * `source`, `flags` and `lastIndex`): it is never executed by the host engine. Every match runs
 * on re2js, a linear-time engine (RE2), so no pattern can backtrack catastrophically. Patterns
 * are translated from JavaScript syntax (see regex-translate.ts) and compiled once per run. The
 * engine is loaded before a run that can make a regex starts (see regex-engine.ts).
 */
import type { Node } from "@lackpy/lang";
import type { Matcher, RE2JS } from "re2js";
import { regexEngine } from "./regex-engine.js";
import type { RunContext } from "../run-context.js";
import { translatePattern, type PatternProblem } from "./regex-translate.js";
import { newObject } from "../values/values.js";

/** A pattern compiled for the linear-time engine. */
export interface CompiledRegex {
  readonly program: RE2JS;
  /** Capture group names by number; index 0 is the whole match. */
  readonly groupNames: readonly (string | undefined)[];
  readonly hasNamedGroups: boolean;
  /** Instructions of the compiled program: the engine's work per character grows with it. */
  readonly programSize: number;
  /** The text to look for when the pattern is a plain literal (no flags that change it). */
  readonly literal: string | null;
}

/** One match: where it starts and ends, and the captures when they were asked for. */
export interface RegexMatch {
  readonly index: number;
  readonly end: number;
  /** The whole match and each group (undefined when the group did not take part). */
  readonly captures: (string | undefined)[];
}

/** Compiled patterns kept across runs (the least recently used one goes first). */
const MAX_CACHED_PATTERNS = 128;
/** Longer patterns are compiled again on each use rather than kept. */
const MAX_CACHED_SOURCE = 2000;
/** Patterns whose compiled program is larger than this are refused (matching cost grows with it). */
const MAX_PROGRAM_SIZE = 20_000;

/**
 * Worst-case speed of the engine's slowest path (its NFA), in nanoseconds per character per
 * program instruction: measured at 50 to 170 on a shared 2-core machine.
 */
const NANOSECONDS_PER_UNIT = 150;
/** How far past the time left one engine call may be expected to run before it is refused up front. */
const GRACE_MS = 500;
/** A source with no regex syntax at all: a plain text to look for. */
const PLAIN_TEXT = /^[^\\^$.*+?()[\]{}|]+$/;

/** Compiled patterns by flags and source: compiling costs far more than most matches. */
const cache = new Map<string, CompiledRegex | PatternProblem>();

/**
 * Makes a program regex value from a source and flags (a literal, or a pattern a method builds
 * from a string): checked as JavaScript, translated and compiled for the linear-time engine
 * first, so a pattern that cannot run is refused where it is made.
 */
export function createRegex(
  interpreter: RunContext,
  source: string,
  flags: string,
  node: Node,
): RegExp {
  interpreter.checkSize(source.length, "a regex pattern", node);
  let regex: RegExp;
  try {
    regex = new RegExp(source, flags);
  } catch (error) {
    throw interpreter.fault(
      "runtime_error",
      `${(error as Error).message.replace(/\.$/, "")}.`,
      node,
      "check the pattern: escape special characters such as ( [ . * + ? with \\",
    );
  }
  compileRegex(interpreter, regex, node);
  return regex;
}

/** The compiled program of a program regex value; refuses (with a fault) a pattern the engine cannot run. */
export function compileRegex(interpreter: RunContext, regex: RegExp, node: Node): CompiledRegex {
  const source = regex.source;
  const flags = regex.flags;
  const key = `${flags}/${source}`;
  let compiled = cache.get(key);
  if (compiled) {
    cache.delete(key);
    cache.set(key, compiled);
  } else {
    interpreter.chargeWork(source.length, node);
    compiled = compile(source, flags);
    if (source.length <= MAX_CACHED_SOURCE) {
      if (cache.size >= MAX_CACHED_PATTERNS) cache.delete(cache.keys().next().value!);
      cache.set(key, compiled);
    }
  }
  if ("code" in compiled)
    throw interpreter.fault(
      compiled.code,
      compiled.message.startsWith("The regular expression")
        ? compiled.message
        : `/${shortSource(source)}/: ${compiled.message}`,
      node,
      compiled.hint,
    );
  return compiled;
}

function shortSource(source: string): string {
  return source.length > 60 ? `${source.slice(0, 57)}…` : source;
}

function compile(source: string, flags: string): CompiledRegex | PatternProblem {
  const translated = translatePattern(source, flags);
  if ("code" in translated) return translated;
  const { RE2JS: Engine } = regexEngine();
  let program: RE2JS;
  try {
    program = Engine.compile(
      translated.source,
      (translated.ignoreCase ? Engine.CASE_INSENSITIVE : 0) |
        (translated.multiline ? Engine.MULTILINE : 0),
    );
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, "");
    return {
      code: "runtime_error",
      message: `The regular expression /${shortSource(source)}/ cannot run on the linear-time regex engine: ${reason}.`,
      hint: "simplify the pattern; backreferences, lookaround and some Unicode properties are not available",
    };
  }
  if (program.programSize() > MAX_PROGRAM_SIZE)
    return {
      code: "runtime_error",
      message: `The regular expression /${shortSource(source)}/ is too large to run (about ${program.programSize()} instructions; the most is ${MAX_PROGRAM_SIZE}).`,
      hint: "use smaller repeat counts or split the pattern",
    };
  return {
    program,
    groupNames: translated.groupNames,
    hasNamedGroups: translated.groupNames.some((name) => name !== undefined),
    programSize: program.programSize(),
    literal: PLAIN_TEXT.test(source) && !flags.includes("i") ? source : null,
  };
}

/** A matcher of a compiled pattern over one text (reused for every match of one operation). */
export function matcherFor(compiled: CompiledRegex, text: string): Matcher {
  return compiled.program.matcher(text);
}

/**
 * Refuses, before it starts, an engine call whose worst case (every character through every
 * instruction) would not end within the time left: one call cannot be interrupted.
 */
function checkEngineTime(
  interpreter: RunContext,
  compiled: CompiledRegex,
  characters: number,
  node: Node,
): void {
  const worstMs = (characters * compiled.programSize * NANOSECONDS_PER_UNIT) / 1e6;
  const remainingMs = worstMs <= GRACE_MS ? Number.POSITIVE_INFINITY : interpreter.remainingMs();
  if (worstMs > remainingMs + GRACE_MS)
    throw interpreter.fault(
      "limit_time",
      `A regular expression over ${characters} characters could take about ${Math.ceil(worstMs)} ms; the program has ${Math.max(0, Math.floor(remainingMs))} ms left.`,
      node,
      "search a shorter text (split it first), or use a simpler pattern",
    );
  interpreter.chargeWork(characters + 1, node);
}

/**
 * The first match at or after `position` (exactly at it when `sticky`), with the captures of
 * every group when `withGroups`. Plain-text patterns are found with `indexOf`; a first search
 * runs a fast existence test first, so a search that finds nothing never needs the slower
 * engine that locates matches.
 */
export function findMatch(
  interpreter: RunContext,
  compiled: CompiledRegex,
  matcher: Matcher,
  text: string,
  position: number,
  sticky: boolean,
  withGroups: boolean,
  node: Node,
): RegexMatch | null {
  const characters = text.length - position;
  if (compiled.literal !== null) {
    interpreter.chargeWork(characters + 1, node);
    const index = text.indexOf(compiled.literal, position);
    if (index < 0 || (sticky && index !== position)) return null;
    return { index, end: index + compiled.literal.length, captures: [compiled.literal] };
  }
  checkEngineTime(interpreter, compiled, withGroups ? 2 * characters : characters, node);
  // The first search of a text tries the fast existence test (a lazy DFA) before the engine that locates matches.
  if (!sticky && position === 0 && !compiled.program.test(text)) return null;
  if (!matcher.find(position)) return null;
  const index = matcher.start();
  if (sticky && index !== position) return null;
  const end = matcher.end();
  const captures: (string | undefined)[] = [matcher.group() ?? ""];
  if (withGroups)
    for (let group = 1; group < compiled.groupNames.length; group++)
      captures.push(matcher.group(group) ?? undefined);
  return { index, end, captures };
}

/** The named groups of a match as a program object (names were checked when the pattern was compiled), or undefined. */
export function groupsObject(
  compiled: CompiledRegex,
  match: RegexMatch,
): Record<string, unknown> | undefined {
  if (!compiled.hasNamedGroups) return undefined;
  const groups = newObject();
  compiled.groupNames.forEach((name, group) => {
    if (name !== undefined) groups[name] = match.captures[group];
  });
  return groups;
}

/** The array `exec` and `match` return: the captures, with `index`, `input` and `groups`. */
export function execResult(compiled: CompiledRegex, match: RegexMatch, text: string): unknown[] {
  const result: unknown[] = [...match.captures];
  const define = (key: string, value: unknown) =>
    Object.defineProperty(result, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  define("index", match.index);
  define("input", text);
  define("groups", groupsObject(compiled, match));
  return result;
}
