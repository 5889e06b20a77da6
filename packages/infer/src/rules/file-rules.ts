/**
 * Rules about files: read a file, read the readme or changelog, list files of a kind or in a
 * folder, count them, list test files, and files matching a glob. Each program is fixed text;
 * what comes from the intent is bound as a string param (`path`, `pattern`).
 */
import { PHRASE, globFor, kindExtensions, scopeOf, type Scope } from "./intent-phrases.js";
import { intentPattern, type IntentRule, type RuleGroups } from "./rule-types.js";

const { please, me, all, kind, scope } = PHRASE;
const QUOTE = "[\"'`]?";
const FILE = String.raw`${QUOTE}(?<path>(?:[\w.-]+\/)*(?:[\w-][\w.-]*\.\w+|Makefile|Dockerfile|LICENSE|Procfile|Gemfile))${QUOTE}`;
const SHOW = String.raw`(?:read|show|cat|print|open|display|view|output)`;

/** Test files by the usual conventions: `*.test.*`, `*.spec.*`, `test_*.py`, `*_test.*`, `__tests__/`. */
const TEST_GLOB = "{**/*.{test,spec}.*,**/test_*.py,**/*_test.*,**/__tests__/**/*}";

/** Well-known files people name without their extension, as a root glob and the usual name. */
const KNOWN_FILES: Readonly<Record<string, { pattern: string; name: string }>> = Object.freeze({
  readme: { pattern: "{README,Readme,readme}*", name: "README.md" },
  changelog: { pattern: "{CHANGELOG,Changelog,changelog,CHANGES,HISTORY}*", name: "CHANGELOG.md" },
  license: { pattern: "{LICENSE,LICENCE,License,license,COPYING}*", name: "LICENSE" },
  contributing: { pattern: "{CONTRIBUTING,Contributing,contributing}*", name: "CONTRIBUTING.md" },
});

/** The scope and kind of a files phrase together; null when they disagree or are unknown. */
function kindAndScope(groups: RuleGroups): Scope | null {
  const where = scopeOf(groups);
  if (!where) return null;
  if (groups.kind === undefined) return where;
  const extensions = kindExtensions(groups.kind);
  if (!extensions || where.extensions) return null;
  return { folder: where.folder, extensions };
}

const listed = (program: string) => (groups: RuleGroups) => {
  const where = kindAndScope(groups);
  return where ? { program, params: { pattern: globFor(where.folder, where.extensions) } } : null;
};

const tests = (program: string) => (groups: RuleGroups) => {
  const where = scopeOf(groups);
  if (!where || where.extensions) return null;
  return {
    program,
    params: { pattern: where.folder ? `${where.folder}/${TEST_GLOB}` : TEST_GLOB },
  };
};

/** Globs as people write them after "matching" or "named": a bare name matches at any depth. */
function globOf(groups: RuleGroups): string | null {
  const glob = groups.glob ?? "";
  if (glob === "" || glob.startsWith("/") || glob.split("/").includes("..")) return null;
  return groups.named !== undefined && !glob.includes("/") ? `**/${glob}` : glob;
}

const GLOB = String.raw`${QUOTE}(?<glob>[^\s"'\`]+)${QUOTE}`;
const WILD_GLOB = String.raw`${QUOTE}(?<glob>[^\s"'\`]*[*?{][^\s"'\`]*)${QUOTE}`;
const MATCHING = String.raw`(?:matching|that match|which match|like|(?<named>named|called))`;

/** File rules, most specific first. */
export const FILE_RULES: readonly IntentRule[] = [
  {
    id: "read-file",
    needs: ["read_file"],
    patterns: [
      `${please}${SHOW}${me}(?: the)?(?: (?:contents?|text) of)?(?: the)?(?: file)? ${FILE}`,
      `${please}what(?:'s| is) in ${FILE}`,
      `(?:the )?contents? of ${FILE}`,
      `what does ${FILE} (?:say|contain)`,
    ].map(intentPattern),
    build: (groups) => ({ program: "read_file(path)", params: { path: groups.path ?? "" } }),
  },
  {
    id: "read-known-file",
    needs: ["read_file", "find_files"],
    patterns: [
      `${please}${SHOW}${me}(?: the)?(?: (?:contents?|text) of)?(?: the)? (?<known>readme|changelog|change log|license|licence|contributing(?: guide| guidelines)?)(?: file)?`,
      `what(?:'s| is) in the (?<known>readme|changelog|license|licence)(?: file)?`,
      `what does the (?<known>readme|changelog|license|licence)(?: file)? say`,
    ].map(intentPattern),
    build: (groups) => {
      const word = (groups.known ?? "").toLowerCase();
      const key = word.startsWith("contributing")
        ? "contributing"
        : word === "change log"
          ? "changelog"
          : word === "licence"
            ? "license"
            : word;
      const known = KNOWN_FILES[key];
      return known
        ? {
            program: "const matches = find_files(pattern)\nread_file(matches[0] ?? name)",
            params: { pattern: known.pattern, name: known.name },
          }
        : null;
    },
  },
  {
    id: "list-test-files",
    needs: ["find_files"],
    patterns: [
      `${please}(?:list|find|show|get|give)${me}${all} (?:test|spec) files${scope}`,
      `${please}(?:list|find|show|get|give)${me}${all} tests${scope}`,
      `(?:which|what) (?:are the )?(?:test|spec) files(?: (?:are there|exist|do we have))?${scope}`,
      `which files are tests${scope}`,
    ].map(intentPattern),
    build: tests("find_files(pattern)"),
  },
  {
    id: "count-test-files",
    needs: ["find_files"],
    patterns: [
      `(?:how many|count(?: the)?|number of) (?:test|spec) files(?: are there| do we have| exist)?${scope}(?: are there)?`,
    ].map(intentPattern),
    build: tests("len(find_files(pattern))"),
  },
  {
    id: "files-matching",
    needs: ["find_files"],
    patterns: [
      `${please}(?:find|list|show|get|glob)${me}${all}(?: files?)? ${MATCHING} ${GLOB}`,
      `which files (?:match|are (?<named>named|called)) ${GLOB}`,
      `(?:glob|list|find|ls) ${WILD_GLOB}`,
    ].map(intentPattern),
    build: (groups) => {
      const pattern = globOf(groups);
      return pattern ? { program: "find_files(pattern)", params: { pattern } } : null;
    },
  },
  {
    id: "count-files-matching",
    needs: ["find_files"],
    patterns: [`how many files (?:match|are (?<named>named|called)) ${GLOB}`].map(intentPattern),
    build: (groups) => {
      const pattern = globOf(groups);
      return pattern ? { program: "len(find_files(pattern))", params: { pattern } } : null;
    },
  },
  {
    id: "list-files",
    needs: ["find_files"],
    patterns: [
      `${please}(?:list|find|show|get|give)${me}${all}(?: ${kind})? files?${scope}`,
      `(?:which|what)(?: ${kind})? files (?:are there|exist|do we have)${scope}`,
      `(?:which|what)(?: ${kind})? files are(?: there)?${PHRASE.where}`,
      `what files (?:does|do) ${PHRASE.folder} (?:contain|have|hold)`,
      `what(?:'s| is) in ${PHRASE.folder}`,
      `(?:list|show)(?: me)? (?:the )?contents of ${PHRASE.folder}`,
      `(?:list|show)(?: me)? ${PHRASE.namedFolder}`,
      `(?:ls|dir)(?: (?<folder>[\\w.-]+(?:\\/[\\w.-]+)*)\\/?)?`,
    ].map(intentPattern),
    build: listed("find_files(pattern)"),
  },
  {
    id: "count-files",
    needs: ["find_files"],
    patterns: [
      `(?:how many|count(?: the)?|number of)(?: ${kind})? files?(?: are there| do we have| exist| are)?${scope}(?: are there| do we have)?`,
      `how many(?: ${kind})? files does (?:the |this |our )?(?:workspace|project|repo|repository|codebase) have`,
    ].map(intentPattern),
    build: listed("len(find_files(pattern))"),
  },
];
