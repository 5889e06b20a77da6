/**
 * Rules about sizes: the largest files (in bytes with `file_size`; by characters read when the
 * kit lacks it), and line counts of a file, per file, and in total. Line counts read text files
 * only (`TEXT_EXTENSIONS`, or the code kind for "lines of code"), since binary files cannot be read.
 */
import { TEXT_EXTENSIONS, globFor } from "./file-kinds.js";
import { fileOf, isPlural, numberOf, scopeOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleContext, type RuleSlots } from "./rule-types.js";

/** Most rows the largest-files rule lists. */
const MAX_ROWS = 1000;

/** The lines of `text` as an editor counts them: a final newline ends the last line, it does not start another. */
const TEXT_LINES = 'text === "" ? 0 : len(text.split("\\n")) - (text.endsWith("\\n") ? 1 : 0)';

/** The glob a size rule reads: the scope's folder with its kinds, else `fallback` (null: every file). */
function sizedGlob(slots: RuleSlots, fallback: readonly string[] | null): string | null {
  const where = scopeOf(slots);
  return where ? globFor(where.folder, where.extensions ?? fallback) : null;
}

/** The sizes of the files, `{ file, bytes }` (or `{ file, characters }` read: when asked, or without `file_size`). */
function sizes(context: RuleContext, characters: boolean): { line: string; field: string } {
  return context.tools.has("file_size") && !characters
    ? {
        line: "const sizes = find_files(pattern).map(file => ({ file, bytes: file_size(file) }))",
        field: "bytes",
      }
    : {
        line: "const sizes = find_files(pattern).map(file => ({ file, characters: len(read_file(file)) }))",
        field: "characters",
      };
}

/** Lines of every file of `pattern`, as `{ file, lines }` rows. */
function lineRows(context: RuleContext): string[] {
  return context.tools.has("read_lines")
    ? [
        "const counts = find_files(pattern).map(file => ({ file, lines: len(read_lines(file, 1)) }))",
      ]
    : [
        "const counts = []",
        "for (const file of find_files(pattern)) {",
        "  const text = read_file(file)",
        `  counts.push({ file, lines: ${TEXT_LINES} })`,
        "}",
      ];
}

/** "by size", "by number of characters", "by length": how the largest files are measured. */
const BY = "(?: per (?:count )?(?:size|(?<characters>character)))?";

/** Size rules. */
export const SIZE_RULES: readonly IntentRule[] = [
  {
    id: "largest-files",
    summary: "the largest files, in bytes",
    examples: ["show the 5 biggest files", "which file is the largest in src"],
    needs: ["find_files"],
    patterns: [
      `{ask}(?:top )?(?:{n} )?largest (?:{kind} )?(?<files>file){scope}${BY}`,
      `(?:show |find )?(?:{kind} )?(?<files>file) largest{scope}${BY}`,
      "(?:show )?(?:top )?(?:{n} )?(?:{kind} )?(?<files>file) per (?:size|(?<characters>character)){scope}",
    ].map(rulePattern),
    build(slots, context) {
      if (!context.tools.has("file_size") && !context.tools.has("read_file"))
        return "the kit has neither file_size nor read_file";
      if (slots.characters && !context.tools.has("read_file"))
        return "characters are counted with read_file";
      const measured = sizes(context, slots.characters !== undefined);
      const pattern = sizedGlob(slots, measured.field === "bytes" ? null : TEXT_EXTENSIONS);
      const count = numberOf(slots.n, 10, MAX_ROWS);
      if (!pattern || count === null)
        return "two kinds of file are named, or the number is out of range";
      const sorted = `sort_by(sizes, "${measured.field}", true)`;
      const last =
        isPlural(slots.files) || slots.n ? `${sorted}.slice(0, ${count})` : `${sorted}[0].file`;
      return { program: `${measured.line}\n${last}`, params: { pattern } };
    },
  },
  {
    id: "file-lines",
    summary: "count the lines of a file",
    examples: ["how many lines are in README.md", "wc -l src/index.ts"],
    needs: ["read_file"],
    patterns: [
      "count line (?:in )?{file}(?: have)?",
      "(?:show )?line count (?:in )?{file}",
      "(?:show )?{file} line count",
    ].map(rulePattern),
    build(slots, context) {
      const path = fileOf(slots.file);
      if (!path) return "the file is not in the workspace";
      return context.tools.has("read_lines")
        ? { program: "len(read_lines(path, 1))", params: { path } }
        : { program: `const text = read_file(path)\n${TEXT_LINES}`, params: { path } };
    },
  },
  {
    id: "lines-per-file",
    summary: "count the lines of each file",
    examples: ["count lines per file", "how many lines does each python file in src have"],
    needs: ["find_files", "read_file"],
    patterns: [
      "count line (?:in )?per (?:{kind} )?file{scope}(?: have)?",
      "(?:show )?line (?:count )?per (?:{kind} )?file{scope}",
    ].map(rulePattern),
    build(slots, context) {
      const pattern = sizedGlob(slots, TEXT_EXTENSIONS);
      if (!pattern) return "two kinds of file are named";
      return {
        program: [
          ...lineRows(context),
          "const summary = { files: counts, total: sum(counts.map(entry => entry.lines)) }",
          "summary",
        ].join("\n"),
        params: { pattern },
      };
    },
  },
  {
    id: "total-lines",
    summary: "count all lines, or the lines of code, in a folder or of a kind",
    examples: ["how many lines of code are there in src", "count all the lines in the repo"],
    needs: ["find_files", "read_file"],
    patterns: [
      "count line(?: {kind})?(?: have)?{scope}",
      "count {kind} line(?: have)?{scope}",
      "line {kind}{scope}",
    ].map(rulePattern),
    build(slots, context) {
      const pattern = sizedGlob(slots, TEXT_EXTENSIONS);
      if (!pattern) return "two kinds of file are named";
      if (context.tools.has("read_lines"))
        return {
          program: "sum(find_files(pattern).map(file => len(read_lines(file, 1))))",
          params: { pattern },
        };
      return {
        program: [
          "let total = 0",
          "for (const file of find_files(pattern)) {",
          "  const text = read_file(file)",
          `  total += ${TEXT_LINES}`,
          "}",
          "total",
        ].join("\n"),
        params: { pattern },
      };
    },
  },
];
