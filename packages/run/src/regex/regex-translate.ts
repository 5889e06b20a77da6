/**
 * Translates a JavaScript regular expression (source and flags, already valid JavaScript) into
 * RE2 syntax for the linear-time engine, keeping what the program sees as JavaScript where RE2
 * allows it. One pass over the source, no backtracking:
 *
 * - escapes that differ are rewritten (`\s` and `\S` to JavaScript's whitespace set, `.` to
 *   "anything but a line terminator", `\uHHHH` and surrogate pairs to `\x{…}`, `\cX`, legacy
 *   octal, identity escapes such as `\a` or `\z` to the plain letter, `[\b]` to backspace);
 * - `[^]` and `[]` become "any character" and "nothing"; `[` inside a class is escaped so RE2
 *   never reads a POSIX class; a `{` that is not a quantifier is a literal;
 * - named groups become `(?P<name>…)`; a name that is a forbidden property is refused;
 * - backreferences and lookaround are refused (they need backtracking), as are repeat counts
 *   above RE2's 1000 and the `d` and `v` flags.
 */
import { forbiddenPropertyMessage, isForbiddenProperty } from "@lackpy/lang";
import { translateProperty } from "./regex-property.js";

/** A pattern ready for RE2, with its capture groups. */
export interface TranslatedPattern {
  source: string;
  ignoreCase: boolean;
  multiline: boolean;
  /** Names of capture groups by group number (index 0 is the whole match and has none). */
  groupNames: (string | undefined)[];
}

/** Why a pattern cannot run on the linear-time engine. */
export interface PatternProblem {
  code: "runtime_error" | "forbidden_property";
  message: string;
  hint: string;
}

const SPACES =
  "\\t\\n\\v\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}";
const NOT_LINE_TERMINATOR = "[^\\n\\r\\x{2028}\\x{2029}]";
const ANY = "[\\x{0}-\\x{10ffff}]";
const NOTHING = "[^\\x{0}-\\x{10ffff}]";
const MAX_REPEAT = 1000;
const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const QUANTIFIER = /^\{(\d+)(?:,(\d*))?\}/;
const HEX = /^[0-9A-Fa-f]+$/;

function problem(message: string, hint: string): PatternProblem {
  return { code: "runtime_error", message, hint };
}

const BACKREFERENCE = problem(
  "Backreferences (\\1, \\k<name>) need a backtracking regex engine; lackpy runs regular expressions on a linear-time engine.",
  "capture the text with a group, then compare it in code",
);

function hex(codePoint: number): string {
  return `\\x{${codePoint.toString(16)}}`;
}

/** A literal character for RE2: punctuation escaped, everything else as itself. */
function literal(character: string): string {
  return /^[!-/:-@[-`{-~]$/.test(character) ? `\\${character}` : character;
}

/** Translates `source` with `flags` (both valid JavaScript) to RE2 syntax, or says why it cannot run. */
export function translatePattern(
  source: string,
  flags: string,
): TranslatedPattern | PatternProblem {
  for (const flag of flags) {
    if (flag === "d")
      return problem(
        "The regex flag 'd' (match indices) is not supported.",
        "use m.index and the length of the match",
      );
    if (flag === "v")
      return problem("The regex flag 'v' is not supported.", "use the u flag instead");
  }
  return new Translator(source, flags).run();
}

class Translator {
  private index = 0;
  private readonly out: string[] = [];
  private readonly unicode: boolean;
  private readonly dotAll: boolean;
  private readonly namedGroups: boolean;
  private readonly groupNames: (string | undefined)[] = [undefined];

  constructor(
    private readonly source: string,
    private readonly flags: string,
  ) {
    this.unicode = flags.includes("u");
    this.dotAll = flags.includes("s");
    this.namedGroups = /\(\?<[^=!]/.test(source);
  }

  run(): TranslatedPattern | PatternProblem {
    const source = this.source;
    while (this.index < source.length) {
      const character = source[this.index];
      let result: string | PatternProblem;
      switch (character) {
        case "\\":
          result = this.escape(false);
          break;
        case "[":
          result = this.characterClass();
          break;
        case "(":
          result = this.group();
          break;
        case ".":
          this.index++;
          result = this.dotAll ? ANY : NOT_LINE_TERMINATOR;
          break;
        case "{":
          result = this.brace();
          break;
        case "}":
        case "]":
          this.index++;
          result = `\\${character}`;
          break;
        default:
          result = this.plain();
      }
      if (typeof result !== "string") return result;
      this.out.push(result);
    }
    return {
      source: this.out.join(""),
      ignoreCase: this.flags.includes("i"),
      multiline: this.flags.includes("m"),
      groupNames: this.groupNames,
    };
  }

  /** One character as itself (a whole code point, so surrogate pairs stay one character). */
  private plain(): string {
    const codePoint = this.source.codePointAt(this.index)!;
    const character = String.fromCodePoint(codePoint);
    this.index += character.length;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) return hex(codePoint);
    return "()|^$*+?".includes(character) ? character : literal(character);
  }

  private brace(): string | PatternProblem {
    const quantifier = QUANTIFIER.exec(this.source.slice(this.index, this.index + 24));
    if (!quantifier) {
      this.index++;
      return "\\{";
    }
    const counts = [quantifier[1], quantifier[2]].filter((count) => count !== undefined && count);
    if (counts.some((count) => Number(count) > MAX_REPEAT))
      return problem(
        `The repeat count in '${quantifier[0]}' is over ${MAX_REPEAT}, the most the linear-time regex engine allows.`,
        "use a smaller count, or check the length in code",
      );
    this.index += quantifier[0].length;
    return quantifier[0];
  }

  private group(): string | PatternProblem {
    const rest = this.source.slice(this.index, this.index + 4);
    if (rest.startsWith("(?:")) {
      this.index += 3;
      return "(?:";
    }
    if (rest.startsWith("(?=") || rest.startsWith("(?!") || /^\(\?<[=!]/.test(rest))
      return problem(
        "Lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) need a backtracking regex engine; lackpy runs regular expressions on a linear-time engine.",
        "match more text and pick the part you need with a capture group, or test a second regex in code",
      );
    if (rest.startsWith("(?<")) {
      const close = this.source.indexOf(">", this.index);
      const name = this.source.slice(this.index + 3, close);
      if (isForbiddenProperty(name)) {
        const { message, hint } = forbiddenPropertyMessage(name);
        return { code: "forbidden_property", message: `Regex group name: ${message}`, hint };
      }
      if (!GROUP_NAME.test(name))
        return problem(
          `The regex group name '${name}' is not supported.`,
          "name groups with ASCII letters, digits and _",
        );
      this.groupNames.push(name);
      this.index = close + 1;
      return `(?P<${name}>`;
    }
    this.groupNames.push(undefined);
    this.index++;
    return "(";
  }

  private characterClass(): string | PatternProblem {
    const source = this.source;
    this.index++;
    const negated = source[this.index] === "^";
    if (negated) this.index++;
    if (source[this.index] === "]") {
      this.index++;
      return negated ? ANY : NOTHING;
    }
    const parts: string[] = [negated ? "[^" : "["];
    let previousWasSet = false;
    while (this.index < source.length && source[this.index] !== "]") {
      const character = source[this.index];
      if (character === "\\") {
        const isSet =
          /^\\[dDwWsS]/.test(source.slice(this.index, this.index + 2)) ||
          (this.unicode && /^\\[pP]/.test(source.slice(this.index, this.index + 2)));
        const escaped = this.escape(true);
        if (typeof escaped !== "string") return escaped;
        parts.push(escaped);
        previousWasSet = isSet;
        continue;
      }
      if (character === "-") {
        const next = source.slice(this.index + 1, this.index + 3);
        const nextIsSet = /^\\[dDwWsS]/.test(next) || (this.unicode && /^\\[pP]/.test(next));
        parts.push(previousWasSet || nextIsSet ? "\\-" : "-");
        this.index++;
        previousWasSet = false;
        continue;
      }
      const codePoint = source.codePointAt(this.index)!;
      const text = String.fromCodePoint(codePoint);
      this.index += text.length;
      parts.push(
        codePoint >= 0xd800 && codePoint <= 0xdfff
          ? hex(codePoint)
          : "[]\\^".includes(text)
            ? `\\${text}`
            : text,
      );
      previousWasSet = false;
    }
    this.index++;
    parts.push("]");
    return parts.join("");
  }

  /** An escape at `this.index` (a backslash), inside a class or not. */
  private escape(inClass: boolean): string | PatternProblem {
    const source = this.source;
    const next = source[this.index + 1] ?? "";
    this.index += 2;
    switch (next) {
      case "d":
      case "D":
      case "w":
      case "W":
      case "t":
      case "n":
      case "v":
      case "f":
      case "r":
        return `\\${next}`;
      case "s":
        return inClass ? SPACES : `[${SPACES}]`;
      case "S":
        // Inside a class RE2's own \S (not ASCII space) is the nearest RE2 allows.
        return inClass ? "\\S" : `[^${SPACES}]`;
      case "b":
        return inClass ? hex(8) : "\\b";
      case "B":
        return inClass ? "B" : "\\B";
      case "0":
        if (!/[0-9]/.test(source[this.index] ?? "")) return hex(0);
        return this.octal(0);
      case "c": {
        const letter = source[this.index] ?? "";
        if (/[A-Za-z]/.test(letter)) {
          this.index++;
          return hex(letter.charCodeAt(0) % 32);
        }
        // Annex B: a backslash that starts no escape is itself.
        this.index--;
        return "\\\\";
      }
      case "x": {
        const digits = source.slice(this.index, this.index + 2);
        if (digits.length === 2 && HEX.test(digits)) {
          this.index += 2;
          return hex(Number.parseInt(digits, 16));
        }
        return "x";
      }
      case "u":
        return this.unicodeEscape();
      case "p":
      case "P":
        return this.unicode ? this.property(next === "P", inClass) : next;
      case "k":
        return this.unicode || this.namedGroups ? BACKREFERENCE : "k";
      default:
        break;
    }
    if (/[1-9]/.test(next)) {
      if (!inClass) return BACKREFERENCE;
      return next === "8" || next === "9" ? next : this.octal(Number(next));
    }
    if (next === "") return "\\\\";
    // An identity escape: the character itself (a whole code point).
    this.index -= 1;
    const codePoint = source.codePointAt(this.index)!;
    const character = String.fromCodePoint(codePoint);
    this.index += character.length;
    if (character === "-") return "\\-";
    return literal(character);
  }

  /** Annex B legacy octal: up to three octal digits, at most 0o377, the first already read. */
  private octal(first: number): string {
    let value = first;
    for (let count = 0; count < 2; count++) {
      const digit = this.source[this.index] ?? "";
      if (!/[0-7]/.test(digit) || value * 8 + Number(digit) > 0o377) break;
      value = value * 8 + Number(digit);
      this.index++;
    }
    return hex(value);
  }

  private unicodeEscape(): string {
    const source = this.source;
    if (source[this.index] === "{" && this.unicode) {
      const close = source.indexOf("}", this.index);
      const digits = source.slice(this.index + 1, close);
      this.index = close + 1;
      return hex(Number.parseInt(digits, 16));
    }
    const digits = source.slice(this.index, this.index + 4);
    if (digits.length < 4 || !HEX.test(digits)) return "u";
    this.index += 4;
    const unit = Number.parseInt(digits, 16);
    // A surrogate pair written as two escapes is one code point for the engine.
    const low = /^\\u([Dd][C-Fc-f][0-9A-Fa-f]{2})/.exec(source.slice(this.index, this.index + 6));
    if (unit >= 0xd800 && unit <= 0xdbff && low) {
      this.index += 6;
      return hex(0x10000 + (unit - 0xd800) * 0x400 + (Number.parseInt(low[1], 16) - 0xdc00));
    }
    return hex(unit);
  }

  private property(negated: boolean, inClass: boolean): string | PatternProblem {
    const close = this.source.indexOf("}", this.index);
    const body = this.source.slice(this.index + 1, close);
    this.index = close + 1;
    const translated = translateProperty(body, negated, inClass);
    return typeof translated === "string"
      ? translated
      : problem(translated.message, translated.hint);
  }
}
