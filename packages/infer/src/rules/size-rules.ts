/**
 * Rules about sizes: the largest files (by characters, since `read_file` is the only way to
 * measure), and line counts per file and in total. They read every file they count, so they
 * stick to text files (`TEXT_EXTENSIONS`), or code files for "lines of code".
 */
import {
  CODE_EXTENSIONS,
  PHRASE,
  TEXT_EXTENSIONS,
  globFor,
  kindExtensions,
  scopeOf,
} from "./intent-phrases.js";
import { intentPattern, type IntentRule, type RuleGroups } from "./rule-types.js";

const { please, me, scope } = PHRASE;
const LARGEST = "(?:largest|biggest)";
const BY_SIZE = "(?: by (?:number of )?(?:characters|size|length))?";

/** Sizes of the text files, largest first: `{ file, characters }` rows. */
const SIZES =
  "const sizes = find_files(pattern).map(file => ({ file, characters: len(read_file(file)) }))";

/** The lines of `text` as an editor counts them: a final newline ends the last line, it does not start another. */
const LINES = 'text === "" ? 0 : len(text.split("\\n")) - (text.endsWith("\\n") ? 1 : 0)';

const LINES_PER_FILE = [
  "const counts = []",
  "for (const file of find_files(pattern)) {",
  "  const text = read_file(file)",
  `  counts.push({ file, lines: ${LINES} })`,
  "}",
  "const summary = { files: counts, total: sum(counts.map(entry => entry.lines)) }",
  "summary",
].join("\n");

const TOTAL_LINES = [
  "let total = 0",
  "for (const file of find_files(pattern)) {",
  "  const text = read_file(file)",
  `  total += ${LINES}`,
  "}",
  "total",
].join("\n");

/** The glob of the files a size rule reads: text files, or code files, or a kind, under the scope. */
function sizedGlob(groups: RuleGroups, code = false): string | null {
  const where = scopeOf(groups);
  if (!where) return null;
  const kind = groups.kind === undefined ? null : kindExtensions(groups.kind);
  if (groups.kind !== undefined && (!kind || where.extensions)) return null;
  return globFor(
    where.folder,
    kind ?? where.extensions ?? (code ? CODE_EXTENSIONS : TEXT_EXTENSIONS),
  );
}

/** A count from the intent ("the 5 largest files"), as a number literal; 10 when none is given. */
function limitOf(groups: RuleGroups): string | null {
  const count = groups.count ?? "10";
  return /^[1-9]\d{0,2}$/.test(count) ? count : null;
}

/** Size rules. */
export const SIZE_RULES: readonly IntentRule[] = [
  {
    id: "largest-file",
    needs: ["find_files", "read_file"],
    patterns: [
      `(?:which|what)(?: is)? (?:the )?${LARGEST} file${scope}${BY_SIZE}`,
      `(?:which|what) file is (?:the )?${LARGEST}${scope}${BY_SIZE}`,
      `${please}(?:find|show|get)${me} the ${LARGEST} file${scope}${BY_SIZE}`,
    ].map(intentPattern),
    build: (groups) => {
      const pattern = sizedGlob(groups);
      return pattern
        ? { program: `${SIZES}\nsort_by(sizes, "characters", true)[0].file`, params: { pattern } }
        : null;
    },
  },
  {
    id: "largest-files",
    needs: ["find_files", "read_file"],
    patterns: [
      `${please}(?:list|show|find|get|give)${me} the (?:(?<count>\\d+) )?${LARGEST} files${scope}${BY_SIZE}`,
      `(?:top|the) (?<count>\\d+) ${LARGEST} files${scope}${BY_SIZE}`,
      `(?:which|what) (?:are )?the (?:(?<count>\\d+) )?${LARGEST} files${scope}${BY_SIZE}`,
      `(?:which|what) files are (?:the )?${LARGEST}${scope}${BY_SIZE}`,
    ].map(intentPattern),
    build: (groups) => {
      const pattern = sizedGlob(groups);
      const limit = limitOf(groups);
      return pattern && limit
        ? {
            program: `${SIZES}\nsort_by(sizes, "characters", true).slice(0, ${limit})`,
            params: { pattern },
          }
        : null;
    },
  },
  {
    id: "lines-per-file",
    needs: ["find_files", "read_file"],
    patterns: [
      `${please}(?:count|show|list|get|give)${me}(?: the)? (?:number of lines|line counts?|lines) (?:per|in each|of each|for each|by) (?:${PHRASE.kind} )?file${scope}`,
      `how many lines does each (?:${PHRASE.kind} )?file${scope} have`,
      `how many lines are (?:there )?in each (?:${PHRASE.kind} )?file${scope}`,
      `how many lines (?:are there )?per (?:${PHRASE.kind} )?file${scope}`,
      `(?:lines|line counts?) (?:per|of each|for each|by) (?:${PHRASE.kind} )?file${scope}`,
    ].map(intentPattern),
    build: (groups) => {
      const pattern = sizedGlob(groups);
      return pattern ? { program: LINES_PER_FILE, params: { pattern } } : null;
    },
  },
  {
    id: "total-lines",
    needs: ["find_files", "read_file"],
    patterns: [
      `(?:how many|count(?: the)?|total(?: number of)?|(?:the )?number of) (?:(?<code>lines of code)|lines(?: of ${PHRASE.kind}(?: code)?)?)(?: are there| do we have)?${scope}(?: are there| do we have)?(?: in total| altogether)?`,
      `(?:what is|what's) the total (?:number of lines|line count)${scope}`,
    ].map(intentPattern),
    build: (groups) => {
      const pattern = sizedGlob(groups, groups.code !== undefined);
      return pattern ? { program: TOTAL_LINES, params: { pattern } } : null;
    },
  },
];
