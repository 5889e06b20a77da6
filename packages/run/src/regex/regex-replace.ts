/**
 * `replace` and `replaceAll` of programs on the linear-time engine, with JavaScript's semantics:
 * `$` patterns in a replacement string, replacement callbacks (a callback may call
 * tools), string patterns taken literally. Matches are produced lazily and the result's length
 * is checked against the size limit before each piece is added.
 */
import type { Node } from "@lackpy/lang";
import { toDisplayString } from "../values/display.js";
import { compileRegex, groupsObject, type CompiledRegex, type RegexMatch } from "./guest-regex.js";
import { STOP, after, repeat } from "../maybe-async.js";
import type { RunContext } from "../run-context.js";
import { execMatch, matchesOf } from "./regex-methods.js";
import { isCallable } from "../values/values.js";

/** JavaScript's GetSubstitution: `$$`, `$&`, `` $` ``, `$'`, `$1`…`$99` and `$<name>` in a replacement. */
function expandReplacement(
  template: string,
  text: string,
  match: RegexMatch,
  groups: Record<string, unknown> | undefined,
): string {
  if (!template.includes("$")) return template;
  const matched = match.captures[0] ?? "";
  const groupCount = match.captures.length - 1;
  let result = "";
  let index = 0;
  while (index < template.length) {
    const dollar = template.indexOf("$", index);
    if (dollar < 0 || dollar === template.length - 1) {
      result += template.slice(index);
      break;
    }
    result += template.slice(index, dollar);
    const next = template[dollar + 1];
    index = dollar + 2;
    if (next === "$") result += "$";
    else if (next === "&") result += matched;
    else if (next === "`") result += text.slice(0, match.index);
    else if (next === "'") result += text.slice(match.index + matched.length);
    else if (next >= "0" && next <= "9") {
      const two = Number(template.slice(dollar + 1, dollar + 3));
      const one = Number(next);
      if (/^\d\d$/.test(template.slice(dollar + 1, dollar + 3)) && two >= 1 && two <= groupCount) {
        result += match.captures[two] ?? "";
        index = dollar + 3;
      } else if (one >= 1 && one <= groupCount) result += match.captures[one] ?? "";
      else result += `$${next}`;
    } else if (next === "<" && groups !== undefined) {
      const close = template.indexOf(">", dollar + 2);
      if (close < 0) result += "$<";
      else {
        const name = template.slice(dollar + 2, close);
        const value = Object.hasOwn(groups, name) ? groups[name] : undefined;
        result += value === undefined ? "" : String(value);
        index = close + 1;
      }
    } else result += `$${next}`;
  }
  return result;
}

/** The matches a string pattern replaces: its first occurrence, or all of them (an empty pattern matches between every character). */
function* literalMatches(text: string, needle: string, all: boolean): Generator<RegexMatch> {
  let position = text.indexOf(needle, 0);
  while (position >= 0) {
    yield { index: position, end: position + needle.length, captures: [needle] };
    const next = position + Math.max(1, needle.length);
    if (!all || next > text.length) return;
    position = text.indexOf(needle, next);
  }
}

/**
 * `text.replace(pattern, replacement)` and `replaceAll`: a replacement string with `$` patterns,
 * or a callback. Synchronous unless a callback had to wait; then the rest of the matches are
 * replaced asynchronously, in order.
 */
export function stringReplace(
  interpreter: RunContext,
  text: string,
  pattern: unknown,
  replacement: unknown,
  all: boolean,
  node: Node,
): string | Promise<string> {
  let matches: Iterable<RegexMatch>;
  let compiled: CompiledRegex | null = null;
  const callback = isCallable(replacement) ? replacement : null;
  const template = callback ? "" : toDisplayString(replacement, interpreter);
  if (pattern instanceof RegExp) {
    if (all && !pattern.global)
      throw interpreter.fault(
        "runtime_error",
        "replaceAll needs a regex with the g flag.",
        node,
        `add the flag: /${pattern.source}/g${pattern.flags}`,
      );
    compiled = compileRegex(interpreter, pattern, node);
    const withGroups = callback !== null || template.includes("$");
    matches = regexReplaceMatches(interpreter, pattern, compiled, text, withGroups, node);
  } else {
    interpreter.chargeWork(text.length + 1, node);
    matches = literalMatches(text, toDisplayString(pattern, interpreter), all);
  }
  let result = "";
  let last = 0;
  const append = (match: RegexMatch, piece: string) => {
    const length = result.length + (match.index - last) + piece.length + (text.length - match.end);
    if (length > interpreter.limits.maxSize) interpreter.checkSize(length, "a string", node);
    interpreter.chargeWork(1 + (piece.length >> 4), node);
    result += text.slice(last, match.index) + piece;
    last = match.end;
  };
  const iterator = matches[Symbol.iterator]();
  const done = repeat(interpreter, () => {
    const next = iterator.next();
    if (next.done) return STOP;
    const match = next.value;
    const groups = compiled ? groupsObject(compiled, match) : undefined;
    if (!callback) return append(match, expandReplacement(template, text, match, groups));
    const args: unknown[] = [...match.captures, match.index, text];
    if (groups !== undefined) args.push(groups);
    return after(interpreter.callFunction(callback, args, node), (piece) =>
      append(match, toDisplayString(piece, interpreter)),
    );
  });
  return after(done, () => result + text.slice(last));
}

function regexReplaceMatches(
  interpreter: RunContext,
  regex: RegExp,
  compiled: CompiledRegex,
  text: string,
  withGroups: boolean,
  node: Node,
): Iterable<RegexMatch> {
  if (!regex.global) {
    const found = execMatch(interpreter, regex, text, node, withGroups);
    return found ? [found.match] : [];
  }
  regex.lastIndex = 0;
  return matchesOf(interpreter, regex, compiled, text, 0, withGroups, node);
}
