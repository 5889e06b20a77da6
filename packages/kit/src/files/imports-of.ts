import path from "node:path";
import { importsIn } from "../code/module-imports.js";
import { dialectOf, parseModule } from "../code/parse-module.js";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { ToolError } from "../tool-error.js";
import type { ReadTextFileOptions } from "./read-text-file.js";
import { parsedModuleFile } from "./parsed-module-file.js";
import {
  aliasedPaths,
  importsOwnEntry,
  ownPackage,
  packageImports,
} from "./own-package-entries.js";
import { resolvesTo } from "./resolves-to.js";
import { globArgument, scanFiles, type ScanOptions, type SearchHit } from "./search-files.js";
import { shownArgument } from "./file-error.js";

/** The files `importers_of` reads unless given a glob: JavaScript and TypeScript modules. */
export const MODULE_GLOB = "**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}";

/**
 * The modules a JavaScript or TypeScript file imports (`import`, `import type`, `export … from`,
 * `import a = require()`, `require("m")`), as their specifiers are written, in source order and
 * without repeats; read by a parser. A file that is not a module or does not parse is refused.
 */
export async function importsOf(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ReadTextFileOptions,
): Promise<string[]> {
  const program = await parsedModuleFile(root, requested, options, "imports_of");
  return [...new Set(importsIn(program).map((entry) => entry.module))];
}

/**
 * True when an import's specifier names `asked`: the same text, or for a relative `asked`
 * without an extension ("./utils") the same path with a module extension or as a folder's
 * index ("./utils.js", "./utils/index.ts"), which is the same module from the same folder.
 */
export function sameModule(specifier: string, asked: string): boolean {
  if (specifier === asked) return true;
  if (!asked.startsWith(".") || /\.[cm]?[jt]sx?$/.test(asked)) return false;
  return (
    /^(?:\/index)?\.(?:[cm]?[jt]s|[jt]sx)$/.test(specifier.slice(asked.length)) &&
    specifier.startsWith(asked)
  );
}

/** What `importers_of` looks for: a specifier as written, or the workspace file imports resolve to. */
type Wanted = { specifier: string } | { file: string };

const WANTED_HINT =
  'pass the specifier as the imports write it ("react", "./utils"), or { file: "lib/utils.js" } for the imports that resolve to that workspace file';

/** The first argument of `importers_of`, checked. */
function wantedOf(module: unknown): Wanted {
  if (typeof module === "string" && module.trim() !== "" && !/[\n\r]/.test(module))
    return { specifier: module };
  if (module && typeof module === "object" && !Array.isArray(module)) {
    const keys = Object.keys(module);
    const file = (module as { file?: unknown }).file;
    if (keys.length === 1 && typeof file === "string") {
      const normalised = file.replace(/\\/g, "/").replace(/^\.\//, "");
      if (normalised !== "" && !normalised.startsWith("/") && !normalised.split("/").includes(".."))
        return { file: normalised };
    }
  }
  throw new ToolError(
    "invalid_argument",
    `importers_of(module, glob?) needs a module specifier such as "react" or "./utils", or { file: "lib/utils.js" }, not ${shownArgument(module)}.`,
    { retriable: true, hint: WANTED_HINT },
  );
}

/** Text every file importing `wanted` holds: the specifier, or the target's name (its folder's, for an index). */
function needleOf(wanted: Wanted): string {
  if ("specifier" in wanted) return wanted.specifier;
  const stem = wanted.file
    .split("/")
    .at(-1)!
    .replace(/(?:\.d)?\.[^.]*$/, "");
  // `require("..")` names ../index.js with no name at all.
  return stem === "index" || stem === "" ? "." : stem;
}

/**
 * The lines of the workspace's JavaScript and TypeScript files (`MODULE_GLOB`, or `glob`) that
 * import `module` (`sameModule`), or with `{ file }` whose relative imports resolve to that
 * workspace file (`resolvesTo`), as `{ file, line, text, kind }` rows (`kind`: `import`,
 * `export` for a re-export, `require`); read by a parser (files that do not parse are left
 * out). The workspace's own package by its name (its `package.json` `name`) is also imported
 * by a relative path to one of its entry modules, in any build (`importsOwnEntry`). Bounded
 * like `search_files`.
 */
export async function importersOf(
  root: string | WorkspaceRoot,
  module: unknown,
  glob: unknown,
  options: ScanOptions,
): Promise<SearchHit[]> {
  const wanted = wantedOf(module);
  const own =
    "specifier" in wanted && !wanted.specifier.startsWith(".")
      ? await ownPackage(root, options)
      : null;
  const self = own?.name === (wanted as { specifier?: string }).specifier ? own : null;
  // `import x from "#ansi-styles"`: a subpath import resolves through package.json's "imports",
  // from the package's root (an importer's own name there keeps its kind: .ts reads .d.ts).
  const imports = "file" in wanted ? await packageImports(root, options) : new Map();
  const throughAlias = (specifier: string, file: string, target: string) =>
    specifier.startsWith("#") &&
    aliasedPaths(imports, specifier).some((aliased) =>
      resolvesTo(path.posix.basename(file), aliased, target),
    );
  const names =
    "specifier" in wanted
      ? (specifier: string, file: string) =>
          sameModule(specifier, wanted.specifier) ||
          (self !== null && importsOwnEntry(file, specifier, self))
      : (specifier: string, file: string) =>
          resolvesTo(file, specifier, wanted.file) || throughAlias(specifier, file, wanted.file);
  return scanFiles(root, globArgument(glob, "importers_of", MODULE_GLOB), () => false, {
    ...options,
    tool: "importers_of",
    // A relative path to the package's entry holds no word of its name, nor need a subpath
    // import: every file is read.
    needle:
      self || ("file" in wanted && aliasReaches(imports, wanted.file)) ? "" : needleOf(wanted),
    matchLines: (text, file) => {
      if (dialectOf(file) === null) return [];
      const parsed = parseModule(text, file);
      if (!parsed.ok) return [];
      return importsIn(parsed.program)
        .filter((entry) => names(entry.module, file))
        .map((entry) => ({ line: entry.line, kind: entry.kind }));
    },
  });
}

/** True when a subpath import may name `target`: a key's path resolves to it, or a pattern's folder holds it. */
function aliasReaches(imports: ReadonlyMap<string, readonly string[]>, target: string): boolean {
  return [...imports.values()].some((paths) =>
    paths.some((aliased) =>
      aliased.includes("*")
        ? target.startsWith(aliased.replace(/^\.\//, "").split("*")[0]!)
        : resolvesTo("index.ts", aliased, target),
    ),
  );
}
