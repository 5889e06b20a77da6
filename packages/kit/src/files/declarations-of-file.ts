import { declarationsIn, type Declaration } from "../code/module-declarations.js";
import { dialectOf, parseModule } from "../code/parse-module.js";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { ToolError } from "../tool-error.js";
import { readTextFile, type ReadTextFileOptions } from "./read-text-file.js";

/**
 * `declarations_in(path)`: what a JavaScript or TypeScript file declares at its top level and its
 * classes' members, in source order (`declarationsIn`), read by a parser. A file that is not a
 * module or does not parse is refused, never answered from its text.
 */
export async function declarationsOfFile(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ReadTextFileOptions,
): Promise<Declaration[]> {
  if (typeof requested !== "string")
    throw new ToolError("invalid_argument", "declarations_in(path) needs a path as a string.", {
      retriable: true,
      hint: 'pass a workspace-relative path such as "src/index.ts"',
    });
  const text = await readTextFile(root, requested, options);
  const parsed = dialectOf(requested) === null ? null : parseModule(text, requested);
  if (!parsed?.ok)
    throw new ToolError(
      "not_a_module",
      `'${requested}' is not a JavaScript or TypeScript module that parses.`,
      {
        retriable: true,
        hint: "pass a .js, .mjs, .cjs, .ts or .tsx file; read_file shows any file",
      },
    );
  return declarationsIn(parsed.program);
}
