/**
 * Counting text: how many times some text occurs (every occurrence, as `grep -o` counts them),
 * how many lines contain it (`grep -c`), and the lines that start with it. The text is quoted,
 * or one word, path or name after the words that introduce it ("occurrences of X", "how many
 * times does X appear", "lines that contain X"); it is a string param (`query`), looked for
 * exactly, case-sensitive. `search_files` finds the files and lines; the occurrences and line
 * starts are read from each file's whole text, since a search row's text is trimmed and cut.
 */
import { extensionOf } from "./file-kinds.js";
import { filesText, quoted } from "./reading-text.js";
import { wholeWordRegex } from "./regex-literal.js";
import { globOf, scopeOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleSlots } from "./rule-types.js";

/** The text of a term group: one quoted, path, word or code-shaped token. */
function queryOf(slots: RuleSlots): string | null {
  const tokens = (slots.term ?? []).filter((token) => token.form !== "literal");
  const token = tokens[0];
  if (tokens.length !== 1 || !token || !/^[QWCPFD]$/.test(token.form)) return null;
  return token.raw.trim() === "" || /[\n\r]/.test(token.raw) ? null : token.raw;
}

/** The glob searched and its words: one file, or a folder's files of the kinds named (every text file). */
function searched(slots: RuleSlots): { pattern: string; text: string } | null {
  const where = scopeOf(slots, { file: true });
  if (!where) return null;
  if (where.file !== undefined) {
    const extension = extensionOf(where.file);
    if (/[*?{]/.test(where.file)) return null;
    if (where.extensions && (extension === null || !where.extensions.includes(extension)))
      return null;
    return { pattern: where.file, text: quoted(where.file) };
  }
  const pattern = globOf(where, where.extensions);
  return { pattern, text: filesText(pattern, where.extensions) };
}

const TERM = "(?<term>(?:literal )?[QWCPFD])";
/** "in src", "in README.md", "in the typescript files": where to count. */
const WHERE = "{scope}";

/** Files that contain the text, each read whole. */
const HIT_FILES = "const files = unique(search_files(query, pattern).map(hit => hit.file))";

/** Counting rules. */
export const OCCURRENCE_RULES: readonly IntentRule[] = [
  {
    id: "count-occurrences",
    summary: "how many times some text occurs (every occurrence, as grep -o counts)",
    examples: ["how many times does useState appear in src", 'count the occurrences of "fetch("'],
    needs: ["search_files", "read_file"],
    patterns: [
      `count occurrence ${TERM}(?: (?:appear|use))?${WHERE}`,
      `count occurrence ${TERM} in (?<scope>D) (?:appear|use)`,
    ].map(rulePattern),
    build(slots) {
      const query = queryOf(slots);
      const where = searched(slots);
      if (!query || !where) return "the text or the files to count in are not usable";
      // "how many times does the word knex appear": whole words, as grep -ow counts them.
      const whole = wholeWordRegex(slots.term);
      if (whole)
        return {
          program: `${HIT_FILES}\nsum(files.map(file => len(read_file(file).split(${whole.regex})) - 1))`,
          params: { pattern: where.pattern, query },
          reading: `the number of times the whole word ${quoted(query)} occurs in the ${where.text} (case-sensitive, as grep -ow counts; binary files left out)`,
        };
      return {
        program: `${HIT_FILES}\nsum(files.map(file => len(read_file(file).split(query)) - 1))`,
        params: { pattern: where.pattern, query },
        reading: `the number of times ${quoted(query)} occurs in the ${where.text} (case-sensitive, every occurrence as grep -o counts them; binary files left out)`,
      };
    },
  },
  {
    id: "count-lines-containing",
    summary: "how many lines contain some text (as grep -c counts)",
    examples: ['how many lines of README.md contain "demo"', 'count the lines containing "fetch"'],
    needs: ["search_files"],
    patterns: [
      `count line (?:in )?(?<scopeFile>F) contain ${TERM}`,
      `count line(?: in (?<scope>D))? contain ${TERM}`,
      `count line contain ${TERM}${WHERE}`,
    ].map(rulePattern),
    build(slots) {
      const query = queryOf(slots);
      const where = searched(slots);
      if (!query || !where) return "the text or the files to count in are not usable";
      const whole = wholeWordRegex(slots.term);
      if (whole)
        return {
          program: `${HIT_FILES}\nsum(files.map(file => len(read_file(file).split("\\n").filter(line => ${whole.regex}.test(line)))))`,
          params: { pattern: where.pattern, query },
          reading: `the number of lines of ${where.text} that contain the whole word ${quoted(query)} (case-sensitive, as grep -cw counts; binary files left out)`,
        };
      return {
        program: "len(search_files(query, pattern))",
        params: { pattern: where.pattern, query },
        reading: `the number of lines of ${where.text} that contain ${quoted(query)} (case-sensitive; binary files left out)`,
      };
    },
  },
  {
    id: "lines-starting",
    summary: "the lines that start with some text, or how many there are",
    examples: [
      'how many lines in src/index.ts start with "export"',
      'show the lines starting with "import" in src',
    ],
    needs: ["search_files", "read_file"],
    patterns: [
      `(?<count>count )?(?:show |find )?line (?:in )?(?<scopeFile>F) start ${TERM}`,
      `(?<count>count )?(?:show |find )?line(?: in (?<scope>D))? start ${TERM}`,
      `(?<count>count )?(?:show |find )?line start ${TERM}${WHERE}`,
    ].map(rulePattern),
    build(slots) {
      const query = queryOf(slots);
      const where = searched(slots);
      if (!query || !where) return "the text or the files to look in are not usable";
      const rows = [
        HIT_FILES,
        "const rows = []",
        "for (const file of files) {",
        '  for (const [index, line] of enumerate(read_file(file).split("\\n"))) {',
        "    if (line.startsWith(query)) rows.push({ file, line: index + 1, text: line })",
        "  }",
        "}",
      ];
      return {
        program: [...rows, slots.count ? "len(rows)" : "rows"].join("\n"),
        params: { pattern: where.pattern, query },
        reading: `${slots.count ? "the number of " : ""}the lines of ${where.text} that start with ${quoted(query)} (at the line's first character, case-sensitive)${slots.count ? "" : ", as { file, line, text } rows"}`,
      };
    },
  },
];
