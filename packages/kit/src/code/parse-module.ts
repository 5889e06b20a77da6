/**
 * Parsing a JavaScript or TypeScript module into an ESTree syntax tree, so code facts (what a
 * module exports, where a name is defined) are read from its structure and never guessed from
 * its text. JavaScript goes through acorn (as a module, or as a script when it only parses as
 * one: CommonJS with a top-level `return`); TypeScript, TSX, JSX and declaration files through
 * `oxc-parser` (TS-ESTree), loaded on first use. A file with any syntax error is not parsed.
 */
import { createRequire } from "node:module";
import { Parser, type Options } from "acorn";

/** A syntax tree node, as far as the code-fact readers look into it. */
export interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number; column?: number } };
  [key: string]: unknown;
}

/** A parsed module, or why it could not be parsed (with the 1-based line). */
export type ParsedModule =
  | { ok: true; program: SyntaxNode; dialect: Dialect }
  | { ok: false; message: string; line: number | null };

/** The syntax a file is read as, by its extension. */
export type Dialect = "javascript" | "jsx" | "typescript" | "tsx" | "declaration";

/** The extensions whose modules `parseModule` reads. */
export const MODULE_FILE_EXTENSIONS: readonly string[] = Object.freeze(
  "js mjs cjs jsx ts mts cts tsx".split(" "),
);

type OxcParse = (
  filename: string,
  text: string,
  options?: Record<string, unknown>,
) => { program: unknown; errors: { message: string; labels?: { start: number }[] }[] };

let oxc: OxcParse | null = null;

/** `oxc-parser`'s `parseSync`, loaded on first use (a native binding: only TypeScript needs it). */
function oxcParse(): OxcParse {
  oxc ??= (createRequire(import.meta.url)("oxc-parser") as { parseSync: OxcParse }).parseSync;
  return oxc;
}

/** The dialect of a path by its extension, or null for a file that is not a JS or TS module. */
export function dialectOf(path: string): Dialect | null {
  const name = path.toLowerCase();
  if (/\.d\.[cm]?ts$/.test(name)) return "declaration";
  const extension = /\.([a-z]+)$/.exec(name)?.[1] ?? "";
  if (extension === "tsx") return "tsx";
  if (["ts", "mts", "cts"].includes(extension)) return "typescript";
  if (extension === "jsx") return "jsx";
  return ["js", "mjs", "cjs"].includes(extension) ? "javascript" : null;
}

const BASE: Options = {
  ecmaVersion: "latest",
  allowHashBang: true,
  allowAwaitOutsideFunction: true,
};

/** Parses module text by the dialect of `path`; a JavaScript file that is not a module is read as a script. */
export function parseModule(text: string, path: string): ParsedModule {
  const dialect = dialectOf(path);
  if (dialect === null)
    return { ok: false, message: "not a JavaScript or TypeScript file", line: null };
  if (dialect !== "javascript") {
    const parsed = oxcParse()(path, text, { sourceType: "module" });
    const error = parsed.errors[0];
    if (error) {
      const at = error.labels?.[0]?.start;
      return {
        ok: false,
        message: error.message,
        line: at === undefined ? null : lineAtOffset(text, at),
      };
    }
    const program = parsed.program as SyntaxNode;
    numberLines(program, text);
    return { ok: true, program, dialect };
  }
  let failure: { message: string; line: number | null } | null = null;
  for (const options of [
    { ...BASE, sourceType: path.endsWith(".cjs") ? "script" : "module" },
    { ...BASE, sourceType: "script", allowReturnOutsideFunction: true },
  ] as Options[]) {
    try {
      const program = Parser.parse(text, options) as unknown as SyntaxNode;
      numberLines(program, text);
      return { ok: true, program, dialect };
    } catch (error) {
      const line = (error as { loc?: { line?: number } }).loc?.line ?? null;
      failure ??= { message: error instanceof Error ? error.message : String(error), line };
    }
  }
  return { ok: false, ...failure! };
}

/** The 1-based line of an offset, counting `\n`s as the file tools do. */
function lineAtOffset(text: string, offset: number): number {
  let line = 1;
  for (
    let index = text.indexOf("\n");
    index >= 0 && index < offset;
    index = text.indexOf("\n", index + 1)
  )
    line++;
  return line;
}

/**
 * Gives every node its line (`loc.start.line`) from its offset, by the `\n`s before it, as the
 * file tools count lines (acorn would also end a line at a lone `\r`, U+2028 and U+2029).
 */
function numberLines(program: SyntaxNode, text: string): void {
  const breaks: number[] = [];
  for (let index = text.indexOf("\n"); index >= 0; index = text.indexOf("\n", index + 1))
    breaks.push(index);
  const lineAt = (offset: number) => {
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (breaks[middle]! < offset) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  };
  const visit = (node: SyntaxNode) => {
    node.loc = { start: { line: lineAt(node.start) } };
    for (const child of childrenOf(node)) visit(child);
  };
  visit(program);
}

/** The 1-based line a node starts on. */
export function lineOf(node: SyntaxNode): number {
  return node.loc?.start.line ?? 1;
}

/** The child nodes of a node, in source order (every property holding a node or nodes). */
export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const children: SyntaxNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "range" || value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) children.push(item);
    } else if (isNode(value)) children.push(value);
  }
  return children;
}

const KEYED = new Set([
  "Property",
  "MethodDefinition",
  "PropertyDefinition",
  "TSPropertySignature",
  "TSMethodSignature",
  "TSAbstractMethodDefinition",
  "TSAbstractPropertyDefinition",
]);

/** The children that are expressions or statements: a non-computed member name or property key (`a.exports`, `{ exports: 1 }`) is a name, not a reference, and is left out. */
export function referenceChildren(node: SyntaxNode): SyntaxNode[] {
  const children = childrenOf(node);
  if (node.computed === true) return children;
  if (node.type === "MemberExpression") return children.filter((child) => child !== node.property);
  if (KEYED.has(node.type)) return children.filter((child) => child !== node.key);
  return children;
}

/** True for a syntax tree node. */
export function isNode(value: unknown): value is SyntaxNode {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string" &&
    typeof (value as { start?: unknown }).start === "number"
  );
}

/** The name of an identifier, a string literal, or (for a non-computed member) a property key; null otherwise. */
export function nameOf(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === "Identifier" || node.type === "PrivateIdentifier") return node.name as string;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  return null;
}
