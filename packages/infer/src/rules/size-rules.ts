/**
 * Rules about sizes: the largest and smallest files and the empty ones (in bytes: with
 * `file_sizes` in one call, else `file_size` per file; by characters read when the kit has
 * neither), and line counts of a file, per file, and in total (with `line_counts` in one call,
 * else reading each file). Line counts read text files only (`TEXT_EXTENSIONS`, or the code kind
 * for "lines of code"), since binary files cannot be read.
 */
import { CODE_EXTENSIONS, TEXT_EXTENSIONS } from "./file-kinds.js";
import { quoted } from "./reading-text.js";
import { fileOf, filesGlob, isPlural, numberOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleContext, type RuleSlots } from "./rule-types.js";

/** Most rows the largest-files rule lists. */
const MAX_ROWS = 1000;

/** The lines of `text` as an editor counts them: a final newline ends the last line, it does not start another. */
const TEXT_LINES = 'text === "" ? 0 : len(text.split("\\n")) - (text.endsWith("\\n") ? 1 : 0)';

/** "README.md files": the files of that name at any depth, as a glob and its words. */
function namedGlob(slots: RuleSlots): { pattern: string; text: string } | null {
  const token = slots.name?.[0];
  if (!token) return null;
  // "total lines across lib/*.js": the files the glob matches, as find_files reads it.
  if (token.form === "G")
    return /^(?![\\/])(?!.*(?:^|\/)\.\.(?:\/|$))[\w@+*?{},./-]+$/.test(token.raw)
      ? { pattern: token.raw, text: `files matching ${quoted(token.raw)}` }
      : null;
  const name = token.form === "F" ? token.path!.split("/").at(-1)! : token.raw;
  if (!/^[\w@+-][\w@.+-]*$/.test(name)) return null;
  return { pattern: `**/${name}`, text: `files named ${quoted(name)} (**/${name})` };
}

/** `{ file, bytes }` rows of every file of `pattern` (or `{ file, characters }` read: when asked, or without a size tool). */
function sizes(context: RuleContext, characters: boolean): { line: string; field: string } | null {
  if (!characters && context.tools.has("file_sizes"))
    return {
      line: "const sizes = file_sizes(pattern).map(entry => ({ file: entry.file, bytes: entry.size }))",
      field: "bytes",
    };
  if (!characters && context.tools.has("file_size"))
    return {
      line: "const sizes = find_files(pattern).map(file => ({ file, bytes: file_size(file) }))",
      field: "bytes",
    };
  if (!context.tools.has("read_file")) return null;
  return {
    line: "const sizes = find_files(pattern).map(file => ({ file, characters: len(read_file(file)) }))",
    field: "characters",
  };
}

/** Lines of every file of `pattern`, as `{ file, lines }` rows. */
export function lineRows(context: RuleContext): string[] {
  if (context.tools.has("line_counts"))
    return [
      "const counts = line_counts(pattern).map(entry => ({ file: entry.file, lines: entry.lines }))",
    ];
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

/** "by size", "by number of characters", "by length": how the largest files are measured; "with their sizes": the sizes shown. */
const BY =
  "(?: (?:sort )?per (?:count )?(?:size|(?<characters>character)))?(?: (?:with|and) (?<sized>size))?";

/** The largest or smallest files: the top `n` rows, or the one file's path for "which file is the largest". */
function extremeFiles(order: "largest" | "smallest") {
  return async (slots: RuleSlots, context: RuleContext) => {
    const measured = sizes(context, slots.characters !== undefined);
    if (!measured) return "the kit can measure no file (file_sizes, file_size or read_file)";
    const found = await filesGlob(
      slots,
      context,
      measured.field === "bytes" ? null : TEXT_EXTENSIONS,
    );
    if (typeof found === "string") return found;
    const count = numberOf(slots.n, 10, MAX_ROWS);
    if (count === null) return "the number is out of range";
    // "the smallest file that isn't empty": the files with something in them.
    const measuredOnes = slots.nonEmpty
      ? `sizes.filter(entry => entry.${measured.field} > 0)`
      : "sizes";
    const sorted = `sort_by(${measuredOnes}, "${measured.field}"${order === "largest" ? ", true" : ""})`;
    const many = isPlural(slots.files) || slots.n !== undefined;
    const unit = `${measured.field === "bytes" ? "size in bytes" : "length in characters"}${slots.nonEmpty ? ", empty ones left out" : ""}`;
    // "which file is the largest": every file of that size, when several tie; "the largest file
    // and its size": their rows.
    const tied = `const ranked = ${sorted}\nranked.filter(entry => entry.${measured.field} === ranked[0].${measured.field})`;
    const one = `${tied}.map(entry => entry.file)`;
    if (slots.sized && !many)
      return {
        program: `${measured.line}\n${tied}`,
        params: { pattern: found.pattern },
        reading: `the ${order} of the ${found.text} by ${unit}, as { file, ${measured.field} } rows (every one, when several tie)`,
      };
    if (slots.all)
      return {
        program: `${measured.line}\n${sorted}`,
        params: { pattern: found.pattern },
        reading: `every one of the ${found.text} by ${unit}, as { file, ${measured.field} } rows, ${order} first`,
      };
    return {
      program: `${measured.line}\n${many ? `${sorted}.slice(0, ${count})` : one}`,
      params: { pattern: found.pattern },
      reading: many
        ? `the ${count} ${order} ${found.text} by ${unit}, as { file, ${measured.field} } rows, ${order} first`
        : `the ${order} of the ${found.text} by ${unit} (every one, when several tie)`,
    };
  };
}

/** Size rules. */
export const SIZE_RULES: readonly IntentRule[] = [
  {
    id: "largest-files",
    summary: "the largest files, in bytes",
    examples: ["show the 5 biggest files", "which file is the largest in src"],
    needs: ["find_files"],
    patterns: [
      `{ask}(?:top )?(?:{n} )?largest (?:{kind} )?(?<files>file){scope}${BY}(?: desc)?`,
      `largest {n} (?:{kind} )?(?<files>file){scope}${BY}(?: desc)?`,
      `(?:show |find )?(?:{kind} )?(?<files>file) largest{scope}${BY}`,
      // "which file in lib is the biggest, size-wise": where, then the superlative.
      `(?:show |find )?(?:{n} )?(?:{kind} )?(?<files>file){scope} largest${BY}`,
      "(?:show |find )?{kind} largest{scope}",
      // "files in lib/io sorted by size, biggest first": every file, in order.
      "(?:show )?(?:{kind} )?(?<files>file){scope} sort per size (?<all>desc)",
      "(?:show )?(?:top )?(?:{n} )?(?:{kind} )?(?<files>file) per (?:size|(?<characters>character)){scope}",
    ].map(rulePattern),
    build: extremeFiles("largest"),
  },
  {
    id: "smallest-files",
    summary: "the smallest files, in bytes",
    examples: ["show the 5 smallest files", "which file is the smallest in src"],
    needs: ["find_files"],
    patterns: [
      `{ask}(?:{n} )?smallest (?:{kind} )?(?<files>file){scope}${BY}(?: asc)?`,
      // "smallest file that isn't empty".
      `{ask}(?:{n} )?smallest (?:{kind} )?(?<files>file){scope} (?<nonEmpty>not empty)`,
      `(?:show |find )?(?:{kind} )?(?<files>file) smallest{scope}${BY}`,
      `(?:show |find )?(?:{n} )?(?:{kind} )?(?<files>file){scope} smallest${BY}`,
      "(?:show |find )?{kind} smallest{scope}",
      "(?:show )?(?:{kind} )?(?<files>file){scope} sort per size (?<all>asc)",
    ].map(rulePattern),
    build: extremeFiles("smallest"),
  },
  {
    id: "empty-files",
    summary: "the empty files (0 bytes)",
    examples: ["list the empty files", "are there any empty files in src"],
    needs: ["find_files"],
    patterns: [
      "(?<count>count )?(?:show |find )?empty (?:{kind} )?file{scope}",
      "(?<count>count )?(?:show |find )?(?:{kind} )?file{scope} (?:have |with )?empty",
    ].map(rulePattern),
    async build(slots, context) {
      const found = await filesGlob(slots, context, null);
      if (typeof found === "string") return found;
      const measured = sizes(context, false);
      if (!measured || measured.field !== "bytes") return "the kit has no file_sizes or file_size";
      const list = `${measured.line}\nsizes.filter(entry => entry.bytes === 0).map(entry => entry.file)`;
      return {
        program: slots.count ? `${list.replace(/\n(sizes\.filter.*)$/, "\nlen($1)")}` : list,
        params: { pattern: found.pattern },
        reading: `${slots.count ? "the number of " : ""}${found.text} of 0 bytes`,
      };
    },
  },
  {
    id: "file-lines",
    summary: "count the lines of a file",
    examples: ["how many lines are in README.md", "wc -l src/index.ts"],
    needs: ["read_file"],
    patterns: [
      "count line (?:in )?{file}(?: have)?",
      // "how long is a.js in lines": "how long" alone may mean characters.
      "howlong {file}(?: in)? line",
      "line in {file}",
      "(?:show )?line count (?:in )?{file}",
      "(?:show )?{file} line count",
      "count line {file} have",
    ].map(rulePattern),
    build(slots, context) {
      const path = fileOf(slots.file);
      if (!path) return "the file is not in the workspace";
      const reading = `the number of lines in ${quoted(path)} (a final newline ends the last line)`;
      return context.tools.has("read_lines")
        ? { program: "len(read_lines(path, 1))", params: { path }, reading }
        : { program: `const text = read_file(path)\n${TEXT_LINES}`, params: { path }, reading };
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
      // "line counts for every file in lib": counts, one per file ("the line count of …" is a total).
      "(?:show )?line (?<counts>count) (?:{kind} )?file{scope}",
    ].map(rulePattern),
    async build(slots, context) {
      if (slots.counts && !/s$/i.test(slots.counts[0]!.raw))
        return "one line count of several files is their total";
      const found = await filesGlob(slots, context, TEXT_EXTENSIONS);
      if (typeof found === "string") return found;
      return {
        program: [
          ...lineRows(context),
          // { file: lines }, as the strangers' corpora ask for it ("line counts for each file in lib").
          "Object.fromEntries(counts.map(entry => [entry.file, entry.lines]))",
        ].join("\n"),
        params: { pattern: found.pattern },
        reading: `the number of lines in each of the ${found.text}, as { file: lines }`,
      };
    },
  },
  {
    id: "sizes-per-file",
    summary: "the size of each file, in bytes",
    examples: ["size of each file in src", "file sizes in src"],
    needs: ["find_files"],
    patterns: [
      "(?:show )?(?:file )?size per (?:{kind} )?file{scope}",
      // "file sizes in lib", "sizes of the files in lib": sizes, one per file ("the size of lib"
      // and "the file size of src" are a total).
      "(?:show )?(?<each>file) (?<sizes>size)(?: in)?(?: {kind}(?: file)?)?{scope}",
      "(?:show )?(?<sizes>size) (?:in )?(?:{kind} )?(?<each>file){scope}",
    ].map(rulePattern),
    async build(slots, context) {
      if (slots.sizes && !isPlural(slots.sizes)) return "one size of several files is their total";
      const rows = sizes(context, false);
      if (!rows) return "the kit has no file_sizes or file_size";
      const found = await filesGlob(slots, context, null);
      if (typeof found === "string") return found;
      return {
        program: `${rows.line}\nObject.fromEntries(sizes.map(entry => [entry.file, entry.bytes]))`,
        params: { pattern: found.pattern },
        reading: `the size in bytes of each of the ${found.text}, as { file: bytes }`,
      };
    },
  },
  {
    id: "total-lines",
    summary: "count all the lines in a folder or of a kind of file",
    examples: ["how many lines of typescript are there in src", "count all the lines in the repo"],
    needs: ["find_files", "read_file"],
    patterns: [
      "count line(?: {kind})?(?: have)?{scope}",
      "count line (?:in )?{kind} file{scope}",
      "count {kind} line(?: have)?{scope}",
      "line {kind}{scope}",
      "count line (?:count )?in {kind}(?: file)? in (?<scope>D)",
      // "total lines across all README.md files": the files of that name.
      "count line (?:count )?in (?<name>[PF]) file",
      // "total lines across lib/*.js": the files a glob matches.
      "count line (?:count )?in (?<name>G)(?: file)?",
      // "loc in lib", "sloc?": the abbreviation counts by itself.
      "(?<loc>line)(?: {kind})?{scope}",
    ].map(rulePattern),
    async build(slots, context) {
      if (slots.loc && !/^s?loc$/i.test(slots.loc[0]!.raw)) return "lines alone ask for no count";
      if (slots.name?.[0]?.form === "G" && !namedGlob(slots))
        return "the glob is not a workspace glob";
      // "loc" is lines of code: the code files, as "lines of code" reads.
      const fallback = slots.loc ? CODE_EXTENSIONS : TEXT_EXTENSIONS;
      const found = namedGlob(slots) ?? (await filesGlob(slots, context, fallback));
      if (typeof found === "string") return found;
      const reading = `the total number of lines in the ${found.text}, blank and comment lines included`;
      if (context.tools.has("line_counts") || context.tools.has("read_lines"))
        return {
          program: `${lineRows(context)[0]}\nsum(counts.map(entry => entry.lines))`,
          params: { pattern: found.pattern },
          reading,
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
        params: { pattern: found.pattern },
        reading,
      };
    },
  },
];
