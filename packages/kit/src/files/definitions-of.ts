import { definitionsIn, type Definition } from "../code/definitions-in-module.js";
import { dialectOf, parseModule } from "../code/parse-module.js";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { globArgument, scanFiles, type ScanOptions, type SearchHit } from "./search-files.js";
import { ToolError } from "../tool-error.js";
import { shownArgument } from "./file-error.js";

/** The files `definitions_of` reads unless given a glob: JavaScript, TypeScript and Python sources. */
export const DEFINITION_GLOB = "**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,py}";

/** Lines longer than this (minified code) are not read for definitions. */
const MAX_DEFINITION_LINE_CHARS = 1000;

const NAME = /^[A-Za-z_$][\w$]*$/;

/** Words followed by `(…) {` that are statements, not methods. */
const CONTROL_WORDS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "function",
  "return",
  "with",
]);

/** A line that brings a name in rather than defining it: `const x = require("m")`, `await import("m")`. */
const IMPORTED = /=\s*(?:await\s+)?(?:require|import)\s*\(/;

/**
 * The lines of a JavaScript or TypeScript file that define `name`, read from its syntax tree
 * (`definitionLines`); null for other files and for a file that does not parse, whose lines are
 * then tested one by one (`definitionTest`).
 */
export function definitionLinesOf(text: string, file: string, name: string): Definition[] | null {
  if (dialectOf(file) === null) return null;
  // Parsing is the slow part: a file with no line that could define the name is not parsed.
  if (!candidateLines(name).test(text)) return [];
  const parsed = parseModule(text, file);
  return parsed.ok ? definitionsIn(parsed.program, name) : null;
}

const CANDIDATES = new Map<string, RegExp>();

/**
 * Lines that could define `name` (a superset of what the parser finds): a declaration keyword
 * before it, the name at the start of a line before `(`, `<`, `:`, `=` or `?` (a member or
 * method), `name:` or `name =` anywhere (an object's function, a variable), `.name =` (an
 * assigned property), `as name` (an export's alias), `, name` ending a declarator (`let a, name`).
 */
function candidateLines(name: string): RegExp {
  let found = CANDIDATES.get(name);
  if (!found) {
    const escaped = name.replace(/\$/g, "\\$");
    found = new RegExp(
      String.raw`(?:function|class|interface|type|enum|namespace|module|const|let|var)\s*\*?\s*${escaped}(?![\w$])` +
        String.raw`|^[\t ]*(?:[\w$]+[\t ]+)*\*?[\t ]*#?${escaped}[\t ]*[?!]?[\t ]*[(<:=]` +
        String.raw`|(?<![\w$])${escaped}[\t ]*(?::|=(?!=))` +
        String.raw`|\bas\s+${escaped}(?![\w$])` +
        // `let LazyResult, Processor`: a declarator after a comma, with no value.
        String.raw`|,[\t ]*${escaped}[\t ]*(?:[,;]|$)`,
      "m",
    );
    if (CANDIDATES.size > 100) CANDIDATES.clear();
    CANDIDATES.set(name, found);
  }
  return found;
}

/** What a definition line read line by line defines, when its words say (Python, or a file that does not parse). */
function lineKind(line: string): string | undefined {
  if (/^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?class\b/.test(line))
    return "class";
  if (/^\s*(?:async\s+)?def\b|\bfunction\b/.test(line)) return "function";
  return undefined;
}

/**
 * A test for lines that define `name`: a JavaScript or TypeScript function, class, interface,
 * type, enum or variable (`const`/`let`/`var`), exported or not, a class method (an indented
 * `name(…) {`), or a Python `def` or `class`. Anchored at the start of the line, so a call or a
 * mention is never a definition; built from a plain name only (`NAME`), never from a pattern.
 */
export function definitionTest(name: string): (line: string) => boolean {
  const escaped = name.replace(/\$/g, "\\$");
  const declaration = new RegExp(
    String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\s*\*?\s*${escaped}\b|(?:abstract\s+)?class\s+${escaped}\b|interface\s+${escaped}\b|type\s+${escaped}\b|(?:const\s+)?enum\s+${escaped}\b|(?:const|let|var)\s+${escaped}\s*[:=])` +
      String.raw`|^\s*(?:async\s+)?def\s+${escaped}\s*\(|^\s*class\s+${escaped}\s*[(:]`,
  );
  const method = CONTROL_WORDS.has(name)
    ? null
    : new RegExp(
        String.raw`^\s+(?:(?:public|private|protected|static|async|readonly|override|get|set)\s+)*${escaped}\s*(?:<[^>()]*>)?\([^()]*\)\s*(?::[^={;()]+)?\{\s*$`,
      );
  return (line) =>
    line.length <= MAX_DEFINITION_LINE_CHARS &&
    !IMPORTED.test(line) &&
    line.includes(name) &&
    (declaration.test(line) || (method !== null && method.test(line)));
}

/**
 * Where a function, class, method, interface, type, enum or variable called `name` is defined in
 * the workspace's source files (`DEFINITION_GLOB`, or `glob`), as `{ file, line, text }` rows in
 * file and line order: JavaScript and TypeScript from their syntax trees (imports and `require`
 * are never definitions; `X.prototype.m = …`, `exports.f = …`, class members and object-literal
 * methods are), Python line by line. Bounded like `search_files`.
 */
export function definitionsOf(
  root: string | WorkspaceRoot,
  name: unknown,
  glob: unknown,
  options: ScanOptions,
): Promise<SearchHit[]> {
  if (typeof name !== "string" || !NAME.test(name))
    throw new ToolError(
      "invalid_argument",
      `definitions_of(name, glob?) needs a plain name such as "loadConfig", not ${shownArgument(name)}.`,
      {
        retriable: true,
        hint: "pass the bare function, class or variable name, without parentheses or a path",
      },
    );
  return scanFiles(
    root,
    globArgument(glob, "definitions_of", DEFINITION_GLOB),
    definitionTest(name),
    {
      ...options,
      tool: "definitions_of",
      needle: name,
      matchLines: (text, file) => definitionLinesOf(text, file, name),
      kindOf: lineKind,
    },
  );
}
