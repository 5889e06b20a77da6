/**
 * Rules that rank files by their lines: the files with the most (or fewest) lines, "the longest
 * files" (length in lines, as people measure code), and the files over or under a number of
 * lines. Lines are counted by `line_counts` (binary files left out), or by reading each file.
 */
import { TEXT_EXTENSIONS } from "./file-kinds.js";
import { filesGlob, isPlural, numberOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleContext, type RuleSlots } from "./rule-types.js";
import { lineRows } from "./size-rules.js";

/** Most rows the ranking rules list. */
const MAX_ROWS = 1000;

/** Largest line count a filter may name. */
const MAX_LINES = 10_000_000;

/** The glob of a match's files and its words, with "source files" read only where it is plain. */
const linedGlob = (slots: RuleSlots, context: RuleContext) =>
  filesGlob(slots, context, context.tools.has("line_counts") ? null : TEXT_EXTENSIONS);

/** The files with the most or the fewest lines: the top `n` rows, or every file tied for first. */
function ranked(order: "most" | "fewest") {
  return async (slots: RuleSlots, context: RuleContext) => {
    const found = await linedGlob(slots, context);
    const count = numberOf(slots.n, 10, MAX_ROWS);
    if (typeof found === "string") return found;
    if (count === null) return "the number is out of range";
    const sorted = `sort_by(counts, "lines"${order === "most" ? ", true" : ""})`;
    const many = isPlural(slots.files) || slots.n !== undefined;
    const last = many
      ? `${sorted}.slice(0, ${count})`
      : `const ranked = ${sorted}\nranked.filter(entry => entry.lines === ranked[0].lines).map(entry => entry.file)`;
    return {
      program: `${lineRows(context).join("\n")}\n${last}`,
      params: { pattern: found.pattern },
      reading: many
        ? `the ${count} ${found.text} with the ${order} lines, as { file, lines } rows, ${order} first (a final newline ends the last line; binary files left out)`
        : `the one of the ${found.text} with the ${order} lines (every one, when several tie; binary files left out)`,
    };
  };
}

const COMPARISONS: Readonly<Record<string, { test: string; words: string }>> = {
  over: { test: ">", words: "more than" },
  below: { test: "<", words: "fewer than" },
  atleast: { test: ">=", words: "at least" },
  atmost: { test: "<=", words: "at most" },
  exactly: { test: "===", words: "exactly" },
};

const FILES = "(?:{kind} )?(?<files>file)";
const BY_LINES = "(?: per line(?: count)?)?";

/** Line ranking rules. */
export const LINE_RANK_RULES: readonly IntentRule[] = [
  {
    id: "most-lines",
    summary: "the files with the most lines (the longest files)",
    examples: ["which 3 files have the most lines", "what's the longest file in src"],
    needs: ["find_files", "read_file"],
    patterns: [
      `{ask}(?:top )?(?:{n} )?longest ${FILES}{scope}${BY_LINES}(?: desc)?`,
      `{ask}(?:{n} )?${FILES} (?:have|with) most line{scope}`,
      `{ask}(?:{n} )?${FILES}{scope} (?:have|with) most line`,
      `{ask}(?:{n} )?${FILES} longest{scope}${BY_LINES}`,
      `{ask}(?:{n} )?${FILES} longest${BY_LINES}{scope}`,
      `{ask}(?:{n} )?${FILES}{scope} longest${BY_LINES}`,
    ].map(rulePattern),
    build: ranked("most"),
  },
  {
    id: "fewest-lines",
    summary: "the files with the fewest lines (the shortest files)",
    examples: ["which file is the shortest", "the 5 shortest typescript files"],
    needs: ["find_files", "read_file"],
    patterns: [
      `{ask}(?:{n} )?shortest ${FILES}{scope}${BY_LINES}(?: asc)?`,
      `{ask}(?:{n} )?${FILES} shortest{scope}${BY_LINES}`,
      // "which js file in lib has the fewest lines".
      `{ask}(?:{n} )?${FILES} (?:have|with) fewest line{scope}`,
      `{ask}(?:{n} )?${FILES}{scope} (?:have|with) fewest line`,
    ].map(rulePattern),
    build: ranked("fewest"),
  },
  {
    id: "files-over-lines",
    summary: "the files with more (or fewer) lines than a number",
    examples: [
      "which files are over 500 lines",
      "list the typescript files with fewer than 10 lines",
    ],
    needs: ["find_files", "read_file"],
    patterns: [
      `(?<count>count )?{ask}${FILES}(?: (?:have|with))? (?<cmp>over|below|atleast|atmost) {n} line{scope}`,
      `(?<count>count )?{ask}${FILES}{scope}(?: (?:have|with))? (?<cmp>over|below|atleast|atmost) {n} line`,
      // "which files in lib are only 3 lines long", "files with exactly 2 lines": that many.
      `(?<count>count )?{ask}${FILES}{scope}(?: (?:have|with))? {n} line(?: (?<long>W))?`,
    ].map(rulePattern),
    async build(slots, context) {
      const found = await linedGlob(slots, context);
      if (typeof found === "string") return found;
      const limit = numberOf(slots.n, 0, MAX_LINES);
      if (slots.long && !/^long$/i.test(slots.long[0]!.raw))
        return `${slots.long[0]!.raw} after the lines is not read`;
      const comparison = COMPARISONS[slots.cmp?.[0]?.form ?? "exactly"];
      if (limit === null || !comparison) return "the number of lines is out of range";
      const kept = `counts.filter(entry => entry.lines ${comparison.test} ${limit}).map(entry => entry.file)`;
      return {
        program: `${lineRows(context).join("\n")}\n${slots.count ? `len(${kept})` : kept}`,
        params: { pattern: found.pattern },
        reading: `${slots.count ? "the number of the" : "the"} ${found.text} with ${comparison.words} ${limit} lines (a final newline ends the last line; binary files left out)`,
      };
    },
  },
];
