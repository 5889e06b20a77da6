import { readFile, stat } from "node:fs/promises";
import path from "node:path";

/** Extensions of the files whose imports are followed. */
const SCRIPT = /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/i;

/** Most files read while following imports from one file. */
export const MAX_FOLLOWED_FILES = 200;

/** Largest file read while following imports; a larger one is fingerprinted, not read. */
const MAX_FILE_BYTES = 1024 * 1024;

/** `import … from "./x"`, `export … from "./x"`, `import "./x"`, `import("./x")`, `require("./x")`. */
const RELATIVE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(["'])(\.{1,2}\/[^"'\n]*)\1/g;

/**
 * What an import without an extension may load, in the order `require` (and TypeScript runners)
 * try: the file as written, with an extension, then the folder's `package.json` and index.
 */
const CANDIDATE_SUFFIXES = [
  "",
  ".js",
  ".json",
  ".node",
  ".mjs",
  ".cjs",
  ".ts",
  ".tsx",
  ".mts",
  ".cts",
  "/package.json",
  "/index.js",
  "/index.json",
  "/index.node",
  "/index.mjs",
  "/index.ts",
];

/**
 * The files a JS or TS file imports by relative path (`./helper.mjs`), and theirs in turn, up to
 * `MAX_FOLLOWED_FILES`; by a scan of the source text, not a parse, so an import written in a
 * comment counts too, which covers a file more, never less. For an import without an extension
 * the list also holds every path that would win over the file it finds today (`./lib` finds
 * `lib/index.js`, but `lib.js` would win once created), and every candidate when none exists.
 */
export async function followRelativeImports(file: string): Promise<string[]> {
  const found = new Set<string>();
  const queue = [file];
  let read = 0;
  while (queue.length > 0 && read < MAX_FOLLOWED_FILES) {
    const current = queue.shift() as string;
    if (!SCRIPT.test(current)) continue;
    const info = await stat(current).catch(() => null);
    if (!info?.isFile() || info.size > MAX_FILE_BYTES) continue;
    read++;
    const source = await readFile(current, "utf8").catch(() => "");
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      const target = path.resolve(path.dirname(current), match[2]);
      for (const candidate of await importCandidates(target, match[2])) {
        if (candidate === file || found.has(candidate)) continue;
        found.add(candidate);
        queue.push(candidate);
      }
    }
  }
  return [...found];
}

/** The file an import loads and the paths that would win over it; the import as written when it has an extension. */
async function importCandidates(target: string, written: string): Promise<string[]> {
  if (/\.[A-Za-z0-9]{1,5}$/.test(path.basename(written))) return [target];
  const candidates: string[] = [];
  for (const suffix of CANDIDATE_SUFFIXES) {
    const candidate = target + suffix;
    const info = await stat(candidate).catch(() => null);
    if (info?.isDirectory()) continue;
    candidates.push(candidate);
    if (info?.isFile()) break;
  }
  return candidates;
}
