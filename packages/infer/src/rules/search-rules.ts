/**
 * Rules that search file contents: TODO/FIXME comments, a word, phrase or regex, and imports
 * of a module. Searched text from the intent is a string param (`query`); a regex or a module
 * name becomes a regex literal only through `regexLiteral`, which refuses anything that would
 * not parse back as exactly that regex.
 */
import { CODE_EXTENSIONS, PHRASE, TEXT_EXTENSIONS, globFor, scopeOf } from "./intent-phrases.js";
import { escapeRegex, regexLiteral } from "./regex-literal.js";
import { intentPattern, type IntentRule, type RuleGroups } from "./rule-types.js";

const { please, me, all, scope } = PHRASE;

const MARKS = String.raw`(?<marks>todos?|fixmes?|todo ?\/ ?fixme|todos? (?:and|or) fixmes?|fixmes? (?:and|or) todos?)`;
const MARK_NOUN = String.raw`(?: (?:comments?|markers?|notes?|items?|lines?|entries))?`;
const TERM = String.raw`(?:"(?<double>[^"]+)"|'(?<single>[^']+)'|\`(?<back>[^\`]+)\`|\/(?<regex>(?:\\.|[^/\\])+)\/(?<flags>[a-z]*)|(?<word>[^\s"'\`/][^\s"'\`]*))`;
const MODULE = String.raw`["'\`]?(?<module>[@\w][@\w.:/-]*|\.{1,2}\/[@\w./-]+)["'\`]?`;

/** The files a search reads: text files (read_file refuses binary ones) under the scope. */
function searchedGlob(groups: RuleGroups, extensions: readonly string[] = TEXT_EXTENSIONS) {
  const where = scopeOf(groups);
  return where ? globFor(where.folder, where.extensions ?? extensions) : null;
}

/** The test a line must pass for a TODO rule: the markers the intent names, as fixed literals. */
function markTest(groups: RuleGroups, subject: string): string {
  const words = (groups.marks ?? "").toLowerCase();
  const marks = [
    ...(words.includes("todo") ? ["TODO"] : []),
    ...(words.includes("fixme") ? ["FIXME"] : []),
  ];
  return marks.map((mark) => `${subject}.includes("${mark}")`).join(" || ");
}

/** Every line passing `test`, as `{ file, line, text }` rows. */
const hitsProgram = (test: string) =>
  [
    "const hits = []",
    "for (const file of find_files(pattern)) {",
    '  for (const [index, line] of enumerate(read_file(file).split("\\n"))) {',
    `    if (${test}) hits.push({ file, line: index + 1, text: line.trim() })`,
    "  }",
    "}",
    "hits",
  ].join("\n");

/** The files with a line passing `test`. */
const filesProgram = (test: string) =>
  `find_files(pattern).filter(file => read_file(file).split("\\n").some(line => ${test}))`;

/** How many lines pass `test`. */
const countProgram = (test: string) =>
  `sum(find_files(pattern).map(file => read_file(file).split("\\n").filter(line => ${test}).length))`;

function todos(program: (test: string) => string) {
  return (groups: RuleGroups) => {
    const pattern = searchedGlob(groups);
    return pattern ? { program: program(markTest(groups, "line")), params: { pattern } } : null;
  };
}

/** The line test for a search term: `line.includes(query)` with the text as a param, or a regex literal. */
function termTest(groups: RuleGroups): { test: string; params: Record<string, string> } | null {
  if (groups.regex !== undefined) {
    const literal = regexLiteral(groups.regex, groups.flags ?? "");
    return literal ? { test: `${literal}.test(line)`, params: {} } : null;
  }
  const query = groups.double ?? groups.single ?? groups.back ?? groups.word;
  return query ? { test: "line.includes(query)", params: { query } } : null;
}

function search(program: (test: string) => string) {
  return (groups: RuleGroups) => {
    const pattern = searchedGlob(groups);
    const term = termTest(groups);
    return pattern && term
      ? { program: program(term.test), params: { pattern, ...term.params } }
      : null;
  };
}

/**
 * A regex for lines that import `module`: `import … from "m"`, `import "m"`, `import("m")`,
 * `require("m")`, `export … from "m"` (also `m.js`/`m.ts`, a subpath of a package, and for a
 * bare name any path ending in `/m`), and Python's `import m` / `from m import …`.
 */
export function importRegex(module: string): string | null {
  const relative = module.startsWith(".");
  const name = escapeRegex(module);
  const path = `${relative ? "" : "(?:[^\"'`]*\\/)?"}${name}(?:\\.[cm]?[jt]sx?)?${relative ? "" : "(?:\\/[^\"'`]*)?"}`;
  const javascript = `\\b(?:from|import|require)\\s*\\(?\\s*["'\`]${path}["'\`]`;
  const python = /^[A-Za-z_][\w.]*$/.test(module)
    ? `|^\\s*(?:from\\s+${name}(?:\\.\\w+)*\\s+import\\b|import\\s+(?:[\\w.]+\\s*,\\s*)*${name}\\b)`
    : "";
  return regexLiteral(`${javascript}${python}`);
}

/** Content search rules, most specific first. */
export const SEARCH_RULES: readonly IntentRule[] = [
  {
    id: "files-with-todos",
    needs: ["find_files", "read_file"],
    patterns: [
      `which files (?:have|has|contain|mention|include) (?:any |a )?${MARKS}${MARK_NOUN}${scope}`,
      `${please}(?:list|find|show|get)${me}${all} files (?:with|that have|which have|containing|that contain) (?:any |a )?${MARKS}${MARK_NOUN}${scope}`,
    ].map(intentPattern),
    build: todos(filesProgram),
  },
  {
    id: "count-todos",
    needs: ["find_files", "read_file"],
    patterns: [
      `(?:how many|count(?: the)?|number of) ${MARKS}${MARK_NOUN}(?: are there)?${scope}(?: are there)?(?: in total| altogether)?`,
      `how many lines${scope} (?:contain|have|mention) (?:a )?${MARKS}`,
    ].map(intentPattern),
    build: todos(countProgram),
  },
  {
    id: "todos",
    needs: ["find_files", "read_file"],
    patterns: [
      `${please}(?:find|list|show|get|give|search for|grep(?: for)?|collect)${me}${all} ${MARKS}${MARK_NOUN}${scope}`,
      `where are${all} ${MARKS}${MARK_NOUN}${scope}`,
      `(?:what|which) ${MARKS}${MARK_NOUN} are there${scope}`,
      `${MARKS}${MARK_NOUN}${scope}`,
    ].map(intentPattern),
    build: todos(hitsProgram),
  },
  {
    id: "files-importing",
    needs: ["find_files", "read_file"],
    patterns: [
      `(?:which|what) (?:files|modules) (?:import|imports|require|requires)(?: from)? ${MODULE}${scope}`,
      `(?:who|what) (?:imports|requires) ${MODULE}${scope}`,
      `${please}(?:list|find|show|get)${me}${all} (?:files|modules) (?:that |which )?(?:import|imports|importing|require|requires|requiring)(?: from)? ${MODULE}${scope}`,
    ].map(intentPattern),
    build: (groups) => {
      const pattern = searchedGlob(groups, CODE_EXTENSIONS);
      const regex = importRegex(groups.module ?? "");
      return pattern && regex
        ? { program: filesProgram(`${regex}.test(line)`), params: { pattern } }
        : null;
    },
  },
  {
    id: "files-containing",
    needs: ["find_files", "read_file"],
    patterns: [
      `which files (?:mention|contain|include|reference) (?:the (?:word|text|string|phrase|regex|pattern) )?${TERM}${scope}`,
      `${please}(?:list|find|show|get)${me}${all} files (?:that |which )?(?:mention|mentions|mentioning|contain|contains|containing|include|includes|including|reference|references|referencing) (?:the (?:word|text|string|phrase) )?${TERM}${scope}`,
    ].map(intentPattern),
    build: search(filesProgram),
  },
  {
    id: "count-files-containing",
    needs: ["find_files", "read_file"],
    patterns: [
      `how many files (?:mention|contain|include|reference) (?:the (?:word|text|string|phrase) )?${TERM}${scope}`,
    ].map(intentPattern),
    build: search((test) => `len(${filesProgram(test)})`),
  },
  {
    id: "search",
    needs: ["find_files", "read_file"],
    patterns: [
      `${please}(?:search|grep)(?: (?:the )?(?:workspace|project|code|codebase|files|repo))?(?: for)? ${TERM}${scope}`,
      `${please}(?:look for|find|list|show|get)${me}${all} (?:occurrences|mentions|matches|uses) of ${TERM}${scope}`,
      `${please}(?:find|list|show|get)${me}${all} lines (?:that |which )?(?:mention|mentions|mentioning|contain|contains|containing|match|matches|matching) (?:the (?:word|text|string|phrase|regex|pattern) )?${TERM}${scope}`,
      `where is ${TERM} mentioned${scope}`,
    ].map(intentPattern),
    build: search(hitsProgram),
  },
];
