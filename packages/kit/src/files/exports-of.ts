import path from "node:path";
import { moduleExports, type ModuleExport } from "../code/module-exports.js";
import { MODULE_FILE_EXTENSIONS, dialectOf, parseModule } from "../code/parse-module.js";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { ToolError } from "../tool-error.js";
import { readTextFile, type ReadTextFileOptions } from "./read-text-file.js";

/** One name a module exports: its kind, and the file and line that export it (a re-exported module's own line). */
export interface ExportedName extends ModuleExport {
  file: string;
  /** The module's whole value (`module.exports = isEmpty`), named by its own name: the only row. */
  whole?: true;
}

/** Most modules one `exports_of` call follows through star re-exports and `module.exports = require(…)`. */
const MAX_FOLLOWED_MODULES = 64;

/** Extensions tried, in order, for a relative specifier without one (or with `.js` standing for a TypeScript source). */
const TRIED = ["ts", "tsx", "mts", "cts", "d.ts", "js", "mjs", "cjs", "jsx"];

/**
 * The names a JavaScript or TypeScript module exports, read from its syntax tree (ESM,
 * CommonJS and TypeScript forms; see `moduleExports`), sorted by name. A star re-export from "./m" and
 * `module.exports = require("./m")` are followed into the workspace file they name (without its
 * `default`, as ESM does). A module whose whole value is one named function or class
 * (`module.exports = isEmpty`) exports it by that name, marked `whole`, beside the names set on
 * it (`module.exports.x = …`). A module whose exports a static read cannot list in full (a
 * re-export of a package, a whole value that is not a named function or class, a use of `exports` it does not
 * follow, a syntax error) is refused with `not_a_module` or `exports_unknown`, never answered in part.
 */
export async function exportsOf(
  root: string | WorkspaceRoot,
  requested: unknown,
  options: ReadTextFileOptions,
): Promise<ExportedName[]> {
  if (typeof requested !== "string")
    throw new ToolError("invalid_argument", "exports_of(path) needs a path as a string.", {
      retriable: true,
      hint: 'pass a workspace-relative path such as "src/index.ts"',
    });
  const found = new Map<string, ExportedName>();
  const followed = new Set<string>();
  await collect(root, requested.replace(/\\/g, "/").replace(/^\.\//, ""), options, {
    found,
    followed,
    star: false,
  });
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function collect(
  root: string | WorkspaceRoot,
  file: string,
  options: ReadTextFileOptions,
  state: { found: Map<string, ExportedName>; followed: Set<string>; star: boolean },
): Promise<void> {
  if (state.followed.has(file)) return;
  state.followed.add(file);
  if (state.followed.size > MAX_FOLLOWED_MODULES)
    throw unknown(file, `it re-exports more than ${MAX_FOLLOWED_MODULES} modules`);
  if (dialectOf(file) === null)
    throw new ToolError(
      "not_a_module",
      `'${file}' is not a JavaScript or TypeScript module (.${MODULE_FILE_EXTENSIONS.join(", .")}).`,
      { retriable: true, hint: "pass a .js, .mjs, .cjs, .ts or .tsx file" },
    );
  const text = await readTextFile(root, file, options);
  const parsed = parseModule(text, file);
  if (!parsed.ok)
    throw new ToolError(
      "not_a_module",
      `'${file}' does not parse as ${dialectOf(file)}${parsed.line ? ` (line ${parsed.line})` : ""}: ${parsed.message}`,
      { retriable: true, hint: "read the file with read_file to see what it exports" },
    );
  const read = moduleExports(parsed.program);
  const problem = read.unknown[0];
  if (problem) throw unknown(file, `${problem.reason} (line ${problem.line})`);
  if (read.whole) {
    // One function or class as the whole module: its own name, beside the names set on it
    // (`module.exports.HttpError = …`); not when another module re-exports it as names.
    const { name, kind, line } = read.whole;
    if (state.star || read.stars.length > 0)
      throw unknown(
        file,
        `the module's whole value is a ${kind} (${name}), not an object of names (line ${line})`,
      );
    state.found.set(name, { ...read.whole, file, whole: true });
  }
  for (const entry of read.exports) {
    // A module's own names win over names it re-exports; a star re-export never carries `default`.
    if (state.star && entry.name === "default") continue;
    if (!state.found.has(entry.name)) state.found.set(entry.name, { ...entry, file });
  }
  for (const star of read.stars) {
    if (!star.from.startsWith("."))
      throw unknown(
        file,
        `it re-exports every name of the package '${star.from}' (line ${star.line})`,
      );
    const target = await resolveRelative(root, file, star.from, options);
    if (target === null)
      throw unknown(
        file,
        `it re-exports '${star.from}' (line ${star.line}), which is not a workspace file`,
      );
    await collect(root, target, options, { ...state, star: true });
  }
}

/** The workspace file a relative specifier names from `file`, trying TypeScript's and Node's extensions and `index` files; null when none is there. */
async function resolveRelative(
  root: string | WorkspaceRoot,
  file: string,
  specifier: string,
  options: ReadTextFileOptions,
): Promise<string | null> {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, "");
  const candidates = [
    base,
    ...TRIED.map((extension) => `${stem}.${extension}`),
    ...TRIED.map((extension) => `${base}/index.${extension}`),
  ];
  for (const candidate of candidates) {
    if (candidate.startsWith("..") || dialectOf(candidate) === null) continue;
    try {
      await readTextFile(root, candidate, options);
      return candidate;
    } catch (error) {
      if (ToolError.is(error) && ["not_found", "is_directory"].includes(error.code)) continue;
      throw error;
    }
  }
  return null;
}

function unknown(file: string, reason: string): ToolError {
  return new ToolError(
    "exports_unknown",
    `The names '${file}' exports cannot all be read from its text: ${reason}.`,
    {
      retriable: true,
      hint: "read the file with read_file to see what it exports, or ask about the module it re-exports",
    },
  );
}
