/**
 * The number of lines of a text: each run of characters ended by "\n", plus the final run after
 * the last "\n" when it is not empty; an empty text has none ("a\nb" and "a\nb\n" both have 2).
 */
export function countLines(text: string): number {
  let newlines = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) newlines++;
  return newlines + (text === "" || text.endsWith("\n") ? 0 : 1);
}
