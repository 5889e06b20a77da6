import { readFile, stat } from "node:fs/promises";
import path from "node:path";

/** Extensions of the files whose imports are followed. */
const SCRIPT = /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/i;

/** Most files read while following imports from one file. */
export const MAX_FOLLOWED_FILES = 200;

/** Largest file read while following imports; a larger one is protected, not read. */
const MAX_FILE_BYTES = 1024 * 1024;

/** `import … from "./x"`, `export … from "./x"`, `import "./x"`, `import("./x")`, `require("./x")`. */
const RELATIVE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(["'])(\.{1,2}\/[^"'\n]*)\1/g;

/** What `require` would try after an import without an extension. */
const CANDIDATE_SUFFIXES = ["", ".js", ".mjs", ".cjs", ".json", "/index.js", "/index.mjs"];

/**
 * The files a JS or TS file imports by relative path (`./helper.mjs`), and theirs in turn, up to
 * `MAX_FOLLOWED_FILES`; by a scan of the source text, not a parse, so an import written in a
 * comment counts too, which protects a file more, never less. An import that names no existing
 * file is listed as written: a program could otherwise create it.
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
      const imported = await existingFile(path.resolve(path.dirname(current), match[2]));
      if (imported === file || found.has(imported)) continue;
      found.add(imported);
      queue.push(imported);
    }
  }
  return [...found];
}

/** The file an import names, as `require` would find it, or the path as written when none exists. */
async function existingFile(target: string): Promise<string> {
  for (const suffix of CANDIDATE_SUFFIXES) {
    const info = await stat(target + suffix).catch(() => null);
    if (info?.isFile()) return target + suffix;
  }
  return target;
}
