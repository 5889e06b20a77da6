/**
 * `.gitignore` files as `find_files` applies them, with git's semantics: a file's patterns apply
 * below its folder; `#` starts a comment, blank lines are skipped, trailing spaces are dropped
 * unless escaped (`\ `), a trailing `\r` too; `!` re-includes; a trailing `/` matches folders only;
 * a pattern with a `/` at its start or middle is anchored to the file's folder, any other matches a
 * name at any depth below it. The last pattern that matches decides, deeper files after the ones
 * above them. A folder that is ignored is not entered, so nothing below it can be re-included
 * (as in git). Each pattern is compiled once to the glob automaton (`compileGitignorePattern`);
 * literal names and `*.ext` suffixes are compared directly. The work is bounded by caps on a
 * file's size, a pattern's length and the patterns in effect at once.
 */
import { compileGitignorePattern } from "../glob/compile-gitignore-pattern.js";
import type { Glob } from "../glob/compile-glob.js";
import { MAX_GLOB_LENGTH } from "../glob/glob-program.js";
import { ToolError } from "../tool-error.js";

/** Largest `.gitignore` file `find_files` reads, in bytes. */
export const MAX_GITIGNORE_BYTES = 256 * 1024;
/** Most `.gitignore` patterns in effect at once (a folder's own and those of the folders above it). */
export const MAX_GITIGNORE_RULES = 4096;

/** One pattern of a `.gitignore` file, ready to match. */
export interface IgnoreRule {
  /** The folder of its `.gitignore`, workspace-relative with a trailing `/` (`""` at the root). */
  readonly base: string;
  readonly negated: boolean;
  readonly directoryOnly: boolean;
  /** Matched against the name alone (the pattern has no `/`), else against the path below `base`. */
  readonly nameOnly: boolean;
  /** The automaton, unless the pattern is a plain name or `*` + plain suffix. */
  readonly glob: Glob | null;
  readonly literal: string | null;
  readonly suffix: string | null;
}

const SPECIAL = /[*?[\\]/;
const HINT = "pass { include_ignored: true } to list files without reading .gitignore files";

/** The rules of one `.gitignore` file (`file` is its workspace-relative path, for errors; the caller caps its size at `MAX_GITIGNORE_BYTES`). */
export function parseGitignore(text: string, file: string): IgnoreRule[] {
  const base = file.slice(0, file.length - ".gitignore".length);
  const rules: IgnoreRule[] = [];
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index];
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (line === "" || line.startsWith("#")) continue;
    line = trimTrailingSpaces(line);
    const negated = line.startsWith("!");
    let pattern = negated ? line.slice(1) : line;
    const directoryOnly = pattern.endsWith("/");
    if (directoryOnly) pattern = pattern.slice(0, -1);
    if (pattern === "") continue;
    if (pattern.length > MAX_GLOB_LENGTH)
      throw gitignoreTooLarge(
        `'${file}' line ${index + 1} is a pattern over ${MAX_GLOB_LENGTH.toLocaleString("en")} characters`,
      );
    const nameOnly = !pattern.includes("/");
    if (pattern.startsWith("/")) pattern = pattern.slice(1);
    const rule = compileRule(pattern, { base, negated, directoryOnly, nameOnly });
    if (rule) rules.push(rule);
  }
  return rules;
}

/** The rules in effect below a folder: those above it, then its own; refused past `MAX_GITIGNORE_RULES`. */
export function withRules(
  above: readonly IgnoreRule[],
  own: readonly IgnoreRule[],
  file: string,
): readonly IgnoreRule[] {
  if (own.length === 0) return above;
  if (above.length + own.length > MAX_GITIGNORE_RULES)
    throw gitignoreTooLarge(
      `the .gitignore files down to '${file}' hold more than ${MAX_GITIGNORE_RULES} patterns`,
    );
  return [...above, ...own];
}

/** True when the rules ignore the workspace-relative path (a folder when `isFolder`). */
export function isIgnored(
  rules: readonly IgnoreRule[],
  relative: string,
  isFolder: boolean,
): boolean {
  if (rules.length === 0) return false;
  const name = relative.slice(relative.lastIndexOf("/") + 1);
  for (let index = rules.length - 1; index >= 0; index--) {
    const rule = rules[index];
    if (rule.directoryOnly && !isFolder) continue;
    if (matches(rule, rule.nameOnly ? name : relative.slice(rule.base.length)))
      return !rule.negated;
  }
  return false;
}

function matches(rule: IgnoreRule, text: string): boolean {
  if (rule.literal !== null) return text === rule.literal;
  if (rule.suffix !== null) return text.endsWith(rule.suffix) && !text.includes("/");
  return rule.glob!.test(text);
}

function compileRule(
  pattern: string,
  shape: Pick<IgnoreRule, "base" | "negated" | "directoryOnly" | "nameOnly">,
): IgnoreRule | null {
  if (!SPECIAL.test(pattern)) return { ...shape, glob: null, literal: pattern, suffix: null };
  if (pattern.startsWith("*") && !SPECIAL.test(pattern.slice(1)))
    return { ...shape, glob: null, literal: null, suffix: pattern.slice(1) };
  const glob = compileGitignorePattern(pattern);
  // A pattern git never matches (an unclosed `[`) has no effect.
  return glob ? { ...shape, glob, literal: null, suffix: null } : null;
}

/** Drops trailing spaces that are not escaped with `\`, as git does (tabs stay). */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  let spaces: number | null = null;
  for (let index = 0; index < end; index++) {
    const char = line[index];
    if (char === " ") spaces ??= index;
    else {
      if (char === "\\") index++;
      spaces = null;
    }
  }
  if (spaces !== null) end = spaces;
  return line.slice(0, end);
}

/** The retriable `gitignore_too_large` error: `what` says which cap a .gitignore is over. */
export function gitignoreTooLarge(what: string): ToolError {
  return new ToolError("gitignore_too_large", `find_files cannot apply .gitignore: ${what}.`, {
    retriable: true,
    hint: HINT,
  });
}
