/**
 * Comparing an answer with a corpus gold, by the gold's kind as the corpus README defines it:
 * numbers exactly, paths and strings as sets (paths in order when `ordered`), text exactly, JSON
 * deeply with object keys in any order, hits as a set of `{ file, line }`. An answer is taken in
 * the shapes programs give it: a list of paths may be rows with a `file` field (the largest
 * files) or one path ("which file is the largest"), a set of names may be an object's keys
 * (the scripts), hits are rows with `file` and `line`. Nothing else is loosened: a count is never a list's length, a text never trimmed.
 */
import type { Gold } from "./corpus-types.js";

/** The paths of an answer: a list of strings, or of rows with a `file` (or `path`) string. */
function pathsOf(output: unknown): string[] | null {
  // "which file is the largest" answers one path.
  if (typeof output === "string") return [output];
  if (!Array.isArray(output)) return null;
  const paths: string[] = [];
  for (const item of output) {
    if (typeof item === "string") paths.push(item);
    else if (
      item &&
      typeof item === "object" &&
      typeof (item as { file?: unknown }).file === "string"
    )
      paths.push((item as { file: string }).file);
    else if (
      item &&
      typeof item === "object" &&
      typeof (item as { path?: unknown }).path === "string"
    )
      paths.push((item as { path: string }).path);
    else return null;
  }
  return paths;
}

/** The names of an answer: a list of strings, or an object's keys. */
function stringsOf(output: unknown): string[] | null {
  if (Array.isArray(output))
    return output.every((item) => typeof item === "string") ? output : null;
  if (output && typeof output === "object") return Object.keys(output);
  return null;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return (
    left.size === right.size && [...left].every((item) => right.has(item)) && a.length === left.size
  );
}

/** Deep equality of JSON values, object keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as never)[key], (b as never)[key]))
    );
  }
  return false;
}

/** True when `output` is the answer `gold` describes. */
export function matchesGold(output: unknown, gold: Gold): boolean {
  switch (gold.kind) {
    case "number":
      return typeof output === "number" && output === gold.value;
    case "text":
      return typeof output === "string" && output === gold.value;
    case "json":
      return sameJson(output, gold.value);
    case "strings": {
      const names = stringsOf(output);
      return names !== null && sameSet(names, gold.value as string[]);
    }
    case "paths": {
      const paths = pathsOf(output);
      if (paths === null) return false;
      const expected = gold.value as string[];
      return gold.ordered
        ? paths.length === expected.length && paths.every((item, index) => item === expected[index])
        : sameSet(paths, expected);
    }
    case "hits": {
      if (!Array.isArray(output)) return false;
      const rows: string[] = [];
      for (const item of output) {
        const row = item as { file?: unknown; line?: unknown };
        if (!row || typeof row.file !== "string" || typeof row.line !== "number") return false;
        rows.push(`${row.file}:${row.line}`);
      }
      const expected = (gold.value as { file: string; line: number }[]).map(
        (hit) => `${hit.file}:${hit.line}`,
      );
      return sameSet([...new Set(rows)], expected);
    }
    default:
      return false;
  }
}

/** True when `output` matches the gold or any accepted alternative. */
export function matchesAny(output: unknown, golds: readonly Gold[]): boolean {
  return golds.some((gold) => matchesGold(output, gold));
}
