import { ToolError } from "../tool-error.js";

/** The options a program may pass as the last argument of `find_files`, `file_sizes` and `line_counts`. */
export interface FindFilesCallOptions {
  /** List the files `.gitignore` files ignore too. */
  include_ignored?: boolean;
}

/** A tool's options argument: nothing, or `{ include_ignored: boolean }`; anything else is refused, naming `tool`. */
export function checkCallOptions(value: unknown, tool: string): FindFilesCallOptions {
  const hint = `pass { include_ignored: true } to list ignored files too, or leave the argument out: ${tool}("**/*.ts")`;
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw new ToolError(
      "invalid_argument",
      `${tool}' second argument must be an options object, not ${Array.isArray(value) ? "an array" : typeof value}.`,
      { retriable: true, hint },
    );
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record))
    if (key !== "include_ignored")
      throw new ToolError("invalid_argument", `${tool} has no option '${key}'.`, {
        retriable: true,
        hint,
      });
  const include = record.include_ignored;
  if (include !== undefined && typeof include !== "boolean")
    throw new ToolError("invalid_argument", `${tool}' include_ignored must be true or false.`, {
      retriable: true,
      hint,
    });
  return include === undefined ? {} : { include_ignored: include };
}
