/**
 * Intents and patterns are normalised the same way before they are compared: surrounding
 * whitespace is trimmed, runs of whitespace become one space, and punctuation at the very end
 * (`. ! ? , ; : …`) is dropped. Everything else is literal: words, their order, and punctuation
 * inside the intent must match. So "Find all TODO comments." and "find  all todo comments" are
 * the same request (letters compare without case), while "find all TODO comment", "please find all
 * TODO comments" and "find, all TODO comments" are not.
 */

const TRAILING_CHARACTER = /^[\s.!?,;:\u2026]$/;
/** Whitespace other than one space, or two spaces in a row. */
const SPACING_TO_FIX = /[^\S ]| {2}/;

/** An intent as templates compare it: trimmed, single spaces, no trailing punctuation; case kept. */
export function intentForMatching(intent: string): string {
  let text = intent.trim();
  // Most text is already in shape; testing first is several times cheaper than replacing.
  if (SPACING_TO_FIX.test(text)) text = text.replace(/\s+/g, " ");
  // A loop from the end, not a `[…]+$` expression, which is tried from every position of a long
  // run of punctuation (quadratic in the intent).
  let end = text.length;
  while (end > 0 && TRAILING_CHARACTER.test(text.charAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** An intent as the ratchet counts it: `intentForMatching` in lower case; two intents that normalise alike are the same request. */
export function normaliseIntent(intent: string): string {
  return intentForMatching(intent).toLowerCase();
}
