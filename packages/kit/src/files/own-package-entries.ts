import path from "node:path";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { readTextFile, type ReadTextFileOptions } from "./read-text-file.js";

/**
 * The workspace's own package, as its root `package.json` names it: a file inside the package
 * imports it by a relative path to one of its entry modules (dayjs's locales `import dayjs from
 * "../index"`), never by its name.
 */
export interface OwnPackage {
  name: string;
  /** The entry modules' keys (`moduleKey`). */
  entries: ReadonlySet<string>;
}

/** The `package.json` fields that name the module a bare `import "name"` loads. */
const ENTRY_FIELDS = ["main", "module", "browser", "types", "typings"] as const;

/** Folders a package keeps one build of its modules in: `esm/index.js` is `index.js` built for ESM. */
const BUILD_FOLDERS = /\/(?:cjs|commonjs|esm|mjs|es|module)(?=\/)/g;

/**
 * The key builds of one module share: the workspace-relative path without its extension
 * (`.js`, `.d.ts`, …) and without module-system folders, so `esm/index.js`, `cjs/index.js`,
 * `index.js` and `index.d.ts` are one module (`/index`).
 */
export function moduleKey(file: string): string {
  return `/${file}`.replace(/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/, "").replace(BUILD_FOLDERS, "");
}

/** Every path a `package.json` value names: a string, or the strings in its conditions (nested, or in a list). */
function pathsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(pathsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(pathsIn);
  return [];
}

/** The entry the package's bare name loads from `exports`: the whole value, or its `"."` when it maps subpaths. */
function mainExport(exports: unknown): unknown {
  if (!exports || typeof exports !== "object" || Array.isArray(exports)) return exports;
  const keys = Object.keys(exports);
  return keys.some((key) => key.startsWith("."))
    ? (exports as Record<string, unknown>)["."]
    : exports;
}

/**
 * The workspace's own package: the root `package.json`'s `name` and the keys of the modules its
 * bare name loads (`main`, `module`, `browser`, `types`, `typings`, and `exports` for `"."`
 * under any condition), each also as a folder's `index`. Null when there is no readable
 * `package.json` with a name, or it names no entry inside the package.
 */
export async function ownPackage(
  root: string | WorkspaceRoot,
  options: ReadTextFileOptions,
): Promise<OwnPackage | null> {
  const fields = await rootManifest(root, options);
  if (!fields || typeof fields.name !== "string" || fields.name === "") return null;
  const named = [
    ...ENTRY_FIELDS.flatMap((field) => (typeof fields[field] === "string" ? [fields[field]] : [])),
    ...pathsIn(mainExport(fields.exports)),
  ] as string[];
  const entries = new Set<string>();
  for (const entry of named) {
    const file = path.posix.normalize(entry.replace(/\\/g, "/")).replace(/\/$/, "");
    if (file.startsWith("..") || path.posix.isAbsolute(file)) continue;
    for (const candidate of candidatesOf(file)) entries.add(moduleKey(candidate));
  }
  return entries.size > 0 ? { name: fields.name, entries } : null;
}

/** True when the relative `specifier`, imported by the workspace file `importer`, names one of `own`'s entry modules (in any of its builds). */
export function importsOwnEntry(importer: string, specifier: string, own: OwnPackage): boolean {
  if (!/^\.{1,2}(?:\/|$)/.test(specifier)) return false;
  const resolved = path.posix.normalize(
    path.posix.join(path.posix.dirname(importer), specifier.replace(/[?#].*$/, "")),
  );
  if (resolved.startsWith("..")) return false;
  return candidatesOf(resolved.replace(/\/$/, "")).some((file) => own.entries.has(moduleKey(file)));
}

/** The modules a path may load: the file, or the folder's `index` (the root's alone for "."). */
function candidatesOf(file: string): string[] {
  return file === "." ? ["index"] : [file, `${file}/index`];
}

/**
 * The root `package.json`'s subpath imports (`"imports": { "#ansi-styles": "./source/vendor/…" }`):
 * each `#` key with every path its value names under any condition. Empty when there are none
 * or the file cannot be read.
 */
export async function packageImports(
  root: string | WorkspaceRoot,
  options: ReadTextFileOptions,
): Promise<ReadonlyMap<string, readonly string[]>> {
  const imports = (await rootManifest(root, options))?.imports;
  if (!imports || typeof imports !== "object" || Array.isArray(imports)) return new Map();
  return new Map(
    Object.entries(imports)
      .filter(([key]) => key.startsWith("#"))
      .map(([key, value]) => [key, pathsIn(value)]),
  );
}

/**
 * The paths a `#` specifier names through the subpath imports: its own key's, or a pattern's
 * (`"#internal/*": "./src/internal/*.js"`) with the `*` filled in.
 */
export function aliasedPaths(
  imports: ReadonlyMap<string, readonly string[]>,
  specifier: string,
): string[] {
  const exact = imports.get(specifier);
  if (exact) return [...exact];
  for (const [key, paths] of imports) {
    const star = key.indexOf("*");
    if (
      star < 0 ||
      !specifier.startsWith(key.slice(0, star)) ||
      !specifier.endsWith(key.slice(star + 1))
    )
      continue;
    const filled = specifier.slice(star, specifier.length - (key.length - star - 1));
    return paths.map((target) => target.replace("*", filled));
  }
  return [];
}

/** The root `package.json` as an object; null when it is missing, unreadable, not JSON or not an object. */
async function rootManifest(
  root: string | WorkspaceRoot,
  options: ReadTextFileOptions,
): Promise<Record<string, unknown> | null> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readTextFile(root, "package.json", options));
  } catch {
    return null;
  }
  return manifest && typeof manifest === "object" && !Array.isArray(manifest)
    ? (manifest as Record<string, unknown>)
    : null;
}
