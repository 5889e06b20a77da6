/**
 * Real source trees for the file benchmarks, made deterministically from this checkout: its own
 * sources (`packages`, `apps`, `bench`, `docs`, build output left out) and the installed
 * packages under `node_modules/.pnpm`. A tree of N files takes N of those files spread evenly
 * over all of them (or all of them again and again past their count), in folders of at most
 * 5,000 files (`src/p00/…`, `src/p01/…`), so that each `find_files` stays under its 10,000-file
 * limit. Only ASCII text files of at most 64 KiB without carriage returns are used, and folder
 * names keep letters, digits, `_` and `-` only (`node_modules` becomes `vendor`, which
 * `find_files` would skip): every program of the comparison then reads the same text and lists
 * the same files in lackpy, in Python lackpy and in plain Node. Trees are
 * kept in the temporary folder between runs, keyed by their size and the list of sources.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const SOURCE_FOLDERS = ["packages", "apps", "bench", "docs", "node_modules/.pnpm"];
const EXTENSIONS = /\.(ts|js|mjs|cjs|md|json)$/;
const MAX_SOURCE_BYTES = 64 * 1024;
/** Files per top folder of a tree (`src/p00`): below `find_files`' limit of 10,000. */
export const FILES_PER_PART = 5000;

/** A generated tree: its root, how many files, and the globs that list them, one per part. */
export interface SourceTree {
  root: string;
  files: number;
  patterns: string[];
}

/** The files a tree may copy, sorted: this checkout's own sources and installed packages. */
function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (folder: string, insideModules: boolean) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((left, right) => (left.name < right.name ? -1 : 1))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        // Build output and tool caches change with every build: only installed packages' stay.
        if (!insideModules && ["dist", "node_modules", "results"].includes(entry.name)) continue;
        if (entry.name.startsWith(".") && entry.name !== ".pnpm") continue;
        walk(full, insideModules || entry.name === "node_modules" || entry.name === ".pnpm");
      } else if (entry.isFile() && EXTENSIONS.test(entry.name)) found.push(full);
    }
  };
  for (const folder of SOURCE_FOLDERS)
    walk(path.join(REPO, folder), folder.startsWith("node_modules"));
  return found.filter((file) => {
    const size = statSync(file).size;
    if (size === 0 || size > MAX_SOURCE_BYTES) return false;
    const bytes = readFileSync(file);
    return !bytes.some((byte) => byte > 126 || byte === 13 || byte === 0);
  });
}

let sources: string[] | undefined;

/** The tree of `count` files (made the first time, then reused). */
export function sourceTree(count: number): SourceTree {
  sources ??= sourceFiles();
  const all = sources;
  const digest = createHash("sha256").update(all.join("\n")).digest("hex").slice(0, 12);
  const root = path.join(os.tmpdir(), "lackpy-bench-trees", `${count}-${digest}`);
  const parts = Math.ceil(count / FILES_PER_PART);
  const patterns = Array.from({ length: parts }, (_, part) => `src/${partName(part)}/**/*.*`);
  const tree = { root, files: count, patterns };
  if (existsSync(path.join(root, "complete"))) return tree;
  const building = `${root}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  for (let index = 0; index < count; index++) {
    const source = all[pick(index, count, all.length)];
    const relative = path.relative(REPO, source).split(path.sep);
    const folders = relative
      .slice(0, -1)
      .map((name) => (name === "node_modules" ? "vendor" : name.replace(/[^A-Za-z0-9_-]/g, "_")));
    const name = relative[relative.length - 1].replace(/^\.+/, "_");
    const folder = path.join(
      building,
      "src",
      partName(Math.floor(index / FILES_PER_PART)),
      ...folders,
    );
    // Two sources whose folder names differ only in what was replaced keep both files.
    let target = path.join(folder, name);
    if (existsSync(target)) target = path.join(folder, `${index}-${name}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(target, readFileSync(source));
  }
  writeFileSync(path.join(building, "complete"), `${count}\n`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.dirname(root), { recursive: true });
  renameSync(building, root);
  return tree;
}

/** The source of file `index` of a tree of `count`: spread evenly over the sources (each part gets a mix), round and round past their count. */
function pick(index: number, count: number, available: number): number {
  if (count <= available) return Math.floor((index * available) / count);
  return index % available;
}

function partName(part: number): string {
  return `p${String(part).padStart(2, "0")}`;
}
