/**
 * A generated program as a person can save and run it: the values a template or rule bound
 * (`pattern`, `file`, …) become `const` lines in front, so `find_files(pattern)` is shown as
 * `const pattern = "**\/*.ts"` then `find_files(pattern)`, and `lackpy run` gives the same output.
 */
export function runnableProgram(
  program: string,
  params: Readonly<Record<string, unknown>>,
): string {
  const names = Object.keys(params);
  if (names.length === 0) return program;
  const preamble = names.map((name) => `const ${name} = ${JSON.stringify(params[name])}`);
  return `${preamble.join("\n")}\n${program}`;
}
