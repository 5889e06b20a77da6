import type { ToolSpec } from "@lackpy/lang";

/** Largest file `read_file` returns by default (10 MiB). */
export const MAX_READ_BYTES = 10 * 1024 * 1024;
/** Most paths `find_files` returns by default. */
export const MAX_FIND_RESULTS = 10_000;

const PATH_DESCRIPTION = 'Workspace-relative path such as "src/app.ts"';

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
    description: "Read a UTF-8 text file from the workspace.",
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
      "Workspace-relative paths of the files matching a glob (* and ? within a folder, ** across folders), sorted; files that .gitignore ignores are left out unless the options say include_ignored.",
    args: [
      { name: "pattern", type: "string", description: 'Glob such as "src/**/*.ts"' },
      {
        name: "options",
        type: "{ include_ignored?: boolean }",
        optional: true,
        description: "{ include_ignored: true } lists the files .gitignore ignores too",
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
    ],
  },
  {
    name: "file_size",
    provider: "builtin",
    description: "The size of a workspace file in bytes (any file, text or binary).",
    args: [{ name: "path", type: "string", description: PATH_DESCRIPTION, path: "read" }],
    returns: "number",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "file_size.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "the 5 largest files",
        code: `sort_by(find_files("**/*").map(file => ({ file, bytes: file_size(file) })), "bytes", true).slice(0, 5)`,
        tags: ["size", "bytes", "largest", "biggest"],
      },
    ],
  },
  {
    name: "list_folder",
    provider: "builtin",
    description:
      'The files and folders directly in a workspace folder (the root when left out), sorted by name: { name, path, kind: "file" | "folder" }[].',
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
      "Lines start to end (1-based, both included; negative counts from the end, end defaults to the last line) of a text file, without their newlines.",
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
      "Lines of the workspace's text files that contain text (exact, case-sensitive, like grep -F), optionally only in the files matching a glob: { file, line, text }[] in file and line order.",
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
        tags: ["grep", "search", "find", "lines", "occurrences"],
      },
    ],
  },
  {
    name: "definitions_of",
    provider: "builtin",
    description:
      "Where a function, class, method, interface, type, enum or variable is defined in the JavaScript, TypeScript and Python files (or those matching a glob): { file, line, text }[].",
    args: [
      { name: "name", type: "string", description: 'The exact name, e.g. "loadConfig"' },
      {
        name: "glob",
        type: "string",
        description: "Files to look in; the .js, .ts and .py files when left out",
        optional: true,
      },
    ],
    returns: "{ file: string, line: number, text: string }[]",
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
    name: "write_file",
    provider: "builtin",
    description:
      "Write a UTF-8 text file (atomically), creating folders; returns the number of bytes written.",
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
      "Replace old with new in a text file, literally: old must occur exactly once, or the call fails (edit_not_found; edit_ambiguous with the count) and the file is unchanged; { all: true } replaces every occurrence. Returns how many were replaced.",
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
