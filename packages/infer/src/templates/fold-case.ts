/**
 * Case folding exactly as a JavaScript regular expression with the `i` flag and without `u`
 * compares characters (ECMA-262 `Canonicalize`): each UTF-16 code unit maps to its upper case when
 * that is one code unit, except that a character outside ASCII never maps into ASCII (so the
 * Kelvin sign stays apart from `k`, while final and medial sigma, or the micro sign and mu, fold
 * together). Folding keeps the length, so a position in the folded text is a position in the
 * text: template patterns match on folded text with plain `indexOf`, in linear time.
 */

const ASCII = /^[\x00-\x7f]*$/; // eslint-disable-line no-control-regex

/** Folded code units of the BMP, computed on first use (-1: not yet). */
let table: Int32Array | null = null;

/** The folded form of one UTF-16 code unit. */
export function foldCodeUnit(code: number): number {
  if (code < 128) return code >= 97 && code <= 122 ? code - 32 : code;
  table ??= new Int32Array(65536).fill(-1);
  const known = table[code]!;
  if (known >= 0) return known;
  const upper = String.fromCharCode(code).toUpperCase();
  const folded = upper.length !== 1 || upper.charCodeAt(0) < 128 ? code : upper.charCodeAt(0);
  table[code] = folded;
  return folded;
}

/** `text` with every code unit folded (`foldCodeUnit`); the same length as `text`. */
export function foldCase(text: string): string {
  // ASCII text (most intents) folds as its upper case.
  if (ASCII.test(text)) return text.toUpperCase();
  let out = "";
  for (let index = 0; index < text.length; index++)
    out += String.fromCharCode(foldCodeUnit(text.charCodeAt(index)));
  return out;
}
