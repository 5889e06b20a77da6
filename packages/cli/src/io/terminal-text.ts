/**
 * What reaches a person's terminal. Every text the CLI prints in human form passes through
 * `terminalText` on its way out (the io of every command does it: `terminalIo`), so no file, program
 * output, tool result, model text, config value, file name or error can move the cursor, erase a
 * line, set the window title, write the clipboard (OSC 52), make a link (OSC 8), reorder what is
 * shown (bidi overrides) or hide a character: control characters, bidi controls, format and other
 * invisible code points, line separators and lone surrogates are shown as visible escapes
 * (`␛[2K`, `\r`, `\u202e`). Tabs, newlines and `\r\n` line ends stay, and so do the emoji joiners
 * and variation selectors inside an emoji.
 *
 * lackpy's own styling (colours, the spinner's line clearing) is not written as escape sequences:
 * `styleMark` wraps a style in a marker that carries a random nonce made once per process (on the first marker),
 * which no text from outside can know, and `terminalText` turns only those markers into escape
 * sequences (or drops them when colour is off). `--json` documents bypass all of this and stay
 * byte-exact (`TerminalIo.document`).
 */
import { randomBytes } from "node:crypto";

const OPEN = "\uE000";
const CLOSE = "\uE001";

/**
 * The process's nonce and the expression of its markers, made on the first marker: before any
 * marker exists no text can hold one, and a command that styles nothing (`--json`) makes none.
 */
let marks: { nonce: string; pattern: RegExp } | null = null;

function styleMarks(): { nonce: string; pattern: RegExp } {
  if (marks) return marks;
  const nonce = randomBytes(9).toString("base64url");
  return (marks = { nonce, pattern: new RegExp(`${OPEN}${nonce}([0-9;]*m|K)${CLOSE}`, "g") });
}

/** A style marker: an SGR code (`31m`) or `K` (return to the line's start and clear it). */
export function styleMark(code: string): string {
  return `${OPEN}${styleMarks().nonce}${code}${CLOSE}`;
}

let patterns: { hidden: RegExp; emoji: RegExp } | null = null;

/**
 * What is escaped: C0 controls but tab and newline, a carriage return not followed by a newline,
 * DEL and C1 controls, format characters (bidi controls, zero-width ones, tags, the BOM),
 * default-ignorable code points (variation selectors, Hangul fillers), line and paragraph
 * separators, and lone surrogates.
 */
function hiddenPatterns(): { hidden: RegExp; emoji: RegExp } {
  // Made on first use: V8 expands the property classes (`\p{Cf}`) when a literal is first
  // evaluated (about 1 ms), which a command that prints only JSON or plain ASCII never needs.
  return (patterns ??= {
    hidden:
      /[\u0000-\u0008\u000B-\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|\r(?!\n)|\p{Cf}|\p{Default_Ignorable_Code_Point}|\p{Cs}/gu, // eslint-disable-line no-control-regex
    emoji: /\p{Extended_Pictographic}/u,
  });
}

/**
 * Text none of whose characters is hidden: tabs, newlines and printable ASCII (no ASCII character
 * is a format character, default-ignorable or a surrogate).
 */
const PLAIN = /^[\t\n\x20-\x7E]*$/;
const NAMED: Readonly<Record<string, string>> = Object.freeze({
  "\u001B": "␛",
  "\r": "\\r",
  "\b": "\\b",
  "\f": "\\f",
  "\v": "\\v",
  "\u0000": "\\0",
});

/** One hidden code point as visible text: `␛`, `\r`, `\x07`, `\u202e`, `\u{e0041}`. */
function visible(character: string): string {
  const named = NAMED[character];
  if (named !== undefined) return named;
  const code = character.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\u{${code.toString(16)}}`;
}

/** True for a joiner or variation selector inside an emoji (`❤️`, `👩‍💻`), which is what draws it. */
function insideEmoji(text: string, character: string, offset: number): boolean {
  if (character !== "\u200D" && character !== "\uFE0F" && character !== "\uFE0E") return false;
  const before = text.codePointAt(offset - 1 - (isLowSurrogate(text, offset - 1) ? 1 : 0));
  const after = text.codePointAt(offset + 1);
  const emojiBefore =
    before !== undefined &&
    (hiddenPatterns().emoji.test(String.fromCodePoint(before)) ||
      before === 0xfe0f ||
      /[#*0-9]/.test(String.fromCodePoint(before)));
  if (character !== "\u200D") return emojiBefore;
  return (
    emojiBefore && after !== undefined && hiddenPatterns().emoji.test(String.fromCodePoint(after))
  );
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff && index > 0;
}

/** `text` with every control character and invisible code point made visible (see the file comment). */
export function escapeTerminalText(text: string): string {
  if (PLAIN.test(text)) return text;
  const { hidden } = hiddenPatterns();
  hidden.lastIndex = 0;
  if (!hidden.test(text)) return text;
  return text.replace(hidden, (character, offset: number) =>
    insideEmoji(text, character, offset) ? character : visible(character),
  );
}

/**
 * Text as the terminal gets it: escaped (`escapeTerminalText`), with lackpy's own style markers
 * turned into escape sequences when `color` is on and dropped otherwise.
 */
export function terminalText(text: string, color: boolean): string {
  if (!text.includes(OPEN)) return escapeTerminalText(text);
  let out = "";
  let last = 0;
  for (const mark of text.matchAll(styleMarks().pattern)) {
    out += escapeTerminalText(text.slice(last, mark.index));
    if (color) out += mark[1] === "K" ? "\r\u001B[2K" : `\u001B[${mark[1]}`;
    last = mark.index + mark[0].length;
  }
  return out + escapeTerminalText(text.slice(last));
}

/** Text of lackpy's own that holds SGR escape sequences (citty's help), with them as style markers. */
export function trustedStyles(text: string): string {
  return text.replace(/\u001B\[([0-9;]*m)/g, (_sequence, code: string) => styleMark(code)); // eslint-disable-line no-control-regex
}
