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
  // Native string work only: this runs once for each pattern a request tries, while the code
  // is still cold, where a loop over characters would cost more than the expressions it spares.
  let rest = source
    .replace(ESCAPE, BREAK)
    .replace(CLASS, BREAK)
    .replace(SHORTHAND, BREAK)
    .replace(WORDS_GROUP, `${BREAK}$1${BREAK}`);
  for (let inner = rest.replace(GROUP, BREAK); inner !== rest; inner = rest.replace(GROUP, BREAK))
    rest = inner;
  if (/[()|]/.test(rest)) return null;
  return rest
    .replace(QUANTIFIED, BREAK)
    .replace(WILDCARD, BREAK)
    .split(BREAKS)
    .filter((run) => run !== "");
}

/** Where a run ends: a character no rule pattern holds (a group once read ends one too). */
const BREAK = "\n";
const BREAKS = /\n+/;
/** An escape (`\w`, `\.`): a class or a character the reading does not follow. */
const ESCAPE = /\\[^]/g;
/** A class, its escapes already gone. */
const CLASS = /\[\^?\]?[^\]]*\]/g;
/** A shorthand of `rulePattern` (`{scope}`): a group once expanded. */
const SHORTHAND = /\{[A-Za-z]\w*\}/g;
/** A group that must be there and holds only words (`(?<verb>import)`): its words. */
const WORDS_GROUP = /\((?:\?:|\?<[A-Za-z]\w*>)?([A-Za-z ]+)\)(?![?*+{])/g;
/** An innermost group, of any kind. */
const GROUP = /\([^()]*\)/g;
/** A character or group that may be absent or repeated, with its quantifier. */
const QUANTIFIED = /[^]?(?:[?*+]|\{\d+(?:,\d*)?\})\??/g;
/** Characters that match more than themselves, or nothing. */
const WILDCARD = /[.^$]/g;
