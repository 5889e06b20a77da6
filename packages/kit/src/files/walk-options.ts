import { ToolError } from "../tool-error.js";

/** The options a program may pass as the last argument of `find_files`, `file_sizes` and `line_counts`. */
export interface FindFilesCallOptions {
  /** List the files `.gitignore` files ignore too. */
  include_ignored?: boolean;
  /** `find_files` only: list only the files `read_file` reads as text (no NUL in the first 8 KiB, at most its size limit). */
  text?: boolean;
  /**
   * `find_files` only: list the names of hidden (closed) paths too, such as `.vscode/settings.json`
   * or `lib/.gitkeep`. Their names only: reading them stays closed, and sealed paths (`.git`,
   * `.env*`, credentials, `.lackpy`) are never listed.
   */
  hidden?: boolean;
}

type CallOptionName = keyof FindFilesCallOptions;

/** The options a tool takes: `find_files` also takes `text`. */
function optionNames(tool: string): readonly CallOptionName[] {
  return tool === "find_files" ? ["include_ignored", "text", "hidden"] : ["include_ignored"];
}

/** How to pass a tool's options, for the hint of a refused one. */
function optionsHint(tool: string, names: readonly CallOptionName[]): string {
  if (names.includes("text"))
    return `the options are { include_ignored: true } (ignored files too), { text: true } (text files only) and { hidden: true } (hidden names too), e.g. ${tool}("**/*", { text: true })`;
  return `pass { include_ignored: true } to list ignored files too, or leave the argument out: ${tool}("**/*.ts")`;
}

/** A tool's options argument: nothing, or an object of the options the tool takes, each true or false; anything else is refused, naming `tool`. */
export function checkCallOptions(value: unknown, tool: string): FindFilesCallOptions {
  const names = optionNames(tool);
  const hint = optionsHint(tool, names);
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw new ToolError(
      "invalid_argument",
      `${tool}' second argument must be an options object, not ${Array.isArray(value) ? "an array" : typeof value}.`,
      { retriable: true, hint },
    );
  const record = value as Record<string, unknown>;
  const checked: FindFilesCallOptions = {};
  for (const key of Object.keys(record)) {
    if (!names.includes(key as CallOptionName))
      throw new ToolError("invalid_argument", `${tool} has no option '${key}'.`, {
        retriable: true,
        hint,
      });
    const option = record[key];
    if (option !== undefined && typeof option !== "boolean")
      throw new ToolError("invalid_argument", `${tool}' ${key} must be true or false.`, {
        retriable: true,
        hint,
      });
    if (option !== undefined) checked[key as CallOptionName] = option;
  }
  // `text` reads each file's start, which a hidden file's closed reading forbids.
  if (checked.text && checked.hidden)
    throw new ToolError(
      "invalid_argument",
      `${tool} cannot take { text: true } with { hidden: true }: telling text files apart reads them, and hidden files are closed for reading.`,
      { retriable: true, hint },
    );
  return checked;
}
