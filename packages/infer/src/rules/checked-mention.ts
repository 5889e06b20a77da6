/**
 * When finding nothing is an answer: a name no file of the workspace mentions is defined
 * nowhere and called nowhere. Rules that answer none only after such a check say so with
 * `emptyIsChecked`; the check is the search for the text `checkedMention` gives.
 */
import type { RuleContext } from "./rule-types.js";

/** A plain JavaScript identifier. */
export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** JavaScript's own functions whose names are all lower case: a call of one is written so. */
const LOWERCASE_GLOBALS = new Set([
  "eval",
  "fetch",
  "require",
  "atob",
  "btoa",
  "escape",
  "unescape",
]);

/**
 * The text whose absence from every file shows a name is not there (defined nowhere, called
 * nowhere), or null when none can: a name typed with its own inner capitals (fooBarBaz; its
 * first letter left out, so either case of it is a mention) or one of JavaScript's lower-case
 * globals. A name in lower case alone may be a camel-case name typed loosely.
 */
export function checkedMention(name: string, context: RuleContext): string | null {
  if (!context.tools.has("search_files") || !IDENTIFIER.test(name)) return null;
  if (LOWERCASE_GLOBALS.has(name)) return name;
  return /^.+[A-Z]/.test(name) && /[a-z]/.test(name) ? name.slice(1) : null;
}

/**
 * A program's last line: `found` when it holds something; else `none` (`[]` or `0`) when no
 * file (in `glob`, when the request names a place) mentions the text in the `mention` param;
 * else null, no answer.
 */
export function noneUnlessMentioned(found: string, none: "[]" | "0", inGlob: boolean): string {
  const some = none === "0" ? `${found} > 0` : `len(${found}) > 0`;
  return `${some} ? ${found} : len(search_files(mention${inGlob ? ", glob" : ""})) === 0 ? ${none} : null`;
}
