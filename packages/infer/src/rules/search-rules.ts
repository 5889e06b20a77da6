/**
 * Rules that search file contents: TODO/FIXME comments, a word, phrase or regex, and imports
 * of a module. With `search_files` in the kit they call it (every text file, bounded); without
 * it they read the text files (`TEXT_EXTENSIONS`) with `read_file`. Searched text is a string
 * param (`query`); a regex or a module name becomes a regex literal only through
 * `regexLiteral`, which refuses anything that would not parse back as exactly that regex.
 */
import { NODE_BUILTIN_MODULES } from "@lackpy/kit";
import {
  CODE_EXTENSIONS,
  MODULE_EXTENSIONS,
  TEXT_EXTENSIONS,
  codeFirst,
  extensionOf,
} from "./file-kinds.js";
import { filesText, quoted } from "./reading-text.js";
import { escapeRegex, regexLiteral, termWords, wholeWordRegex } from "./regex-literal.js";
import { asksWhichFiles, globOf, scopeOf, textOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleContext, type RuleSlots } from "./rule-types.js";

/** Every line passing `test`, as `{ file, line, text }` rows, reading each file. */
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

/** The files with a line passing `test`, reading each file. */
const filesProgram = (test: string) =>
  `find_files(pattern).filter(file => read_file(file).split("\\n").some(line => ${test}))`;

/** How many lines pass `test`, reading each file. */
const countProgram = (test: string) =>
  `sum(find_files(pattern).map(file => read_file(file).split("\\n").filter(line => ${test}).length))`;

/** The glob a search reads: the scope's file, or its folder with its kinds, every file (search_files) or text files (read_file). */
function searchedGlob(
  slots: RuleSlots,
  context: RuleContext,
  fallback: readonly string[] = TEXT_EXTENSIONS,
) {
  const where = scopeOf(slots, { file: true });
  if (!where) return null;
  if (where.file !== undefined) {
    // A file's path is its own glob, unless it holds glob characters or is not of the kind named.
    const extension = extensionOf(where.file);
    if (/[*?{]/.test(where.file)) return null;
    return !where.extensions || (extension !== null && where.extensions.includes(extension))
      ? where.file
      : null;
  }
  const searches = context.tools.has("search_files");
  return globOf(where, where.extensions ?? (searches ? null : fallback));
}

/** The marks a TODO request names: TODO, FIXME or both. */
function marksOf(slots: RuleSlots): string[] {
  const words = (slots.marks ?? []).map((token) => token.raw.toLowerCase()).join(" ");
  return [
    ...(/to-?\s?do/.test(words) ? ["TODO"] : []),
    ...(words.includes("fixme") ? ["FIXME"] : []),
  ];
}

type Shape = "rows" | "files" | "count";

/** The program for TODO marks in one of three shapes, with search_files when the kit has it. */
function todoProgram(marks: string[], shape: Shape, searches: boolean): string {
  if (!searches) {
    const test = marks.map((mark) => `line.includes("${mark}")`).join(" || ");
    return shape === "rows"
      ? hitsProgram(test)
      : shape === "files"
        ? filesProgram(test)
        : countProgram(test);
  }
  if (marks.length === 1) {
    const hits = `search_files("${marks[0]}", pattern)`;
    return shape === "rows"
      ? hits
      : shape === "files"
        ? `unique(${hits}.map(hit => hit.file))`
        : `len(${hits})`;
  }
  const both = [
    'const todos = search_files("TODO", pattern)',
    'const fixmes = search_files("FIXME", pattern).filter(hit => !hit.text.includes("TODO"))',
  ];
  const last =
    shape === "rows"
      ? 'sort_by(sort_by([...todos, ...fixmes], "line"), "file")'
      : shape === "files"
        ? "sorted(unique([...todos, ...fixmes].map(hit => hit.file)))"
        : "len(todos) + len(fixmes)";
  return [...both, last].join("\n");
}

/** The files a search reads, in words: "files (**\/*)", or "README.md". */
function searchedText(pattern: string, slots: RuleSlots): string {
  const where = scopeOf(slots, { file: true });
  return where?.file !== undefined ? quoted(where.file) : filesText(pattern, where?.extensions);
}

const SHAPES: Readonly<Record<Shape, (lines: string, files: string) => string>> = {
  rows: (lines, files) =>
    `the lines of ${files} that contain ${lines}, as { file, line, text } rows`,
  files: (lines, files) => `the ${files} with a line that contains ${lines}`,
  count: (lines, files) => `the number of lines of ${files} that contain ${lines}`,
};

const todos = (shape: Shape) => (slots: RuleSlots, context: RuleContext) => {
  const pattern = searchedGlob(slots, context);
  const marks = marksOf(slots);
  if (!pattern || marks.length === 0) return "two kinds of file are named";
  const lines = `${marks.map(quoted).join(" or ")} (case-sensitive)`;
  return {
    program: todoProgram(marks, shape, context.tools.has("search_files")),
    params: { pattern },
    reading: SHAPES[shape](lines, searchedText(pattern, slots)),
  };
};

/**
 * "console.log calls": a name's calls are the name followed by "(" (spaces between allowed), so
 * a comment that says "console.logged" is not one. Quoted text or a regex is searched as written.
 */
function callsOf(term: ReturnType<typeof termOf>, slots: RuleSlots): ReturnType<typeof termOf> {
  if (!slots.calls || term === null || !("query" in term) || !/^[\w$.]+$/.test(term.query))
    return term;
  const literal = regexLiteral(`\\b${escapeRegex(term.query)}\\s*\\(`);
  return literal ? { regex: literal, anyCase: undefined, call: term.query } : term;
}

/** What a term slot searches for: plain text (`query`), or a regex literal (with the text it stands for when case is ignored). */
function termOf(
  slots: RuleSlots,
): { query: string } | { regex: string; anyCase?: string; word?: string; call?: string } | null {
  // "the word knex": the whole word, as grep -w matches it.
  const whole = wholeWordRegex(slots.term, slots.icase !== undefined);
  if (whole) return whole;
  // "the word zod": the marker word is not part of the text.
  const tokens = termWords(slots.term);
  const token = tokens[0];
  // "files that contain a password": a kind of text, not the word as written.
  if (!token || tokens.length !== 1 || token.article) return null;
  if (token.form === "R") {
    const literal = regexLiteral(token.raw, token.flags ?? "");
    return literal ? { regex: literal } : null;
  }
  if (token.raw.trim() === "" || /[\n\r]/.test(token.raw)) return null;
  if (!slots.icase) return { query: token.raw };
  // "grep -i moment": the text in any case.
  const literal = regexLiteral(escapeRegex(token.raw), "i");
  return literal ? { regex: literal, anyCase: token.raw } : null;
}

const search = (shape: Shape) => (slots: RuleSlots, context: RuleContext) => {
  if (slots.calls && !/^call/i.test(slots.calls[0]!.raw))
    return `${quoted(slots.calls[0]!.raw)} after the text is not read`;
  const term = callsOf(termOf(slots), slots);
  const searches = context.tools.has("search_files") && term !== null && "query" in term;
  const pattern = searchedGlob(slots, { ...context, tools: searches ? context.tools : new Set() });
  if (!term || !pattern) return "the text to search for is not usable";
  const what =
    "query" in term
      ? `${quoted(term.query)} (case-sensitive)`
      : "word" in term && term.word !== undefined
        ? `the whole word ${quoted(term.word)} (${slots.icase ? "in any case" : "case-sensitive"}, as grep -w matches it)`
        : term.anyCase !== undefined
          ? `${quoted(term.anyCase)} in any case`
          : "call" in term && term.call !== undefined
            ? `a call of ${quoted(term.call)} (the name, then "(")`
            : `a match of the regex ${term.regex}`;
  const files = searchedText(pattern, slots);
  const reading =
    shape === "rows"
      ? SHAPES.rows(what, files)
      : `${shape === "count" ? "the number of " : ""}${files} whose text contains ${what}`;
  if (searches && "query" in term) {
    const hits = "search_files(query, pattern)";
    const program =
      shape === "rows"
        ? hits
        : shape === "files"
          ? `unique(${hits}.map(hit => hit.file))`
          : `len(unique(${hits}.map(hit => hit.file)))`;
    return { program, params: { pattern, query: term.query }, reading };
  }
  const test = "regex" in term ? `${term.regex}.test(line)` : "line.includes(query)";
  const params: Record<string, string> =
    "query" in term ? { pattern, query: term.query } : { pattern };
  const program =
    shape === "rows"
      ? hitsProgram(test)
      : shape === "files"
        ? filesProgram(test)
        : `len(${filesProgram(test)})`;
  return { program, params, reading };
};

/**
 * "which js files don't have "use strict"", "files in lib that do not contain X": each file is
 * read whole (`read_file`), so one the search tools would skip (binary, too large) is never
 * counted as lacking the text; it fails the request instead.
 */
const searchWithout = (count: boolean) => (slots: RuleSlots, context: RuleContext) => {
  const term = termOf(slots);
  // Text files only, each read whole: a file no search reads is never "without" the text.
  const pattern = searchedGlob(slots, { ...context, tools: new Set() });
  if (!term || !pattern) return "the text to search for is not usable";
  const what =
    "query" in term
      ? `${quoted(term.query)} (case-sensitive)`
      : term.anyCase !== undefined
        ? `${quoted(term.anyCase)} in any case`
        : `a match of the regex ${term.regex}`;
  const lacks =
    "query" in term
      ? "!read_file(file).includes(query)"
      : `!read_file(file).split("\\n").some(line => ${term.regex}.test(line))`;
  const files = `find_files(pattern).filter(file => ${lacks})`;
  return {
    program: count ? `len(${files})` : files,
    params: ("query" in term ? { pattern, query: term.query } : { pattern }) as Record<
      string,
      string
    >,
    reading: `${count ? "the number of " : "the "}${searchedText(pattern, slots)} whose text does not contain ${what} (each read whole)`,
  };
};

/**
 * A regex for lines that import `module`: `import … from "m"`, `import "m"`, `import("m")`,
 * `require("m")`, `export … from "m"` (also `m.js`/`m.ts`, a subpath of a package, and for a
 * bare name any path ending in `/m`), and Python's `import m` / `from m import …`.
 */
export function importRegex(module: string, requires = false): string | null {
  const relative = module.startsWith(".");
  const name = escapeRegex(module);
  const path = `${relative ? "" : "(?:[^\"'`]*\\/)?"}${name}(?:\\.[cm]?[jt]sx?)?${relative ? "" : "(?:\\/[^\"'`]*)?"}`;
  if (requires) return regexLiteral(`\\brequire\\s*\\(\\s*["'\`]${path}["'\`]`);
  const javascript = `\\b(?:from|import|require)\\s*\\(?\\s*["'\`]${path}["'\`]`;
  const python = /^[A-Za-z_][\w.]*$/.test(module)
    ? `|^\\s*(?:from\\s+${name}(?:\\.\\w+)*\\s+import\\b|import\\s+(?:[\\w.]+\\s*,\\s*)*${name}\\b)`
    : "";
  return regexLiteral(`${javascript}${python}`);
}

/** True when a bare specifier's last segment is also the name of a module file of the workspace. */
async function namesLocalModule(module: string, context: RuleContext): Promise<boolean> {
  if (module.startsWith(".") || module.startsWith("node:") || !context.workspace) return false;
  const name = module.split("/").at(-1)!;
  if (!/^[\w.-]+$/.test(name)) return false;
  const files = await context.workspace.files(`**/${name}.{${MODULE_EXTENSIONS.join(",")}}`);
  return files.length > 0;
}

/**
 * The path end of the workspace module a name ("permessage-deflate") or a path without its
 * extension ("classes/semver", "lib/main") names, when it is no package's: its first segment is
 * no dependency the root package.json declares nor the package's own name, nothing is installed
 * under it, it is not one of Node's own modules, and a module file's path ends so, or a folder's
 * index module does ("ansi-styles" for vendor/ansi-styles/index.js). Null otherwise.
 */
async function namesOwnModule(module: string, context: RuleContext): Promise<string | null> {
  const view = context.workspace;
  if (!view || !/^(?:[\w.-]+|[\w-]+(?:\/[\w.-]+)+)$/.test(module)) return null;
  if (!(await isUndeclaredPackage(module, context))) return null;
  const modules = MODULE_EXTENSIONS.join(",");
  if ((await view.files(`**/${module}.{${modules}}`)).length > 0)
    return `${module}.{${MODULE_FILE_ENDS}}`;
  if ((await view.files(`**/${module}/index.{${modules}}`)).length > 0)
    return `${module}/index.{${MODULE_FILE_ENDS}}`;
  return null;
}

/**
 * True when a bare specifier's package is none the workspace knows: no dependency the root
 * package.json declares, not the package's own name, nothing installed under it, not Node's.
 */
async function isUndeclaredPackage(module: string, context: RuleContext): Promise<boolean> {
  const view = context.workspace;
  if (!view || module.startsWith(".") || module.startsWith("node:")) return false;
  const first = packageOf(module);
  if (NODE_BUILTIN_MODULES.includes(first)) return false;
  const manifest = view.manifest ? await view.manifest("package.json") : null;
  if (declares(manifest, first) || manifest?.name === first) return false;
  return !(await view.kind(`node_modules/${first}`));
}

/** Most workspace files one importers request may resolve to ("http-exception.js" in a build and its CommonJS copy). */
const MAX_IMPORTED_FILES = 4;

/**
 * The files whose relative imports resolve to a workspace file the request names: by its path
 * (`F`), or by a path's end with a module extension ("http-exception.js", "utils/url.js"),
 * every file that ends so. A name with a module extension is never a package's.
 */
async function importersOfFiles(slots: RuleSlots, context: RuleContext, module: string) {
  // "imports lib/a.js" may ask what it imports: "which files", "who", "what imports" or
  // "requires" (never a noun) ask for its importers ("the imports of" reads as "in").
  // "find uses of lib/a.js": "use" (no import verb) is never what the file itself imports.
  const asked = asksWhichFiles(slots) || slots.verb === undefined || slots.where !== undefined;
  if (!slots.files && !slots.who && !asked && !/^requires$/i.test(slots.verb?.[0]?.raw ?? ""))
    return "the request may ask what the file imports, not which files import it";
  if (!context.tools.has("importers_of") || !context.workspace)
    return "a workspace file's importers are found by importers_of, which the kit does not have";
  const token = slots.module?.[0];
  const targets =
    token?.form === "F" && token.path
      ? [token.path]
      : [...(await context.workspace.files(`**/${module.replace(/^\/+/, "")}`))];
  if (targets.length === 0) return `no workspace file's path ends with ${quoted(module)}`;
  if (targets.length > MAX_IMPORTED_FILES)
    return `${targets.length} workspace files end with ${quoted(module)}: name one by its path`;
  const requires = /^requir/i.test(slots.verb?.[0]?.raw ?? "");
  const pattern = searchedGlob(slots, { ...context, tools: new Set() }, MODULE_EXTENSIONS);
  if (!pattern) return "the files to look in are not usable";
  const rows = slots.where !== undefined;
  const list = [
    "const files = []",
    'for (const target of targets.split("\\n")) {',
    "  for (const hit of importers_of({ file: target }, pattern)) {",
    `    ${requires ? 'if (hit.kind === "require") ' : ""}files.push(${rows ? "hit" : "hit.file"})`,
    "  }",
    "}",
    ...(rows ? CODE_IMPORTERS("files", true) : CODE_IMPORTERS("unique(files)")),
    slots.count
      ? "len(importers)"
      : rows
        ? "sorted(importers, hit => hit.file)"
        : "sorted(importers)",
  ].join("\n");
  const how = `${requires ? "a require() call" : "an import, export … from or require"} that resolves to ${targets.map(quoted).join(" or ")}`;
  return {
    program: list,
    params: { pattern, targets: targets.join("\n") },
    reading: `${rows ? `the lines of ${filesText(pattern)} with ${how}${AS_ROWS}` : `${slots.count ? "the number of " : "the "}${filesText(pattern)} with ${how}`} (relative specifiers, parsed; dynamic import() not counted${DECLARATIONS_LAST})`,
  };
}

/**
 * The importers' files, TypeScript declaration files (`.d.ts`) only when no code file imports
 * the module: as for definitions, a declaration is the type of what code does, and a package
 * that ships both has its importers in the code (`importers` is the result).
 */
const CODE_IMPORTERS = (files: string, rows = false) => [
  `const found = ${files}`,
  ...codeFirst("found", "importers", rows),
];

/** The words of a reading for import lines given as rows ("where is minipass imported"). */
const AS_ROWS = ", as { file, line, text, kind } rows";
/** The ends of a module file's name after its stem: its code and its declarations ("semver.d.ts"). */
const MODULE_FILE_ENDS = [...MODULE_EXTENSIONS, "d.ts", "d.mts", "d.cts"].join(",");
const DECLARATIONS_LAST = "; .d.ts declaration files only when no code file imports it";

/** The folder (with its "/") of the one workspace package.json named `name`, not the root's; null otherwise. */
async function packageFolder(name: string, context: RuleContext): Promise<string | null> {
  const view = context.workspace;
  if (!view?.manifest) return null;
  const homes: string[] = [];
  for (const file of await view.files("**/package.json"))
    if (file.includes("/") && (await view.manifest(file))?.name === name)
      homes.push(file.slice(0, -"package.json".length));
  return homes.length === 1 ? homes[0]! : null;
}

/** A package's own name, plain or scoped, with no subpath: its subpaths are imports of it too. */
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][a-z0-9._-]*$/;

/** A module specifier as imports write it: a relative path, `node:x`, a scoped or plain package name in lower case, with a subpath. */
const MODULE_NAME =
  /^(?:\.{1,2}\/[\w./@-]+|node:[a-z_/]+|(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][a-z0-9._-]*(?:\/[\w./@-]+)?)$/;

const MARKS = "(?<marks>todo(?: and todo)?)";
/** Text to look for after a word that introduces it ("contains", "grep", "occurrences of", "the word"): quoted, a regex, or one word, path or name. */
/** …and a package.json field's name, grounded as one ("grep sideEffects"), is text all the same. */
const TERM = "(?<term>(?:literal )?[QWCPFDRM])";
const HAVE = "(?:contain|have|with)";
/**
 * Text that "used", "use of", "call" and "find" take: quoted, a regex, or a name that is
 * code-shaped (`setTimeout`, `process.env`, `console.log`); never a plain word, which may be
 * the request's own ("where is the top level used").
 */
const USED = "(?<term>(?:literal )?[QCPR])";
/**
 * "files that contain X", "files with "X"", "files with the word X": after "have" or "with",
 * which do not introduce text, only quoted text, a regex or text after "the word". The group
 * takes the marker too; `termOf` leaves it out.
 */
const FILE_TERM =
  "(?<term>contain (?:literal )?[QWCPFDR]|(?:have|with) (?:literal [QWCPFDR]|[QRC]))";

/**
 * "don't have "X"", "do not contain X", "without "X"", "lack "X"": text a file lacks. After
 * "contain" any one word is the text; otherwise only quoted text, a regex or a code-shaped name.
 */
const NOT_TERM =
  "(?:not contain (?<term>(?:literal )?[QWCPFDR])|not (?:have |with )?(?<term2>(?:literal )?[QCR])|(?<lack>W) (?<term3>[QCR]))";

/** Content search rules, most specific first. */
export const SEARCH_RULES: readonly IntentRule[] = [
  {
    id: "files-with-todos",
    summary: "the files with TODO or FIXME comments (as named)",
    examples: ["which files have TODOs in them", "list files with FIXME comments in src"],
    needs: ["find_files", "read_file"],
    patterns: [`{ask}file ${HAVE} ${MARKS}(?: comment)?{scope}`].map(rulePattern),
    build: todos("files"),
  },
  {
    id: "count-todos",
    summary: "count the TODO or FIXME lines (as named)",
    examples: ["how many TODOs are there", "count the lines that contain FIXME in src"],
    needs: ["find_files", "read_file"],
    patterns: [
      `count ${MARKS}(?: comment| line)?{scope}`,
      `count line{scope} ${HAVE} ${MARKS}`,
      `count line ${HAVE} ${MARKS}{scope}`,
    ].map(rulePattern),
    build: todos("count"),
  },
  {
    id: "todos",
    summary: "the TODO or FIXME comments (as named) with their line numbers",
    examples: ["list the todos", "show TODO and FIXME comments with line numbers"],
    needs: ["find_files", "read_file"],
    patterns: [
      `(?:show |find |search |where )?${MARKS}(?: comment| line| occurrence)?{scope}(?: (?:with|and) lineno)?`,
      // "grep -rn TODO lib": grep's own order, the folder last.
      `search ${MARKS} (?<scope>D)`,
      // "any FIXME comments anywhere? show me the lines".
      `${MARKS}(?: comment)?{scope} show line`,
      `(?:show |find )?line ${HAVE} ${MARKS}{scope}(?: (?:with|and) lineno)?`,
    ].map(rulePattern),
    build: todos("rows"),
  },
  {
    id: "files-importing",
    summary: "the files that import or require a module",
    examples: ["which files import ./utils", "who requires whatwg-fetch"],
    needs: ["find_files", "read_file"],
    patterns: [
      "(?:(?<ask>show) |(?<who>who) )?(?:(?<files>file) )?(?<verb>import) (?<module>[QWPDFC]){scope}",
      "(?<count>count )(?:(?<files>file) )?(?<verb>import) (?<module>[QWPDFC]){scope}",
      // "which top-level .js files import ./a.js": the files named before the verb.
      "(?:show )?(?:{kind} )?(?<files>file){scope} (?<verb>import) (?<module>[QWPDFC])",
      // "does anything in dist/esm import index.js".
      "(?<who>who){scope} (?<verb>import) (?<module>[QWPDFC])",
      "(?<count>count )(?:{kind} )?(?<files>file){scope} (?<verb>import) (?<module>[QWPDFC])",
      "(?:show |(?<who>who) )?(?:(?<files>file) )?use (?<module>[QP]){scope}",
      // "who uses is-promise.js", "which files use built/utils/debug.js": a workspace file by its path, used by its importers.
      "(?:(?<who>who)|(?<ask>show)|show (?<files>file)|find) use (?<module>F){scope}",
      // "who uses brace-expansion", "which files use picocolors": a dependency package.json
      // declares, or a module of the workspace by its name ("normalize-windows-path").
      "(?:(?<who>who)|(?<ask>show)|show (?<files>file)) (?<verb>use) (?<module>W){scope}",
      "show (?<files>file){scope} (?<verb>use) (?<module>W)",
      // "where is picocolors used", "where is minipass imported", "show the lines that require
      // nanoid": the import lines themselves, as rows.
      "(?<where>where) (?<module>W) (?<verb>import|use){scope}",
      "(?<where>where) (?<module>[QPFC]) (?<verb>import){scope}",
      "(?<where>where) (?<verb>import) (?<module>[QWPFC]){scope}",
      "(?:show |find )?(?<where>line) (?<verb>import) (?<module>[QWPFC]){scope}",
      // "what files pull in the debug package": a dependency package.json declares, by name.
      "(?:show |(?<who>who) )?(?:(?<files>file) )?(?<verb>import|use) (?<module>W) (?<dep>package){scope}",
      "(?<count>count )(?:(?<files>file) )?(?<verb>import|use) (?<module>W) (?<dep>package){scope}",
      // "what depends on functions/compare", "which files depend on lib/a.js": a module's path.
      "(?:(?<ask>show) |(?<who>who) )?(?:(?<files>file) )?(?<verb>dependency) (?<module>[PF]){scope}",
      // "who uses the xoauth2 module", "which files require the shared module (lib/shared)":
      // the folder the module's name grounds to, by its index module.
      "(?:(?<ask>show) |(?<who>who) )?(?:(?<files>file) )?(?<verb>import|use) (?:(?<named>W) )?(?<moduleWord>file) (?:in )?(?<folder>D)",
      // "what imports the IANAZone module", "which files use node's crypto module".
      "(?:(?<ask>show) |(?<who>who) )?(?:(?<files>file) )?(?<verb>import|use) (?:(?<node>W) )?(?<module>[WC]) (?<moduleWord>file){scope}",
    ].map(rulePattern),
    async build(slots, context) {
      const module = textOf(slots.module);
      // "what depends on lib/a.js" asks for its importers; "deps of lib/a.js" for its imports.
      if (
        slots.verb?.[0]?.form === "dependency" &&
        !slots.files &&
        !slots.who &&
        !asksWhichFiles(slots)
      )
        return "“deps of” a module names what it imports, not who imports it";
      // The workspace module a bare name or a path's end names, looked up once, when needed.
      let ownModule: Promise<string | null> | undefined;
      const ownOf = () =>
        (ownModule ??= module === null ? Promise.resolve(null) : namesOwnModule(module, context));
      if (
        slots.verb?.[0]?.form === "use" &&
        slots.module?.[0]?.form === "W" &&
        !slots.dep &&
        !slots.moduleWord &&
        !(module && ((await declaresDependency(module, context)) || (await ownOf()) !== null))
      )
        return "“uses” a word names a package only when package.json declares it, or a module of the workspace by its name";
      const moduleWord = slots.moduleWord?.[0]?.raw;
      if (moduleWord !== undefined && !/^modules?$/i.test(moduleWord))
        return `${quoted(moduleWord)} after the name is not read`;
      const folder = slots.folder?.[0]?.path;
      if (folder !== undefined) {
        // "the shared module (lib/shared)": the name, when written, is the folder's own.
        const named = slots.named?.[0]?.raw;
        if (named !== undefined && named !== folder.split("/").at(-1))
          return `${quoted(named)} is not the name of ${quoted(folder)}`;
        return importersOfFiles(slots, context, `${folder}/index.{${MODULE_FILE_ENDS}}`);
      }
      if (
        slots.node &&
        !(/^node$/i.test(slots.node[0]!.raw) && NODE_BUILTIN_MODULES.includes(module ?? ""))
      )
        return "only a Node built-in module is Node's";
      if (slots.dep && !(module && (await declaresDependency(module, context))))
        return "the package is not one package.json declares";
      // A module as imports name it: quoted, a path ("./utils", "node:fs"), or a package name
      // (lower case, as npm requires); "who imports Subscribable" names a symbol, not a module.
      // A file of the workspace by its path ("lib/a.js", not a package "lib"): the imports that
      // resolve to it, from any folder.
      const form = slots.module?.[0]?.form;
      if (form === "F" && !module?.startsWith("."))
        return importersOfFiles(slots, context, module!);
      // "which files import ./_baseGetTag.js": a file of that name, wherever the imports that
      // resolve to it are written from (lodash writes "./_baseGetTag", without the extension).
      if (form === "F" && module?.startsWith("./") && /\.(?:[cm]?[jt]sx?)$/.test(module))
        return importersOfFiles(slots, context, module.slice(2));
      // "which files import http-exception.js", "who uses utils/url.js": a path's end, not a package.
      if (module && !module.startsWith(".") && /\.(?:[cm]?[jt]sx?|json)$/.test(module))
        return importersOfFiles(slots, context, module);
      // "which files import classes/semver", "who requires lib/main": a path's end without its
      // extension, whose first folder no package is named after, that a module file has.
      const own = await ownOf();
      if (form === "P" && module?.includes("/") && own)
        return importersOfFiles(slots, context, own);
      // "who imports permessage-deflate": a bare name that no package declares or installs,
      // and that a module file of the workspace has, is that file.
      if (
        (form === "W" || form === "C") &&
        own &&
        (slots.files || slots.who || slots.where || asksWhichFiles(slots) || moduleWord)
      )
        return importersOfFiles(slots, context, own);
      // "use" says less than "import": quoted or not, only a specifier's shape reads as a module
      // ("any use of 'jQuery'" asks for the text).
      const quotedImport = form === "Q" && slots.verb !== undefined;
      if (module === null || !(quotedImport || MODULE_NAME.test(module)))
        return "the module is not a specifier (a path, or a package name in lower case)";
      const parsed = context.tools.has("importers_of");
      // "require" names CommonJS require() calls; "import" and "use" name every way in.
      const requires = /^requir/i.test(slots.verb?.[0]?.raw ?? "");
      const pattern = searchedGlob(
        slots,
        { ...context, tools: new Set() },
        parsed ? MODULE_EXTENSIONS : CODE_EXTENSIONS,
      );
      if (!pattern) return "the module name is not usable";
      const files = filesText(pattern);
      if (parsed) {
        // A relative specifier names a module file, whose declarations are not the module; a
        // package's types (a .d.ts that imports "thread-stream") use the package all the same.
        const relative = module.startsWith(".");
        // "which files require nanoid": a package's subpaths ("nanoid/non-secure") are the
        // package too; they are found in the files whose text names one.
        // A workspace package's own files importing its subpaths are the package, not its users.
        const subpaths = PACKAGE_NAME.test(module);
        const home = subpaths ? await packageFolder(module, context) : null;
        const users = home === null ? "" : ".filter(file => !file.startsWith(home))";
        const specifiers = subpaths
          ? [
              `const named = unique(search_files(specifier + "/", pattern).map(hit => hit.file))${users}`,
              'const specifiers = [specifier, ...unique(named.flatMap(file => imports_of(file)).filter(spec => spec.startsWith(specifier + "/")))]',
            ]
          : ["const specifiers = [specifier]"];
        const fromHome =
          home === null ? "" : ".filter(hit => spec === specifier || !hit.file.startsWith(home))";
        const rows = `specifiers.flatMap(spec => importers_of(spec, pattern)${fromHome})${requires ? '.filter(hit => hit.kind === "require")' : ""}`;
        const lines = slots.where !== undefined;
        const found = lines ? rows : `unique(${rows}.map(hit => hit.file))`;
        const list = [
          ...specifiers,
          ...(relative ? CODE_IMPORTERS(found, lines) : [`const importers = ${found}`]),
          slots.count
            ? "len(importers)"
            : lines
              ? "sorted(importers, hit => hit.file)"
              : "importers",
        ].join("\n");
        const how = requires ? "a require() call names" : "import, export … from or require names";
        // A bare name that is also a module of the workspace ("standard-schema" beside
        // standard-schema.ts) may mean that module: finding no import of the bare name is not none.
        const local = await namesLocalModule(module, context);
        // The workspace's own package ("dayjs" in dayjs): its files import it by a relative
        // path to its entry, which importers_of counts too; none found is still no answer.
        const manifest = await context.workspace?.manifest?.("package.json");
        const self = manifest?.name === module;
        // A package the workspace vendors and imports through package.json's subpath imports
        // ("#ansi-styles"): finding no import of its bare name is not none.
        const imports = manifest?.imports;
        const unknown =
          imports !== null &&
          typeof imports === "object" &&
          Object.keys(imports).some(
            (key) => key === `#${packageOf(module)}` || key.startsWith(`#${packageOf(module)}/`),
          );
        return {
          ...(local || self || unknown ? { noneIsUnknown: true as const } : {}),
          program: list,
          params: {
            pattern,
            specifier: module,
            ...(home === null ? {} : { home }),
          } as Record<string, string>,
          reading: `${lines ? `the lines of ${files} where ${how}` : `${slots.count ? "the number of " : "the "}${files} whose ${how}`} exactly ${quoted(module)}${subpaths ? ` or one of its subpaths (${quoted(`${module}/…`)})` : ""}${self ? `, or a relative path to an entry module of this package (${quoted(module)}, its package.json name)` : ""}${lines ? AS_ROWS : ""} (parsed; dynamic import() not counted${relative ? DECLARATIONS_LAST : ""})`,
        };
      }
      if (slots.where)
        return "the import lines themselves are found by importers_of, which the kit does not have";
      const regex = importRegex(module, requires);
      if (!regex) return "the module name is not usable";
      return {
        program: slots.count
          ? `len(${filesProgram(`${regex}.test(line)`)})`
          : filesProgram(`${regex}.test(line)`),
        params: { pattern } as Record<string, string>,
        reading: `${slots.count ? "the number of " : "the "}${files} with a line that ${requires ? "calls require() with" : "imports, requires or re-exports"} ${quoted(module)}`,
      };
    },
  },
  {
    id: "files-containing",
    summary: "the files that contain some text",
    examples: ["which files mention fetch", 'list the files containing "AbortController"'],
    needs: ["find_files", "read_file"],
    patterns: [
      `{ask}(?:{kind} )?file ${FILE_TERM}{scope}(?: (?<icase>icase))?`,
      `{ask}(?:{kind} )?file{scope} ${FILE_TERM}`,
      // "which dist .js files mention 'merge'": the folder before the kind.
      `{ask}(?<scope>D) (?:{kind} )?file ${FILE_TERM}`,
      // "is Kazakh mentioned in any .js file under locale? which ones": the text, then where.
      `(?:show )?(?<term>[QCWR]) contain in (?:{kind} )?file{scope}`,
      // "search X in lib, just give me the files": the files, not the lines.
      `search ${TERM}{scope} show file`,
      // "which files in src use @ts-ignore" ("which files call X" asks for callers, which a text
      // search cannot tell from the file that defines X).
      `{ask}(?:{kind} )?file{scope} use ${USED}`,
    ].map(rulePattern),
    build: search("files"),
  },
  {
    id: "files-not-containing",
    summary: "the files that do not contain some text",
    examples: [
      'which .ts files don\'t have "TODO" in them',
      'how many files in src do not contain "export"',
    ],
    needs: ["find_files", "read_file"],
    patterns: [
      `(?<count>count )?{ask}(?:{kind} )?file ${NOT_TERM}{scope}`,
      `(?<count>count )?{ask}(?:{kind} )?file{scope} ${NOT_TERM}`,
    ].map(rulePattern),
    build(slots, context) {
      if (slots.lack && !/^(?:lacks?|lacking|missing)$/i.test(slots.lack[0]!.raw))
        return `${quoted(slots.lack[0]!.raw)} is not read`;
      const term = slots.term ?? slots.term2 ?? slots.term3;
      return searchWithout(slots.count !== undefined)({ ...slots, term: term ?? [] }, context);
    },
  },
  {
    id: "count-files-containing",
    summary: "count the files that contain some text",
    examples: ["how many files mention fetch", 'count the files containing "TODO"'],
    needs: ["find_files", "read_file"],
    patterns: [
      `count (?:{kind} )?file ${FILE_TERM}{scope}`,
      `count (?:{kind} )?file{scope} ${FILE_TERM}`,
    ].map(rulePattern),
    build: search("count"),
  },
  {
    id: "search",
    summary: "the lines that contain some text, with their line numbers",
    examples: ["grep for AbortController", 'show the lines containing "fetch(" with line numbers'],
    needs: ["find_files", "read_file"],
    patterns: [
      `search(?: (?<icase>icase))?(?: {kind})?(?: file| content)? ${TERM}{scope}(?: (?:with|and) lineno)?`,
      // "grep -n gcTime src/removable.ts", "grep -i moment README.md": grep's own order, the file last.
      `search(?: (?<icase>icase))? ${TERM} (?<scopeFile>F)`,
      `(?:show |find |search )?line ${FILE_TERM}{scope}(?: (?:with|and) lineno)?`,
      `(?:show |find |search )?line in (?:(?<scope>D)|(?<scopeFile>F)) ${FILE_TERM}(?: (?:with|and) lineno)?`,
      `(?:show |find |search |where )?occurrence ${TERM}{scope}(?: (?:with|and) lineno)?`,
      `where ${TERM} contain{scope}`,
      // "where is process.env used in lib", "where do we use setTimeout in src", "find uses of X",
      // "any use of 'jQuery' anywhere in src?", "where do we call checkStrictMode in lib",
      // "any console.log calls in lib?", 'find "withCredentials" in lib', "find every place that
      // mentions sonic-boom": every line that has the text.
      `where ${USED} use{scope}`,
      `where (?:use|call) ${USED}{scope}`,
      // "find uses of X": text; a workspace file's path ("what uses lib/a.js") asks for its importers.
      `(?:find |show )?use (?<term>(?:literal )?[QWCPDR])(?: ws)?{scope}`,
      `${USED} (?:(?<calls>call)|use){scope}`,
      // "search for console.log calls".
      `search ${USED} (?:(?<calls>call)|use){scope}`,
      // "is eval( called anywhere in the code?": "called" after code-shaped text.
      `${USED} (?<calls>named){scope}`,
      `find (?<term>[QR])(?: ws)?{scope}`,
      // "find INVALID_DATE_STRING", "find the string --no-clobber": a code-shaped name or text
      // after a word that introduces it ("where is X defined" asks for its definition).
      `find (?<term>C|literal [WC])(?: call)?(?: ws)?{scope}`,
      // 'where does it say "DO NOT EDIT"', 'where does "3.7.2" appear in src'.
      `where say (?<term>[QR]){scope}`,
      `where ${USED} appear{scope}`,
      // "search the docs folder for webpack": grep's other order, the folder first.
      `search (?<scope>D) ${TERM}`,
      // 'where is the word "YAMLParseError" used in the .js files of dist'.
      `where ${USED} use in {kind} file (?<scope>D)`,
      `find ${FILE_TERM}{scope}`,
      // "any console.log in src?", "is there any process.env in lib": code-shaped text alone
      // with the place it is looked for in (a plain word or a file name there is never text).
      `(?:exist )?(?<term>(?:literal )?[QCR]) in (?:(?<scope>D)|(?<scopeFile>F)|(?<scopeKind>K(?: and K)*)(?: file)?)`,
      // "is there any console.log anywhere?": asked whether it is there at all.
      "exist (?<term>(?:literal )?[QCR])",
    ].map(rulePattern),
    build: search("rows"),
  },
];

/** True when the workspace's package.json declares `name` in any of its dependency lists. */
async function declaresDependency(name: string, context: RuleContext): Promise<boolean> {
  return declares(await context.workspace?.manifest?.("package.json"), name);
}

/** True when a parsed package.json declares `name` in any of its dependency lists. */
function declares(manifest: Readonly<Record<string, unknown>> | null | undefined, name: string) {
  return ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].some(
    (section) => {
      const entries = manifest?.[section];
      return entries !== null && typeof entries === "object" && Object.hasOwn(entries, name);
    },
  );
}

/** A bare specifier's package: "@scope/name" or "name", without the subpath. */
function packageOf(specifier: string): string {
  return specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
}
