import { declarationsIn, type Declaration } from "../code/module-declarations.js";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import type { ReadTextFileOptions } from "./read-text-file.js";
import { parsedModuleFile } from "./parsed-module-file.js";

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
  return declarationsIn(await parsedModuleFile(root, requested, options, "declarations_in"));
}
