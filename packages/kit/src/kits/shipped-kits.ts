import { KitError } from "../kit-error.js";
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
  declarations_in: "declarations_in",
  importers_of: "importers_of",
  callers_of: "callers_of",
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

/**
 * Kit names a workspace cannot take: the shipped kits and `none`, compared without case. A person
 * relies on `readonly` reading only; a cloned repository's `.kit` file of that name would
 * otherwise give it write tools.
 */
export const RESERVED_KIT_NAMES: readonly string[] = Object.freeze([
  "none",
  ...Object.keys(SHIPPED_KITS),
]);

/** True when a workspace kit may not be called `name` (`RESERVED_KIT_NAMES`, any case). */
export function isReservedKitName(name: string): boolean {
  const lower = name.toLowerCase();
  return RESERVED_KIT_NAMES.includes(lower);
}

/** The `invalid_kit_name` error of a workspace kit that takes a reserved name, naming its file. */
export function reservedKitError(name: string, file: string): KitError {
  return new KitError(
    "invalid_kit_name",
    `${file}: a workspace kit cannot be named '${name}': ${RESERVED_KIT_NAMES.map((kit) => `'${kit}'`).join(", ")} are lackpy's own kits, and keep meaning what lackpy ships.`,
    { hint: "rename the .kit file (and its name:), e.g. to my-files.kit" },
  );
}
