import { callsIn } from "../code/calls-in-module.js";
import { dialectOf, parseModule } from "../code/parse-module.js";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { ToolError } from "../tool-error.js";
import { MODULE_GLOB } from "./imports-of.js";
import { globArgument, scanFiles, type ScanOptions, type SearchHit } from "./search-files.js";
import { shownArgument } from "./file-error.js";

/** A plain name, or a dotted one (`process.nextTick`). */
const NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * The lines of the workspace's JavaScript and TypeScript files (`MODULE_GLOB`, or `glob`) that
 * call `name`, as `{ file, line, text, kind }` rows in file and line order (`kind`: `call` for
 * `name(…)`, `method` for `x.name(…)`, `new` for `new name(…)`), read from each file's syntax
 * tree (`callsIn`): a definition, an import, a mention in a comment or a string, and a function
 * handed on as a value are not calls. Files that do not parse are left out. Bounded like
 * `search_files`.
 */
export function callersOf(
  root: string | WorkspaceRoot,
  name: unknown,
  glob: unknown,
  options: ScanOptions,
): Promise<SearchHit[]> {
  if (typeof name !== "string" || !NAME.test(name))
    throw new ToolError(
      "invalid_argument",
      `callers_of(name, glob?) needs a function's name such as "parseDate" or "process.nextTick", not ${shownArgument(name)}.`,
      {
        retriable: true,
        hint: "pass the bare name, without parentheses or arguments",
      },
    );
  return scanFiles(root, globArgument(glob, "callers_of", MODULE_GLOB), () => false, {
    ...options,
    tool: "callers_of",
    needle: name.split(".").at(-1)!,
    matchLines: (text, file) => {
      if (dialectOf(file) === null) return [];
      const parsed = parseModule(text, file);
      return parsed.ok ? callsIn(parsed.program, name) : [];
    },
  });
}
