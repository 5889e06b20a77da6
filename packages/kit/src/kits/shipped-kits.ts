import type { KitDefinition } from "./parse-kit-file.js";

/** The read-only file tools: reading, finding, measuring, listing and searching. */
const READ_TOOLS = Object.freeze({
  read_file: "read_file",
  find_files: "find_files",
  file_size: "file_size",
  file_sizes: "file_sizes",
  line_counts: "line_counts",
  list_folder: "list_folder",
  read_lines: "read_lines",
  search_files: "search_files",
  definitions_of: "definitions_of",
  exports_of: "exports_of",
  imports_of: "imports_of",
  importers_of: "importers_of",
});

/** Kits that ship with lackpy: `readonly` (the read-only file tools) and `files` (those plus writing and editing). */
export const SHIPPED_KITS: Readonly<Record<string, Readonly<KitDefinition>>> = Object.freeze({
  readonly: Object.freeze({
    name: "readonly",
    description: "Read, find, measure, list and search files; no writes.",
    tools: READ_TOOLS,
  }),
  files: Object.freeze({
    name: "files",
    description: "Read, find, write and edit the files of the workspace.",
    tools: Object.freeze({
      ...READ_TOOLS,
      write_file: "write_file",
      edit_file: "edit_file",
    }),
  }),
});
