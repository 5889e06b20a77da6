import type { ToolSpec } from "@lackpy/lang";

/** Largest file `read_file` returns by default (10 MiB). */
export const MAX_READ_BYTES = 10 * 1024 * 1024;
/** Most paths `find_files` returns by default. */
export const MAX_FIND_RESULTS = 10_000;

const PATH_DESCRIPTION = 'Workspace-relative path such as "src/app.ts"';

/**
 * Specs of the builtin file tools. Grades: reading and finding couple to the workspace but have
 * no effects (w=1, d=0); writing and editing change workspace files (w=3, d=3). None takes a
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
      "Replace the first occurrence of old with new in a file; true when replaced, false when old is not found.",
    args: [
      { name: "path", type: "string", description: PATH_DESCRIPTION, path: "write" },
      { name: "old", type: "string", description: "Exact text to find" },
      { name: "new", type: "string", description: "Replacement text" },
    ],
    returns: "boolean",
    gradeW: 3,
    effectsCeiling: 3,
    docs: "edit_file.md",
    acceptsSecrets: false,
    examples: [
      {
        intent: "rename foo to bar in app.ts",
        code: `edit_file("src/app.ts", "foo", "bar")`,
        tags: ["edit", "replace", "rename"],
      },
    ],
  },
] satisfies ToolSpec[]);
