/**
 * Finds the regex features that need a backtracking engine (backreferences, lookahead and
 * lookbehind) in a regex literal's source. Programs' regular expressions run on a linear-time
 * engine, which has none of them. One pass: escapes are skipped and character classes are not
 * looked into, so `[(?=]` or `\(?=` are plain characters.
 */
export function checkRegexLiteral(
  pattern: string,
  flags: string,
): { message: string; hint: string } | null {
  const namedGroups = flags.includes("u") || /\(\?<[^=!]/.test(pattern);
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index];
    if (character === "\\") {
      const next = pattern[index + 1] ?? "";
      index++;
      if (inClass) continue;
      if (/[1-9]/.test(next) || (next === "k" && namedGroups))
        return {
          message: `The regex /${pattern}/ uses a backreference (\\${next}…), which needs a backtracking engine; lackpy's regular expressions run in linear time.`,
          hint: "capture the text with a group, then compare it in code",
        };
    } else if (inClass) {
      if (character === "]") inClass = false;
    } else if (character === "[") {
      inClass = true;
    } else if (character === "(" && /^\(\?(?:[=!]|<[=!])/.test(pattern.slice(index, index + 4))) {
      return {
        message: `The regex /${pattern}/ uses lookahead or lookbehind, which needs a backtracking engine; lackpy's regular expressions run in linear time.`,
        hint: "match more text and keep the part you need with a capture group, or test a second regex in code",
      };
    }
  }
  return null;
}
