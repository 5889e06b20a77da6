/**
 * Rules that read one file: show it, its first or last lines or a range of lines, and its size.
 * The file must exist in the workspace (the request's path is grounded first); it is bound as
 * the string param `path`, and line numbers are checked against a range before they become
 * number literals.
 */
import { quoted } from "./reading-text.js";
import { fileOf, numberOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleSlots } from "./rule-types.js";

/** Most lines the line rules show. */
const MAX_LINES = 100_000;

const readFile = (slots: RuleSlots) => {
  const path = fileOf(slots.file);
  return path
    ? { program: "read_file(path)", params: { path }, reading: `the text of ${quoted(path)}` }
    : "the file is not in the workspace";
};

/** The lines a first- or last-lines request asks for: its number, 1 for "the first line", else 10 (as `head`). */
function lineCount(slots: RuleSlots): number | null {
  const singular = slots.line?.[0] !== undefined && /^line$/i.test(slots.line[0].raw);
  return numberOf(slots.n, singular ? 1 : 10, MAX_LINES);
}

/** Rules that read one file. */
export const READ_RULES: readonly IntentRule[] = [
  {
    id: "first-lines",
    summary: "the first N lines of a file",
    examples: ["show the first 20 lines of README.md", "head package.json"],
    needs: ["read_file"],
    patterns: [
      "(?:show )?(?:first|top) (?:{n} )?(?:(?<line>line) )?(?:in )?{file}",
      "(?:show )?{file} (?:first|top) (?:{n} )?(?<line>line)",
    ].map(rulePattern),
    build(slots, context) {
      const path = fileOf(slots.file);
      const count = lineCount(slots);
      if (!path || count === null) return "the file or the number of lines is not usable";
      const reading = `the first ${count === 1 ? "line" : `${count} lines`} of ${quoted(path)}, joined with newlines`;
      return context.tools.has("read_lines")
        ? { program: `read_lines(path, 1, ${count}).join("\\n")`, params: { path }, reading }
        : {
            program: `read_file(path).split("\\n").slice(0, ${count}).join("\\n")`,
            params: { path },
            reading,
          };
    },
  },
  {
    id: "last-lines",
    summary: "the last N lines of a file",
    examples: ["show the last 10 lines of CHANGELOG.md", "tail src/index.ts"],
    needs: ["read_lines"],
    patterns: [
      "(?:show )?last (?:{n} )?(?:(?<line>line) )?(?:in )?{file}",
      "(?:show )?{file} last (?:{n} )?(?<line>line)",
    ].map(rulePattern),
    build(slots) {
      const path = fileOf(slots.file);
      const count = lineCount(slots);
      if (!path || count === null) return "the file or the number of lines is not usable";
      return {
        program: `read_lines(path, -${count}).join("\\n")`,
        params: { path },
        reading: `the last ${count === 1 ? "line" : `${count} lines`} of ${quoted(path)}, joined with newlines`,
      };
    },
  },
  {
    id: "line-range",
    summary: "line N, or lines N to M, of a file",
    examples: ["show lines 2 to 3 of README.md", "line 5 of src/index.ts"],
    needs: ["read_lines"],
    patterns: [
      "(?:show )?(?:in )?line (?<from>N) to (?:line )?(?<to>N) (?:in )?{file}",
      // "the 10th line of a.js", "from line 270 to the end of a.js".
      "(?:show )?(?:in )?(?<from>O) line (?:in )?{file}",
      "(?:show )?(?:in )?line (?<from>N) to (?<end>last) (?:in )?{file}",
      "(?:show )?(?:in )?line (?<from>N) (?:in )?{file}(?: say)?",
      "(?:show )?(?:in )?{file} line (?<from>N)(?: to (?<to>N))?",
    ].map(rulePattern),
    build(slots) {
      const path = fileOf(slots.file);
      const from = numberOf(slots.from, 1, MAX_LINES);
      const to = slots.to ? numberOf(slots.to, 1, MAX_LINES) : from;
      if (!path || from === null || to === null || to < from)
        return "the file or the line numbers are not usable";
      // A line past the file's end is not an empty line: null, and no answer.
      const past = {
        noneIsUnknown: `${quoted(path)} has no line ${from}`,
        emptyIsChecked: true as const,
      };
      const read = slots.end ? `read_lines(path, ${from})` : `read_lines(path, ${from}, ${to})`;
      return {
        program: `const lines = ${read}\nlen(lines) === 0 ? null : lines.join("\\n")`,
        params: { path },
        ...past,
        reading: slots.end
          ? `lines ${from} to the end of ${quoted(path)}, joined with newlines`
          : `${from === to ? `line ${from}` : `lines ${from} to ${to}`} of ${quoted(path)}${from === to ? "" : ", joined with newlines"}`,
      };
    },
  },
  {
    id: "read-file",
    summary: "show a file",
    examples: ["show README.md", "what's in package.json", "print the readme"],
    needs: ["read_file"],
    patterns: ["(?:show )?(?:content )?(?:in )?{file}(?: (?:content|say))?"].map(rulePattern),
    build: readFile,
  },
  {
    id: "file-size",
    summary: "a file's size in bytes",
    examples: ["how big is README.md", "what is the size of package.json"],
    needs: ["file_size"],
    patterns: [
      "(?:show |count )?(?:file )?size (?:in )?{file}(?: inbytes| size)?",
      "(?:show )?{file} (?:file )?size(?: inbytes)?",
      "count size (?:in )?{file}",
    ].map(rulePattern),
    build(slots) {
      const path = fileOf(slots.file);
      return path
        ? {
            program: "file_size(path)",
            params: { path },
            reading: `the size of ${quoted(path)} in bytes`,
          }
        : "the file is not in the workspace";
    },
  },
  {
    id: "markdown-headings",
    summary: "the headings of a markdown file",
    examples: ["list the headings in README.md", "what sections does docs/guide.md have"],
    needs: ["read_file"],
    patterns: [
      // "the section headings in README.md", "list the README's ## headings", "the h2 headings of".
      "(?<count>count )?(?:show )?(?:(?<level>W) )?(?<word>W) (?:in )?{file}",
      "(?<count>count )?(?:show )?(?:(?<level>W) )?(?<word>W) (?:in )?{file} have",
      "(?<count>count )?(?:show )?{file} (?:(?<level>W) )?(?<word>W)",
    ].map(rulePattern),
    build(slots) {
      if (!HEADING_WORD.test(slots.word?.[0]?.raw ?? ""))
        return `${quoted(slots.word?.[0]?.raw ?? "")} is not a word for a file's headings`;
      const which = slots.level?.[0]?.raw ?? "";
      if (which && !HEADING_LEVEL.test(which))
        return `${quoted(which)} before the headings is not read`;
      const path = fileOf(slots.file);
      if (!path || !/\.(?:md|markdown|mdx)$/i.test(path)) return "the file is not a markdown file";
      // "## headings", "h2 headings": that level only.
      const level = /^#+$/.test(which) ? which.length : /^h\d$/i.test(which) ? Number(which[1]) : 0;
      return {
        program: [
          "const headings = []",
          "let fenced = false",
          'for (const line of read_file(path).split("\\n")) {',
          "  if (/^\\s*(?:```|~~~)/.test(line)) fenced = !fenced",
          `  else if (!fenced && /^${level > 0 ? `#{${level}}` : "#{1,6}"}\\s/.test(line)) headings.push(line.replace(/^#+\\s+/, "").replace(/\\s+#+\\s*$/, "").trim())`,
          "}",
          slots.count ? "len(headings)" : "headings",
        ].join("\n"),
        params: { path },
        reading: `${slots.count ? "the number of " : ""}the ${level > 0 ? `level-${level} (${"#".repeat(level)}) ` : ""}headings of ${quoted(path)}: its lines that start with ${level > 0 ? "#".repeat(level) : "# to ######"}, outside code fences, as written after the #s (underlined headings not read)`,
      };
    },
  },
];

/** The words for a file's headings. */
const HEADING_WORD = /^(?:headings?|headers?|sections?|titles?)$/i;
/** A word before them that says which: "section", "markdown", "##", "h2". */
const HEADING_LEVEL = /^(?:section|markdown|md|#{1,6}|h[1-6])$/i;
