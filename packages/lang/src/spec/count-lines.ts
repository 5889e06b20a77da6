/**
 * The number of lines in a text, by lackpy's one rule (the `line_count` helper, and every tool
 * that counts lines): a line is each run of characters ended by `"\n"`, plus the run after the
 * last `"\n"` when it is not empty. So `""` has 0 lines, `"a"` 1, `"a\n"` 1, `"a\nb"` 2 and
 * `"\n\n"` 2; a `"\r"` before a `"\n"` belongs to its line.
 */
export function countLines(text: string): number {
  let count = 0;
  let index = text.indexOf("\n");
  for (; index >= 0; index = text.indexOf("\n", index + 1)) count++;
  return text.length > 0 && !text.endsWith("\n") ? count + 1 : count;
}
