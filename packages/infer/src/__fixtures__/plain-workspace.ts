/**
 * A workspace read with plain Node (`fs`), for gold answers computed without lackpy: no file
 * tools, no rules, no interpreter. Its definitions are written out here on their own, so a rule
 * whose program disagrees with them is caught.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** One line of a search answer: `{ file, line, text }`. */
export interface Hit {
  file: string;
  line: number;
  text: string;
}

/** What the gold answers need to know about a workspace. */
export interface PlainWorkspace {
  root: string;
  /** Every file, workspace-relative with `/`, sorted (no dot folders, no `node_modules`). */
  files: string[];
  text(file: string): string;
  /** The lines of a file as an editor shows them (a final newline ends the last line). */
  lines(file: string): string[];
  bytes(file: string): number;
  /** The files with one of these extensions (without the dot), optionally under a folder. */
  withExtensions(extensions: readonly string[], folder?: string): string[];
  /** Lines containing `text`, trimmed and cut at 500 characters, in file and line order. */
  grep(text: string, files?: readonly string[]): Hit[];
  /** The immediate subfolders of a folder (`""` for the root), sorted. */
  folders(folder: string): string[];
  packageJson(): Record<string, unknown>;
}

/** Reads a workspace from disk. */
export function plainWorkspace(root: string): PlainWorkspace {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  walk("");
  files.sort();
  const text = (file: string) => readFileSync(path.join(root, file), "utf8");
  const lines = (file: string) => {
    const content = text(file);
    if (content === "") return [];
    const split = content.split("\n");
    if (split.at(-1) === "") split.pop();
    return split.map((line) => line.replace(/\r$/, ""));
  };
  const under = (file: string, folder?: string) => !folder || file.startsWith(`${folder}/`);
  return {
    root,
    files,
    text,
    lines,
    bytes: (file) => statSync(path.join(root, file)).size,
    withExtensions: (extensions, folder) =>
      files.filter(
        (file) => under(file, folder) && extensions.some((extension) => file.endsWith(`.${extension}`)),
      ),
    grep(needle, among = files) {
      const hits: Hit[] = [];
      for (const file of among)
        lines(file).forEach((line, index) => {
          if (!line.includes(needle)) return;
          const trimmed = line.trim();
          hits.push({
            file,
            line: index + 1,
            text: trimmed.length > 500 ? `${trimmed.slice(0, 500)}…` : trimmed,
          });
        });
      return hits;
    },
    folders: (folder) =>
      readdirSync(path.join(root, folder), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => (folder ? `${folder}/${entry.name}` : entry.name))
        .sort(),
    packageJson: () => JSON.parse(text("package.json")) as Record<string, unknown>,
  };
}
