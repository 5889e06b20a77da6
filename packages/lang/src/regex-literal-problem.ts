/**
 * The check of a regex literal's pattern (language.md §6): the place where literals that need
 * backtracking (backreferences, lookaround) are rejected as `forbidden_syntax`. Every regex
 * literal of a program passes through here; today all are accepted.
 */
export function regexLiteralProblem(
  _pattern: string,
  _flags: string,
): { message: string; hint: string } | null {
  return null;
}
