import { dialectOf, parseModule, type SyntaxNode } from "../code/parse-module.js";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { ToolError } from "../tool-error.js";
import { readTextFile, type ReadTextFileOptions } from "./read-text-file.js";

/**
 * The syntax tree of the JavaScript or TypeScript file a one-file code tool (`imports_of`,
 * `declarations_in`) was given: a path that is not a string is refused as `invalid_argument`,
 * a file that is not a module or does not parse as `not_a_module`, never read from its text.
 */
export async function parsedModuleFile(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ReadTextFileOptions,
  tool: string,
): Promise<SyntaxNode> {
  if (typeof requested !== "string")
    throw new ToolError("invalid_argument", `${tool}(path) needs a path as a string.`, {
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
  return parsed.program;
}
