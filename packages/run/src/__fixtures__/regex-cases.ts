/**
 * Regex conformance cases: each runs in a program on the linear-time engine and natively on
 * V8 (the tests compute the expected value with the host's own RegExp), and both must agree.
 * `call` names the operation; `argument` is the replacement or the split limit.
 */
export interface RegexCase {
  pattern: string;
  flags: string;
  text: string;
  call: "test" | "exec" | "match" | "matchAll" | "search" | "split" | "replace" | "replaceAll";
  argument?: string | number;
}

const all = (
  pattern: string,
  flags: string,
  text: string,
  calls: RegexCase["call"][],
  argument?: string | number,
): RegexCase[] => calls.map((call) => ({ pattern, flags, text, call, argument }));

const READS: RegexCase["call"][] = ["test", "exec", "match", "search"];

export const REGEX_CASES: RegexCase[] = [
  ...all(String.raw`\d+`, "g", "a1b22c333", [...READS, "matchAll", "split"]),
  ...all(String.raw`\d+`, "", "a1b22c333", READS),
  ...all(String.raw`(\d+)-(\d+)`, "", "x 10-20 y 30-40", [...READS, "split"]),
  ...all(String.raw`(\d+)-(\d+)`, "g", "x 10-20 y 30-40", ["matchAll", "exec", "test"]),
  ...all(String.raw`(?<y>\d{4})-(?<m>\d\d)`, "g", "2024-05 and 2025-11", [...READS, "matchAll"]),
  ...all(String.raw`(?<y>\d{4})-(?<m>\d\d)`, "", "on 2024-05", ["exec", "match"]),
  ...all("a*", "g", "baaac", ["match", "matchAll", "split", "exec"]),
  ...all("(?:)", "g", "abc", ["match", "matchAll", "split"]),
  ...all(String.raw`^\w+$`, "m", "foo\nbar baz\nqux", ["match", "exec", "search"]),
  ...all(String.raw`^\w+$`, "gm", "foo\nbar baz\nqux", ["match", "matchAll"]),
  ...all(".", "g", "a\nb\rc\u2028d", ["match", "split"]),
  ...all(".", "gs", "a\nb\rc\u2028d", ["match"]),
  ...all(String.raw`\s+`, "g", "a \t\u00a0b\u2003c\ufeffd\u3000e", ["match", "split"]),
  ...all(String.raw`\S+`, "g", "a \t\u00a0b\u2003c\ufeffd", ["match"]),
  ...all(String.raw`[^\s]+`, "g", "a \t\u00a0b\u2003c", ["match"]),
  ...all(String.raw`[\s,]+`, "g", "a, b\u00a0,c", ["split"]),
  ...all("HELLO", "i", "say hello", READS),
  ...all("hello", "", "say hello, hello", [...READS, "split"]),
  ...all(String.raw`\bfoo\b`, "g", "foo food foo.bar", ["match", "matchAll"]),
  ...all(String.raw`\Boo\B`, "g", "foo fooo", ["match"]),
  ...all(String.raw`[\b]`, "", "a\bb", ["search"]),
  ...all(String.raw`\x41\u0042\cJ`, "", "xAB\n", ["exec"]),
  ...all(String.raw`[\u0041-\u005a]+`, "g", "abcDEFghi", ["match"]),
  ...all(String.raw`\u{1F600}`, "u", "x😀y", ["exec", "search"]),
  ...all("[😀-😂]", "u", "a😁b", ["exec"]),
  ...all(String.raw`\ud83d\ude00`, "", "x😀y", ["search"]),
  ...all(String.raw`\p{Lu}+`, "gu", "abcÄÖÜdef", ["match"]),
  ...all(String.raw`\p{Script=Greek}+`, "u", "abc αβγ", ["exec"]),
  ...all(String.raw`\p{Letter}+`, "gu", "12 héllo 34", ["match"]),
  ...all(String.raw`\P{L}+`, "gu", "ab12cd!!", ["match"]),
  ...all(String.raw`[\p{N}x]+`, "gu", "a12x3b", ["match"]),
  ...all("a{2,3}", "g", "aaaaaaa", ["match", "split"]),
  ...all("a{2,}", "g", "a aa aaaa", ["match"]),
  ...all("x{", "", "ax{b", ["exec"]),
  ...all("x{,2}", "", "ax{,2}b", ["exec"]),
  ...all("a|ab", "", "ab", ["exec"]),
  ...all("(a|ab)(c|bcd)(d*)", "", "abcd", ["exec"]),
  ...all("a+?", "g", "aaa", ["match"]),
  ...all("<.+?>", "g", "<a><b>", ["match"]),
  ...all("(a)|(b)", "g", "ab", ["matchAll", "split"]),
  ...all("(a)?b", "", "b", ["exec"]),
  ...all("[]", "", "abc", ["exec", "split"]),
  ...all("[^]", "g", "a\nb", ["match"]),
  ...all("\\/path\\/", "", "x/path/y", ["search"]),
  ...all(String.raw`[\]\[\-]`, "g", "a]b[c-d", ["match"]),
  ...all(String.raw`[[:alpha:]]`, "g", "a:[]", ["match"]),
  ...all(String.raw`[\d-z]+`, "g", "1-z a", ["match"]),
  ...all(String.raw`\d`, "y", "12a3", ["exec", "test", "match", "search"]),
  ...all(String.raw`\d`, "gy", "12a3", ["match", "matchAll", "replace"], "#"),
  ...all("o", "g", "foo foo", ["test", "exec"]),
  ...all(String.raw`\a\e\z\A\Q`, "", "xaezAQ", ["exec"]),
  ...all(String.raw`\0`, "", "a\0b", ["search"]),
  ...all(String.raw`[\101]`, "", "xA", ["exec"]),
  ...all(String.raw`\w+`, "gi", "Straße ok", ["match"]),
  ...all(String.raw`\t\n\v\f\r`, "", "x\t\n\v\f\ry", ["search"]),
  ...all(String.raw`[\s\S]+`, "", "a\nb", ["exec"]),
  ...all(String.raw`\.\*\+\?\(\)\{\}\|\^\$`, "", "x.*+?(){}|^$", ["search"]),
  ...all(String.raw`[.*+?]`, "g", "a.b*c", ["match"]),
  ...all(String.raw`\D+`, "g", "a1b22c", ["match"]),
  ...all(String.raw`\W+`, "g", "a, b! c", ["match", "split"]),
  ...all(String.raw`(\d)(\d)?`, "g", "1 23", ["matchAll"]),
  ...all("(?:ab)+", "g", "ababxab", ["match"]),
  ...all("é", "i", "É", ["test"]),
  ...all("[^a-c]+", "g", "abcdef", ["match"]),
  ...all("^", "gm", "a\nb", ["replace"], "> "),
  ...all("$", "gm", "a\nb", ["replace"], "!"),
  // split: captures, empty matches, limits
  ...all(",", "", "a,b,,c,", ["split"]),
  ...all("(,)", "", "a,b,,c,", ["split"]),
  ...all(String.raw`\s*`, "", "a b", ["split"]),
  ...all("x*", "", "", ["split"]),
  ...all("x", "", "", ["split"]),
  ...all(String.raw`(-)|(\+)`, "", "1-2+3", ["split"]),
  ...all(",", "", "a,b,c,d", ["split"], 2),
  ...all("(,)", "", "a,b,c,d", ["split"], 3),
  ...all(",", "", "a,b", ["split"], 0),
  // replacement patterns
  ...all(String.raw`(\w+)\s(\w+)`, "", "John Smith", ["replace"], "$2, $1"),
  ...all(String.raw`\d`, "g", "a1b2", ["replace", "replaceAll"], "[$&]"),
  ...all("b", "", "abc", ["replace"], "$`|$'"),
  ...all(String.raw`(?<first>\w+)`, "", "hi there", ["replace"], "$<first>!"),
  ...all(String.raw`(?<first>\w+)`, "", "hi there", ["replace"], "$<nope>!$<first"),
  ...all("(a)", "g", "aa", ["replace"], "$10$2$$$0"),
  ...all("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", "", "abcdefghijk", ["replace"], "$11-$10-$01-$1"),
  ...all("x*", "g", "abc", ["replace"], "-"),
  ...all("o", "g", "foo boo", ["replaceAll"], "0"),
  ...all(String.raw`\d`, "", "a1b2", ["replace"], "$<x>"),
  ...all("o", "", "hello", ["search"]),
  ...all(String.raw`\d`, "g", "ab3", ["search"]),
  ...all("z", "", "hello", ["search", "match", "exec", "test", "split"]),
  ...all("(\\d+)(px|em)", "g", "10px 2em 3pt", ["replace"], "$2:$1"),
  ...all(String.raw`[A-Z][a-z]+`, "g", "Hello Big World", ["match", "replace"], "_"),
  ...all(String.raw`\s+$`, "", "trailing   ", ["replace"], ""),
  ...all(String.raw`^\s+|\s+$`, "g", "  both  ", ["replace"], ""),
  ...all(String.raw`(\w+)@(\w+)\.com`, "gi", "a@b.com, C@D.COM", ["matchAll", "replace"], "$2/$1"),
  ...all(String.raw`\r?\n`, "", "a\r\nb\nc", ["split"]),
  ...all(String.raw`[aeiou]`, "gi", "Education", ["match", "replaceAll"], "*"),
  ...all(String.raw`(?:^|,)(\w*)`, "g", "a,,b", ["matchAll"]),
];

/** Behaviours where RE2 and V8 differ on purpose (matching by code point), pinned with lackpy's result. */
export const REGEX_DIFFERENCES: { source: string; output: unknown; note: string }[] = [
  {
    source: `"😀".match(/./g)`,
    output: ["😀"],
    note: "without the u flag V8 matches each UTF-16 unit; the linear-time engine matches code points",
  },
  {
    source: `/^.$/.test("😀")`,
    output: true,
    note: "the same: one code point is one character",
  },
];
