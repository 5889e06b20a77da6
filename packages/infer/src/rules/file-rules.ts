/**
 * Rules about files and folders: list and count files by kind or folder, find files by name or
 * glob, list folders, count files per folder or extension, and test files. What comes from the request is bound as a string param
 * (`path`, `pattern`, `folder`) or a number checked against a range.
 */
import { TEST_GLOB, globFor } from "./file-kinds.js";
import { findCall } from "./find-call.js";
import { filesText, quoted } from "./reading-text.js";
import { foldersNotFlat, globOf, scopeOf, textOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleContext, type RuleSlots } from "./rule-types.js";

/** Folders that hold tests by where they are, whatever their files are named. */
const TEST_FOLDERS = "**/{test,tests,testing,spec,specs,__tests__}/**/*";

/**
 * The test-file glob of a match, or why not: tests are not a kind to combine with another, and
 * when no file is named as a test but a folder of tests has files ("the testing files" with a
 * `testing/` folder), "test files by name" is not what the request can be taken to mean.
 */
async function testFiles(
  slots: RuleSlots,
  context: RuleContext,
): Promise<string | { pattern: string }> {
  const where = scopeOf(slots);
  if (!where || where.extensions) return "tests are not a kind of file to combine with another";
  if (where.shallow) return "test files are found at any depth, not only directly in a folder";
  const within = (glob: string) => (where.folder ? `${where.folder}/${glob}` : glob);
  const pattern = within(TEST_GLOB);
  if (
    context.workspace &&
    (await context.workspace.files(pattern)).length === 0 &&
    (await context.workspace.files(within(TEST_FOLDERS))).length > 0
  )
    return "no file is named as a test, but a test folder holds files: the request may mean those";
  return { pattern };
}

/** The glob of a match's files and its reading words; "the top level" is the files directly in the root (`*`). */
const files = (slots: RuleSlots): { pattern: string; text: string } | null => {
  const where = scopeOf(slots);
  if (!where) return null;
  if (slots.top) {
    if (where.folder !== "") return null;
    const pattern = where.extensions ? globFor("", where.extensions).replace(/^\*\*\//, "") : "*";
    return { pattern, text: `${filesText(pattern, where.extensions)} directly in the top folder` };
  }
  const pattern = globOf(where, where.extensions);
  return { pattern, text: filesText(pattern, where.extensions) };
};

/** A pattern for a name or glob as people write it: a bare name matches at any depth, as `find -name` does. */
function nameGlob(raw: string): string | null {
  const glob = raw.replace(/\\/g, "/").replace(/^\.\//, "");
  if (glob === "" || glob.startsWith("/") || glob.split("/").includes("..")) return null;
  return glob.includes("/") || glob.startsWith("**") ? glob : `**/${glob}`;
}

/** The program over the glob a name slot stands for, when at least one file matches it; else why not. */
async function overMatches(
  slots: RuleSlots,
  context: RuleContext,
  program: string,
  counting: boolean,
) {
  const token = slots.name?.length === 1 ? slots.name[0]! : null;
  // "the readme" is grounded to the README it names; any file of that name matches.
  const raw =
    token?.form === "F" && !token.raw.includes("/")
      ? token.path!.split("/").at(-1)!
      : textOf(slots.name);
  const named = raw === null ? null : nameGlob(raw);
  const where = scopeOf(slots);
  if (!where || where.extensions) return "a name and a kind of file are both named";
  const folder = where.folder;
  if (named === null || ((folder || where.shallow) && !named.startsWith("**/")))
    return "the name is not a workspace path or glob";
  // "isSame*.js at the root", "*.md directly in docs": the name in the folder itself.
  const base = where.shallow ? named.slice("**/".length) : named;
  const pattern = folder ? `${folder}/${base}` : base;
  // "is there a tsconfig.json": a name that is plainly a file's answers, even with no such file.
  const empty = slots.exist !== undefined && token?.form === "P";
  if (!context.workspace || (!empty && (await context.workspace.files(pattern)).length === 0))
    return `no file matches ${JSON.stringify(pattern)}`;
  const what = `files whose path matches ${quoted(pattern)}${empty ? " (node_modules and .gitignored files left out)" : ""}`;
  return {
    program: program.replace("find_files(pattern)", findCall(pattern, "pattern", { names: true })),
    params: { pattern },
    reading: counting ? `the number of ${what}` : what,
  };
}

const NAME = "(?<name>[PFGQ])";
const NAME_AFTER_MARKER = "(?<name>[PFGKWQ])";
const FILE_WORD = "(?:file|script)(?: package)?(?: have)?";
/** "in the top level", "at the root": the files or folders directly in the workspace root. */
const TOP = "(?: in)? (?<top>toplevel)(?: package| folder)?";
/** "folders", "dirs", "directories": the word asks for many folders, not the one folder it names. */
const PLURAL_FOLDER = /(?:s|ies)$/i;

/** Every folder that holds a listed file (`find_files`: node_modules and ignored files left out), sorted. */
const ALL_FOLDERS = [
  "const folders = []",
  "for (const file of find_files(pattern, { hidden: true })) {",
  '  const parts = file.split("/")',
  '  for (let depth = 1; depth < len(parts); depth++) folders.push(parts.slice(0, depth).join("/"))',
  "}",
  "sorted(unique(folders))",
].join("\n");

/** File rules, most specific first. */
export const FILE_RULES: readonly IntentRule[] = [
  {
    id: "list-test-files",
    summary: "list the test files",
    examples: ["list the test files", "which files are tests in src"],
    needs: ["find_files"],
    patterns: [
      "{ask}(?:file )?test(?: file)?{scope}",
      // "where are the tests?": the test files, where they are.
      "where test(?: file)?{scope}",
    ].map(rulePattern),
    async build(slots, context) {
      const tests = await testFiles(slots, context);
      if (typeof tests === "string") return tests;
      const { pattern } = tests;
      return {
        program: findCall(pattern, "pattern", { names: true }),
        params: { pattern },
        reading: `test files by name (${pattern})`,
      };
    },
  },
  {
    id: "count-test-files",
    summary: "count the test files",
    examples: ["how many test files are there", "count the tests in src"],
    needs: ["find_files"],
    patterns: ["count test(?: file)?(?: have)?{scope}(?: deep)?"].map(rulePattern),
    async build(slots, context) {
      const tests = await testFiles(slots, context);
      if (typeof tests === "string") return tests;
      const { pattern } = tests;
      return {
        program: `len(${findCall(pattern, "pattern", { names: true })})`,
        params: { pattern },
        reading: `the number of test files by name (${pattern})`,
      };
    },
  },
  {
    id: "files-named",
    summary: "find files by name or glob",
    examples: [
      "find files named package.json",
      "where is utils.ts",
      "list files matching docs/*.md",
    ],
    needs: ["find_files"],
    patterns: [
      `{ask}(?:file )?(?:named|match) ${NAME_AFTER_MARKER}{scope}`,
      // "where is the file named timeout.ts", "list every index.ts in lib".
      `where (?:file )?named ${NAME_AFTER_MARKER}{scope}`,
      "{ask}(?:all )?(?<name>[PF]) in (?<scope>D)",
      `(?:where|find) ${NAME}`,
      "(?:show|find|match) (?<name>G)",
      `(?<exist>exist) ${NAME}`,
      "{ask}(?<name>[PFG]) file(?: in (?:(?<scope>D)|(?<scopeTop>toplevel)))?",
    ].map(rulePattern),
    build: (slots, context) => overMatches(slots, context, "find_files(pattern)", false),
  },
  {
    id: "count-files-named",
    summary: "count files by name or glob",
    examples: ["how many files match *.md", "count the files named index.ts"],
    needs: ["find_files"],
    patterns: [
      `count (?:file )?(?:named|match) ${NAME_AFTER_MARKER}{scope}`,
      "count (?<name>[PFG]) file(?: in (?:(?<scope>D)|(?<scopeTop>toplevel)))?",
    ].map(rulePattern),
    build: (slots, context) => overMatches(slots, context, "len(find_files(pattern))", true),
  },
  {
    id: "list-folders",
    summary: "list the folders in a folder, or every folder",
    examples: ["ls dirs", "which folders are in src"],
    needs: ["list_folder"],
    patterns: [
      `(?:show )?folder(?:${TOP}|{scope})`,
      "(?:show )?folder (?<folder>D)",
      "(?:show )?folder {folder} (?:have|contain)",
      // "the top-level folders": the folders at the top, never the top folder's files.
      "(?:show )?(?<top>toplevel) (?<many>folder)",
      // "the top-level folder layout".
      "(?:show )?(?<top>toplevel) (?:folder )?structure",
      // "the top-level folders in dist": the folders directly in dist.
      "(?:show )?toplevel (?<many>folder) in (?<folder>D)",
    ].map(rulePattern),
    build(slots) {
      if (slots.many && !PLURAL_FOLDER.test(slots.many[0]!.raw))
        return "“the top-level folder” names the top folder, not its folders";
      const where = scopeOf(slots);
      const folder = slots.top ? "" : (slots.folder?.[0]?.path ?? where?.folder ?? null);
      if (folder === null || where?.extensions) return "folders have no kind";
      return {
        program:
          'list_folder(folder).filter(entry => entry.kind === "folder").map(entry => entry.path)',
        params: { folder: folder || "." },
        reading: `the folders directly in ${folder ? quoted(folder) : "the top folder"} (list_folder)`,
      };
    },
  },
  {
    id: "folder-contents",
    summary: "what is directly in a folder: its files and folders",
    examples: ["ls src", "what's in the docs folder", "what's at the top level"],
    needs: ["list_folder"],
    patterns: [
      "(?<show>show) (?:(?<contents>content) )?(?:(?<into>in) )?{folder}",
      "show (?:content )?(?:in )?(?<top>toplevel)(?: package| (?<root>folder))?",
      // "contents of parse/": a folder's contents need no verb.
      "(?<contents>content) (?:in )?{folder}",
    ].map(rulePattern),
    build(slots) {
      // "list the top-level folders" asks for folders only (list-folders), not everything there.
      if (slots.root && PLURAL_FOLDER.test(slots.root[0]!.raw))
        return "“folders” asks for the folders alone, not the files beside them";
      const folder = slots.folder?.[0]?.path ?? "";
      // "show src" may ask for the source, not the folder: a plain word after a verb that only
      // shows is a folder here only for ls, dir and list, or with "in" or "contents".
      const bare =
        slots.folder?.[0]?.loose === true && !slots.contents?.length && !slots.into?.length;
      if (bare && !/^(?:ls|dir|list)$/i.test(slots.show![0]!.raw))
        return "a plain word after “show” may name something other than the folder of that name";
      // list_folder leaves symbolic links out, and installed packages' folders are full of them
      // (node_modules/.bin): a listing there could miss what is in it.
      if (folder.split("/").includes("node_modules"))
        return "a folder under node_modules may hold links, which list_folder does not list";
      return {
        program: "list_folder(folder).map(entry => entry.path)",
        params: { folder: folder || "." },
        reading: `the files and folders directly in ${folder ? quoted(folder) : "the top folder"} (list_folder)`,
      };
    },
  },
  {
    id: "list-all-folders",
    summary: "every folder, at any depth",
    examples: ["list all the directories", "show every folder under src recursively"],
    needs: ["find_files"],
    patterns: [
      "(?:show )?all folder{scope}(?: deep)?",
      "(?:show )?(?:all )?folder{scope} deep",
      // "the folder structure of lib", "the directory tree of lib/web (dirs only)", "the layout".
      "(?:show )?(?:folder )?structure(?:(?: in)? (?<scope>D))?(?: folder)?",
      // "what directories does the repo have": the top folder's, or every one; answered only
      // where the two are the same.
      "(?:show )?folder (?<either>have)",
    ].map(rulePattern),
    async build(slots, context) {
      const notFlat = slots.either ? await foldersNotFlat(context) : null;
      if (notFlat) return notFlat;
      const where = scopeOf(slots);
      if (!where || where.extensions) return "folders have no kind";
      if (where.shallow)
        return "every folder at any depth was asked, and the scope says directly in";
      const pattern = globOf(where, null);
      return {
        program: where.folder
          ? `${ALL_FOLDERS}.filter(entry => entry.startsWith(\`\${folder}/\`))`
          : ALL_FOLDERS,
        params: where.folder
          ? { pattern, folder: where.folder }
          : ({ pattern } as Record<string, string>),
        reading: `every folder ${where.folder ? `under ${quoted(where.folder)} ` : ""}that holds a file find_files lists (${pattern}; node_modules and .gitignored files left out)`,
      };
    },
  },
  {
    id: "count-per-folder",
    summary: "count files per folder",
    examples: ["count files per folder", "how many .js files are in each folder"],
    needs: ["find_files"],
    patterns: [
      "count (?:{kind} )?file (?:in )?per folder{scope}",
      "per folder(?: in D)? count (?:{kind} )?file",
      "(?:show )?(?:{kind} )?file (?:count )?per folder{scope}",
    ].map(rulePattern),
    build(slots) {
      const found = files(slots);
      if (!found) return "two kinds of file are named";
      return {
        program: [
          "const counts = {}",
          "for (const file of find_files(pattern, { hidden: true })) {",
          '  const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "."',
          "  counts[folder] = (counts[folder] ?? 0) + 1",
          "}",
          "counts",
        ].join("\n"),
        params: { pattern: found.pattern },
        reading: `the number of ${found.text} in each folder that holds one, "." for the top folder`,
      };
    },
  },
  {
    id: "list-files",
    summary: "list files by kind or folder",
    examples: [
      "list all typescript files",
      "show the .md files in docs",
      "list files in src",
      "what files are in the top level",
    ],
    needs: ["find_files"],
    patterns: [
      `{ask}(?:{kind} )?${FILE_WORD}(?:${TOP}|{scope})(?: deep)?`,
      "(?:{kind} )?file in D",
      // "markdown docs in docs": a kind names files without the word.
      "{ask}{kind} in (?<scope>D)",
      "show (?:content )?(?:in )?(?<scope>D) file",
      `show (?:{kind} )?file (?<scope>D) (?:have|contain)`,
    ].map(rulePattern),
    build(slots) {
      const found = files(slots);
      return found
        ? {
            program: findCall(found.pattern, "pattern", { names: true }),
            params: { pattern: found.pattern },
            reading: found.text,
          }
        : "two kinds of file are named";
    },
  },
  {
    id: "count-files",
    summary: "count files by kind or folder",
    examples: ["how many files are there", "count the python files in src"],
    needs: ["find_files"],
    patterns: [
      `count (?:{kind} )?${FILE_WORD}(?:${TOP}|{scope})(?: deep)?`,
      "count (?:{kind} )?file (?<scope>D) (?:have|contain)(?: deep)?",
      // "how many source maps are there in build": a kind needs no "files".
      "count {kind}{scope}",
      "count (?:{kind} )?file (?:count )?(?<withnm>withnm)",
      // "any .mjs files? how many", "do we have any yaml files? how many".
      `(?:have |exist )?(?:{kind} )?${FILE_WORD}{scope} count`,
    ].map(rulePattern),
    build(slots) {
      const found = files(slots);
      if (!found) return "two kinds of file are named";
      if (slots.withnm) {
        // "including node_modules": every file, the ignored ones too, and every node_modules folder's.
        const modules = found.pattern.replace(/^\*\*\//, "**/node_modules/**/");
        return {
          program:
            "len(find_files(pattern, { include_ignored: true, hidden: true })) + len(find_files(modules, { include_ignored: true, hidden: true }))",
          params: { pattern: found.pattern, modules },
          reading: `the number of ${found.text}, with the files under node_modules and the .gitignored ones (${modules})`,
        };
      }
      return {
        program: `len(${findCall(found.pattern, "pattern", { names: true })})`,
        params: { pattern: found.pattern },
        reading: `the number of ${found.text}`,
      };
    },
  },
];
