/**
 * "excluding tests", "(not tests)", "outside the test files": one reading for every rule; and
 * "excluding dist", "(not counting fp)" for a folder (`leaveOutFolder`), the same way. The
 * scope words become a `notest` token (`readScopeWords`); the rule that answers the rest writes
 * its program as always, and every call of a tool that lists workspace files in it keeps only
 * the files that are not tests (`TEST_FILE`). A program that lists files some other way, or
 * lists none, or whose scope is itself a test folder, is not answered: the words would be
 * dropped, not read.
 */
import { TEST_FILE } from "./file-kinds.js";

/** The tools whose answer is workspace files: `find_files` as paths, the others as rows with a `file`. */
const LISTING_TOOLS = [
  "find_files",
  "file_sizes",
  "line_counts",
  "search_files",
  "definitions_of",
  "importers_of",
  "callers_of",
] as const;

/** The tool that lists a folder's entries (folders too), which a file filter does not reach. */
const OTHER_LISTINGS = /\blist_folder\(/;

/** The params that say where a program looks (a glob, a folder, a file). */
const SCOPE_PARAMS = new Set(["pattern", "folder", "file", "path", "modules"]);

const CALL = new RegExp(`\\b(${LISTING_TOOLS.join("|")})\\(`, "g");

const TEST_PATH = new RegExp(TEST_FILE.slice(1, -1));

/** What the reading says of the words. */
export const TESTS_LEFT_OUT = `test files left out (under test/, tests/ or __tests__/, or named *.test.*, *.spec.*, test_*.py, *_test.*), as asked`;

/**
 * The program with each listing call's answer filtered to files that are not tests; null when
 * the program cannot be read this way (see the module's comment).
 */
export function leaveOutTests(
  program: string,
  params: Readonly<Record<string, string>>,
): string | null {
  const scopes = Object.entries(params).filter(([name]) => SCOPE_PARAMS.has(name));
  if (scopes.some(([, value]) => TEST_PATH.test(value.replace(/\*.*$/, "x")))) return null;
  return keepListed(program, (file) => `!${TEST_FILE}.test(${file})`);
}

/** What the reading says of "excluding <folder>". */
export const folderLeftOut = (folder: string) => `files under “${folder}” left out, as asked`;

/**
 * "excluding dist", "(not counting fp)": the program with each listing call's answer filtered
 * to files outside `folder`; null when it cannot be read this way, or looks only inside it.
 */
export function leaveOutFolder(
  program: string,
  params: Readonly<Record<string, string>>,
  folder: string,
): string | null {
  const scopes = Object.entries(params).filter(([name]) => SCOPE_PARAMS.has(name));
  if (scopes.some(([, value]) => `${value}/`.startsWith(`${folder}/`))) return null;
  return keepListed(program, (file) => `!${file}.startsWith(${JSON.stringify(`${folder}/`)})`);
}

/**
 * The program with each listing call's answer filtered by `keep` (an expression over a file's
 * path); null when a folder is listed another way or nothing is listed.
 */
function keepListed(program: string, keep: (file: string) => string): string | null {
  if (OTHER_LISTINGS.test(program)) return null;
  let out = "";
  let from = 0;
  let wrapped = 0;
  for (const found of program.matchAll(CALL)) {
    const open = found.index + found[0].length - 1;
    if (open < from) continue;
    const close = closingParen(program, open);
    if (close === -1) return null;
    const row = found[1] === "find_files" ? "file" : "row.file";
    const name = found[1] === "find_files" ? "file" : "row";
    out += `${program.slice(from, close + 1)}.filter(${name} => ${keep(row)})`;
    from = close + 1;
    wrapped++;
  }
  return wrapped === 0 ? null : out + program.slice(from);
}

/** The index of the `)` that closes the `(` at `open`, skipping string literals; -1 when there is none. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") {
      index = stringEnd(text, index);
      if (index === -1) return -1;
    } else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return index;
  }
  return -1;
}

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === quote) return index;
  }
  return -1;
}
