/**
 * The report's sentences as plain text with two marks, shown the same way in markdown and HTML:
 * a term being defined (`define("gate")`, `<dfn>` in HTML, italic in markdown) and `code` in
 * backticks (`<code>` in HTML, as is in markdown).
 */
import { escapeHtml } from "./escape-html.js";

const OPEN = "\u2983";
const CLOSE = "\u2984";
const DEFINED = new RegExp(`${OPEN}([^${OPEN}${CLOSE}]+)${CLOSE}`, "g");

/** Marks the defining use of a term in a sentence. */
export function define(term: string): string {
  return `${OPEN}${term}${CLOSE}`;
}

/** A sentence as markdown: defined terms in italics. */
export function proseMarkdown(text: string): string {
  return text.replace(DEFINED, "*$1*");
}

/** A sentence as HTML: escaped, defined terms in `<dfn>`, backticked code in `<code>`. */
export function proseHtml(text: string): string {
  return escapeHtml(text)
    .replace(DEFINED, "<dfn>$1</dfn>")
    .replace(/`([^`]+)`/g, "<code>$1</code>");
}
