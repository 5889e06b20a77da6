import type { KitDefinition } from "./parse-kit-file.js";

/** Kits that ship with lackpy: `readonly` (read and find files) and `files` (all four file tools). */
export const SHIPPED_KITS: Readonly<Record<string, Readonly<KitDefinition>>> = Object.freeze({
  readonly: Object.freeze({
    name: "readonly",
    description: "Read files and find them by glob; no writes.",
    tools: Object.freeze({ read_file: "read_file", find_files: "find_files" }),
  }),
  files: Object.freeze({
    name: "files",
    description: "Read, find, write and edit the files of the workspace.",
    tools: Object.freeze({
      read_file: "read_file",
      find_files: "find_files",
      write_file: "write_file",
      edit_file: "edit_file",
    }),
  }),
});
