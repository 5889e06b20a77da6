import type { ToolSpec } from "@lackpy/lang";

/** Largest file `read_file` returns by default (10 MiB). */
export const MAX_READ_BYTES = 10 * 1024 * 1024;
/** Most paths `find_files` returns by default (and rows `file_sizes` and `line_counts` return): past it, `too_many_results`. */
export const MAX_FIND_RESULTS = 1_000_000;

const PATH_DESCRIPTION = 'Workspace-relative path such as "src/app.ts"';
const GLOB_DESCRIPTION = 'Glob such as "src/**/*.ts"; every file when left out';

/**
 * Specs of the builtin file tools. Grades: reading, measuring, listing and searching couple to
 * the workspace but have no effects (w=1, d=0); writing and editing change workspace files (w=3, d=3). None takes a
 * secret parameter (`acceptsSecrets: false`): what they are given comes back to the program as
 * data (a written file read back, a file name listed, a path or pattern echoed in an error).
 */
export const FILE_TOOL_SPECS: readonly ToolSpec[] = Object.freeze([
  {
    name: "read_file",
    provider: "builtin",
    description:
      "Read a UTF-8 text file from the workspace. A binary file (a NUL in its first 8 KiB) or one over 10 MiB fails (binary_file, too_large); find_files(glob, { text: true }) lists readable ones.",
    args: [{ name: "path", type: "string", description: PATH_DESCRIPTION, path: "read" }],
    returns: "string",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "read_file.md",
    acceptsSecrets: false,
    examples: [
      { intent: "show the readme", code: `read_file("README.md")`, tags: ["read", "file", "show"] },
    ],
  },
  {
    name: "find_files",
    provider: "builtin",
    description:
      "Paths matching a glob, sorted: * and ? match within a name, ** any depth (**/*.ts has a.ts too). Leaves out hidden names (.vscode, not .github) unless { hidden: true }, node_modules unless named, and .gitignored files unless { include_ignored: true }.",
    args: [
      { name: "pattern", type: "string", description: 'Glob such as "src/**/*.ts"' },
      {
        name: "options",
        type: "{ include_ignored?: boolean, text?: boolean, hidden?: boolean }",
        optional: true,
        description:
          "{ include_ignored: true } lists the files .gitignore ignores too; { text: true } only the files read_file reads (not binary, at most 10 MiB); { hidden: true } hidden names too (names only: they stay closed to read_file)",
      },
    ],
    returns: "string[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "find_files.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "list all typescript files",
        code: `find_files("**/*.ts")`,
        tags: ["list", "find", "files", "glob"],
      },
      {
        intent: "list the built javascript files, even the ignored ones",
        code: `find_files("dist/**/*.js", { include_ignored: true })`,
        tags: ["ignored", "gitignore", "build", "output"],
      },
      {
        intent: "count the lines of every file",
        code: `find_files("**/*", { text: true }).map(file => ({ file, lines: line_count(read_file(file)) }))`,
        tags: ["every", "all", "lines", "count"],
      },
    ],
  },
  {
    name: "file_size",
    provider: "builtin",
    description: "A file's size in bytes (any file, text or binary).",
    args: [{ name: "path", type: "string", description: PATH_DESCRIPTION, path: "read" }],
    returns: "number",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "file_size.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "size of package.json in bytes",
        code: `file_size("package.json")`,
        tags: ["size", "bytes", "big", "large"],
      },
    ],
  },
  {
    name: "file_sizes",
    provider: "builtin",
    description:
      "Each file matching a glob (all when left out) with its size in bytes, sorted by path, left out as find_files does.",
    args: [
      { name: "pattern", type: "string", description: GLOB_DESCRIPTION, optional: true },
      {
        name: "options",
        type: "{ include_ignored?: boolean }",
        optional: true,
        description: "{ include_ignored: true } measures the files .gitignore ignores too",
      },
    ],
    returns: "{ file: string, size: number }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "file_sizes.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "the 5 largest files",
        code: `sort_by(file_sizes(), "size", true).slice(0, 5)`,
        tags: ["size", "bytes", "largest", "biggest", "smallest"],
      },
      {
        intent: "total size of the typescript files",
        code: `sum(file_sizes("**/*.ts").map(row => row.size))`,
        tags: ["total", "size", "bytes", "disk"],
      },
    ],
  },
  {
    name: "line_counts",
    provider: "builtin",
    description:
      "Each text file matching a glob (all when left out) with line_count of its text, sorted by path; binary files skipped, others left out as find_files does.",
    args: [
      { name: "pattern", type: "string", description: GLOB_DESCRIPTION, optional: true },
      {
        name: "options",
        type: "{ include_ignored?: boolean }",
        optional: true,
        description: "{ include_ignored: true } counts the files .gitignore ignores too",
      },
    ],
    returns: "{ file: string, lines: number }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "line_counts.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "total lines of typescript",
        code: `sum(line_counts("**/*.ts").map(row => row.lines))`,
        tags: ["lines", "loc", "count", "total"],
      },
      {
        intent: "the 10 longest files",
        code: `sort_by(line_counts(), "lines", true).slice(0, 10)`,
        tags: ["longest", "lines", "biggest"],
      },
    ],
  },
  {
    name: "list_folder",
    provider: "builtin",
    description: "The entries directly in a folder (the root when left out), sorted by name.",
    args: [
      {
        name: "path",
        type: "string",
        description: 'Workspace-relative folder such as "src"; "." is the root',
        optional: true,
      },
    ],
    returns: '{ name: string, path: string, kind: "file" | "folder" }[]',
    gradeW: 1,
    effectsCeiling: 0,
    docs: "list_folder.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "list the folders",
        code: `list_folder(".").filter(entry => entry.kind === "folder").map(entry => entry.path)`,
        tags: ["folders", "directories", "ls", "list"],
      },
    ],
  },
  {
    name: "read_lines",
    provider: "builtin",
    description:
      "Lines start to end of a text file, from 1, both included (-1 is the last; end defaults to it), without newlines; a final newline adds no line.",
    args: [
      { name: "path", type: "string", description: PATH_DESCRIPTION, path: "read" },
      {
        name: "start",
        type: "number",
        description: "First line, from 1; -10 is the tenth line from the end",
      },
      {
        name: "end",
        type: "number",
        description: "Last line, included; the last line of the file when left out",
        optional: true,
      },
    ],
    returns: "string[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "read_lines.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "show the first 20 lines of README.md",
        code: `read_lines("README.md", 1, 20).join("\\n")`,
        tags: ["first", "head", "last", "tail", "lines"],
      },
    ],
  },
  {
    name: "search_files",
    provider: "builtin",
    description:
      'Lines containing text: plain, not a regex, case-sensitive, in the files find_files(glob) lists ("**/*" by default), binary ones skipped; line from 1, text trimmed; over 1,000 fails (too_many_results).',
    args: [
      {
        name: "text",
        type: "string",
        description: "Plain text to look for (not a regular expression)",
      },
      {
        name: "glob",
        type: "string",
        description: 'Files to search, e.g. "src/**/*.ts"; every file when left out',
        optional: true,
      },
    ],
    returns: "{ file: string, line: number, text: string }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "search_files.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "grep for TODO in src",
        code: `search_files("TODO", "src/**/*")`,
        tags: ["grep", "search", "find", "lines", "occurrences", "text"],
      },
    ],
  },
  {
    name: "definitions_of",
    provider: "builtin",
    description:
      "Where name is defined (function, class, method, interface, type, enum, variable) in the .js, .ts and .py files or those matching glob.",
    args: [
      { name: "name", type: "string", description: 'The exact name, e.g. "loadConfig"' },
      {
        name: "glob",
        type: "string",
        description: "Files to look in; the .js, .ts and .py files when left out",
        optional: true,
      },
    ],
    returns:
      "{ file: string, line: number, text: string, kind?: string, bundled?: boolean, local?: boolean }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "definitions_of.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "where is loadConfig defined",
        code: `definitions_of("loadConfig")`,
        tags: ["definition", "defined", "where", "declared"],
      },
    ],
  },
  {
    name: "exports_of",
    provider: "builtin",
    description: "Names a JS or TS module exports, parsed (ESM, CommonJS, TypeScript), sorted.",
    args: [
      {
        name: "path",
        type: "string",
        description: 'A module such as "src/index.ts"',
        path: "read",
      },
    ],
    returns: "{ name: string, kind: string, file: string, line: number, whole?: boolean }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "exports_of.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "what does src/index.ts export",
        code: `exports_of("src/index.ts").map(entry => entry.name)`,
        tags: ["exports", "exported", "module", "api"],
      },
    ],
  },
  {
    name: "imports_of",
    provider: "builtin",
    description: "Module specifiers a JS or TS file imports, parsed.",
    args: [
      {
        name: "path",
        type: "string",
        description: 'A module such as "src/index.ts"',
        path: "read",
      },
    ],
    returns: "string[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "imports_of.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "what does src/index.ts import",
        code: `imports_of("src/index.ts")`,
        tags: ["imports", "requires", "dependencies", "module"],
      },
    ],
  },
  {
    name: "declarations_in",
    provider: "builtin",
    description:
      "What a JS or TS file declares at its top level, and its classes' members (with `of`), in source order, parsed.",
    args: [
      {
        name: "path",
        type: "string",
        description: 'A module such as "src/index.ts"',
        path: "read",
      },
    ],
    returns: "{ name: string, kind: string, line: number, of?: string }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "declarations_in.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "the classes lib/a.js declares",
        code: `declarations_in("lib/a.js").filter(entry => entry.kind === "class").map(entry => entry.name)`,
        tags: ["functions", "classes", "methods", "declared", "outline"],
      },
    ],
  },
  {
    name: "importers_of",
    provider: "builtin",
    description:
      'Lines of JS/TS files (or in glob) importing, re-exporting or requiring a module: a specifier ("./utils" also as "./utils.js") or { file: "lib/a.js" } (imports resolved), parsed.',
    args: [
      {
        name: "module",
        type: "string | { file: string }",
        description:
          'A specifier as imports write it, e.g. "react" or "./utils"; or { file } for a workspace file',
      },
      {
        name: "glob",
        type: "string",
        description: "Files to look in",
        optional: true,
      },
    ],
    returns: "{ file: string, line: number, text: string, kind: string }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "importers_of.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "which files import react",
        code: `unique(importers_of("react").map(hit => hit.file))`,
        tags: ["importers", "imports", "requires", "uses"],
      },
    ],
  },
  {
    name: "callers_of",
    provider: "builtin",
    description:
      'Calls of name in JS/TS files (or in glob): name(…), x.name(…), new name(…), a chain as "process.nextTick"; parsed, so not definitions or mentions.',
    args: [
      {
        name: "name",
        type: "string",
        description: 'The function\'s name, e.g. "parseDate" or "process.nextTick"',
      },
      {
        name: "glob",
        type: "string",
        description: "Files to look in",
        optional: true,
      },
    ],
    returns: "{ file: string, line: number, text: string, kind: string }[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "callers_of.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "which files call parseDate",
        code: `unique(callers_of("parseDate").map(hit => hit.file))`,
        tags: ["callers", "calls", "called", "invoked", "uses"],
      },
    ],
  },
  {
    name: "write_file",
    provider: "builtin",
    description:
      "Write (or replace) a whole UTF-8 text file, creating its folders; returns the bytes written.",
    args: [
      { name: "path", type: "string", description: PATH_DESCRIPTION, path: "write" },
      { name: "content", type: "string", description: "The new content of the whole file" },
    ],
    returns: "number",
    gradeW: 3,
    effectsCeiling: 3,
    docs: "write_file.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "write notes",
        code: `write_file("notes.md", "# Notes\\n")`,
        tags: ["write", "create", "file"],
      },
    ],
  },
  {
    name: "edit_file",
    provider: "builtin",
    description:
      "Replace old, found exactly once (every one with { all: true }), with new in a text file; else edit_not_found or edit_ambiguous, file unchanged; returns the count.",
    args: [
      { name: "path", type: "string", description: PATH_DESCRIPTION, path: "write" },
      {
        name: "old",
        type: "string",
        description: "Exact text to find, spaces and line breaks included",
      },
      { name: "new", type: "string", description: "Replacement text (no $ patterns)" },
      {
        name: "options",
        type: "{ all?: boolean }",
        optional: true,
        description: "{ all: true } replaces every occurrence of old",
      },
    ],
    returns: "number",
    gradeW: 3,
    effectsCeiling: 3,
    docs: "edit_file.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "rename foo to bar in app.ts",
        code: `edit_file("src/app.ts", "foo", "bar", { all: true })`,
        tags: ["edit", "replace", "rename"],
      },
      {
        intent: "set the port in config.json to 9090",
        code: `edit_file("config.json", '"port": 8080', '"port": 9090')`,
        tags: ["edit", "set", "change"],
      },
    ],
  },
] satisfies ToolSpec[]);
