/**
 * The everyday file programs of issue 27, each three ways: in lackpy's JavaScript subset, in
 * Python lackpy's Python subset, and in plain Node. The same logic line for line: list the files
 * of each part of a source tree (`patterns`), read each one, and count its TODO lines (the
 * README's idiom, a callback a line), count all lines, or find the largest files.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One workload: the program in both dialects and in plain Node, for a tree's list of globs. */
export interface FileWorkload {
  name: string;
  javascript(patterns: readonly string[]): string;
  python(patterns: readonly string[]): string;
  native(root: string, patterns: readonly string[]): unknown;
}

const list = (patterns: readonly string[]) => JSON.stringify(patterns);

/**
 * `find_files(pattern)` in plain Node for the tree's globs (`src/pNN/**\/*.*`): every file whose
 * name has a dot, under the part's folder, as sorted workspace-relative paths.
 */
export function nativeFindFiles(root: string, pattern: string): string[] {
  const base = pattern.slice(0, pattern.indexOf("/**"));
  const files: string[] = [];
  const walk = (folder: string, relative: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), child);
      else if (entry.isFile() && entry.name.includes(".")) files.push(child);
    }
  };
  walk(path.join(root, base), base);
  return files.sort();
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), "utf8");

/** Stable, highest first: what `sort_by(items, key, true)` gives in both lackpys. */
function sortedBy<T>(items: T[], key: keyof T): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (left, right) =>
        (right.item[key] as number) - (left.item[key] as number) || left.index - right.index,
    )
    .map(({ item }) => item);
}

export const FILE_WORKLOADS: readonly FileWorkload[] = [
  {
    name: "TODO count",
    javascript: (patterns) =>
      [
        `const patterns = ${list(patterns)}`,
        `const todos = []`,
        `for (const pattern of patterns) {`,
        `  for (const file of find_files(pattern)) {`,
        `    const hits = read_file(file).split("\\n").filter(line => line.includes("TODO")).length`,
        `    if (hits > 0) todos.push({ file, todos: hits })`,
        `  }`,
        `}`,
        `sort_by(todos, "todos", true).slice(0, 20)`,
      ].join("\n"),
    python: (patterns) =>
      [
        `patterns = ${list(patterns)}`,
        `todos = []`,
        `for pattern in patterns:`,
        `    for file in find_files(pattern):`,
        `        hits = len([line for line in read_file(file).split("\\n") if "TODO" in line])`,
        `        if hits > 0: todos.append({"file": file, "todos": hits})`,
        ``,
        `sort_by(todos, "todos", True)[:20]`,
      ].join("\n"),
    native(root, patterns) {
      const todos: { file: string; todos: number }[] = [];
      for (const pattern of patterns)
        for (const file of nativeFindFiles(root, pattern)) {
          const hits = read(root, file)
            .split("\n")
            .filter((line) => line.includes("TODO")).length;
          if (hits > 0) todos.push({ file, todos: hits });
        }
      return sortedBy(todos, "todos").slice(0, 20);
    },
  },
  {
    name: "line count",
    javascript: (patterns) =>
      [
        `const patterns = ${list(patterns)}`,
        `let total = 0`,
        `for (const pattern of patterns) {`,
        `  for (const file of find_files(pattern)) total += len(read_file(file).split("\\n"))`,
        `}`,
        `total`,
      ].join("\n"),
    python: (patterns) =>
      [
        `patterns = ${list(patterns)}`,
        `total = 0`,
        `for pattern in patterns:`,
        `    for file in find_files(pattern):`,
        `        total += len(read_file(file).split("\\n"))`,
        ``,
        `total`,
      ].join("\n"),
    native(root, patterns) {
      let total = 0;
      for (const pattern of patterns)
        for (const file of nativeFindFiles(root, pattern))
          total += read(root, file).split("\n").length;
      return total;
    },
  },
  {
    name: "largest files",
    javascript: (patterns) =>
      [
        `const patterns = ${list(patterns)}`,
        `const sizes = []`,
        `for (const pattern of patterns) {`,
        `  for (const file of find_files(pattern)) sizes.push({ file, size: len(read_file(file)) })`,
        `}`,
        `sort_by(sizes, "size", true).slice(0, 10)`,
      ].join("\n"),
    python: (patterns) =>
      [
        `patterns = ${list(patterns)}`,
        `sizes = []`,
        `for pattern in patterns:`,
        `    for file in find_files(pattern):`,
        `        sizes.append({"file": file, "size": len(read_file(file))})`,
        ``,
        `sort_by(sizes, "size", True)[:10]`,
      ].join("\n"),
    native(root, patterns) {
      const sizes: { file: string; size: number }[] = [];
      for (const pattern of patterns)
        for (const file of nativeFindFiles(root, pattern))
          sizes.push({ file, size: read(root, file).length });
      return sortedBy(sizes, "size").slice(0, 10);
    },
  },
];
