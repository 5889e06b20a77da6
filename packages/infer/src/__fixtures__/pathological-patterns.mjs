/**
 * Template patterns that froze tier 0 when each placeholder was a backtracking `(.+?)` and a
 * pattern without a plain word was tried against every intent (issue 35), and patterns that
 * answer any request. Each row: what it is, the pattern, and what the refusal says. Every way a
 * template arrives runs these rows: `parseTemplate` (a cloned `.tmpl`, `store import`),
 * `createTemplate` (MCP `create`, `lackpy create`), and a Postgres row.
 */
export const PATHOLOGICAL_PATTERNS = [
  [
    "fourteen placeholders side by side before a non-ASCII letter",
    "{a}{b}{c}{d}{e}{f}{g}{h}{i}{j}{k}{l}{m}{n}\u00e9",
    /side by side/,
  ],
  ["two placeholders side by side after a word", "count {a}{b}", /side by side/],
  ["a single placeholder that answers every request", "{request}", /no word of its own/],
  ["placeholders separated by spaces only", "{a} {b} {c}", /no word of its own/],
  ["a placeholder glued to a suffix", "{n}files", /no word of its own/],
  ["an empty pattern", "", /empty/],
  ["a pattern of punctuation only", "...", /empty/],
  ["a repeated placeholder", "{a} then {a}", /repeats the placeholder \{a\}/],
  ["seventeen placeholders", Array.from({ length: 17 }, (_, at) => `{p${at}} and`).join(" "), /17 placeholders/],
  ["a pattern of 501 characters", `${"x".repeat(495)} {a} y`, /501 characters/],
];

/** An intent of `length` characters that almost matches the patterns above: long runs a backtracking matcher retries. */
export function pathologicalIntent(length = 53) {
  return `${"a".repeat(Math.max(0, length - 1))}\u00e9`.slice(0, length);
}
