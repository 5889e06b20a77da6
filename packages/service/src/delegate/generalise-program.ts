/**
 * The ratchet's generalisation step. A program a model wrote for "count lines in src/app.ts"
 * contains the literal "src/app.ts"; promoted as is, its template would only ever answer that
 * one intent. Here the parts of the intent that reappear verbatim as string literals of the
 * program (quoted text, paths, file names, numbers) become `{argN}` placeholders in the pattern
 * and parameter references in the program, so the template answers the whole family of intents
 * while captures stay data, never program text.
 */
import { forEachNode, parseProgram, type Node } from "@lackpy/lang";
import { intentForMatching, patternProblem } from "@lackpy/infer/node";

/** A template candidate: a pattern with placeholders and a program that reads them as parameters. */
export interface GeneralisedProgram {
  pattern: string;
  program: string;
  params: string[];
}

const QUOTED = /(["'`])([^"'`]+)\1/g;
const TOKEN = /[A-Za-z0-9_./*-]*[./*\d][A-Za-z0-9_./*-]*/g;

function candidates(intent: string): string[] {
  const found = new Set<string>();
  for (const match of intent.matchAll(QUOTED)) found.add(match[2]);
  for (const match of intent.matchAll(TOKEN)) {
    const token = match[0].replace(/[.]+$/, "");
    if (token.length > 0 && !/^[.-]+$/.test(token)) found.add(token);
  }
  return [...found].sort((a, b) => b.length - a.length);
}

function escapePatternText(text: string): string | null {
  return /[{}]/.test(text) ? null : text;
}

/** Binds the intent's varying parts as parameters; returns null when the intent cannot be a pattern (it contains braces). */
export function generaliseProgram(
  intent: string,
  program: string,
  reservedNames: readonly string[] = [],
): GeneralisedProgram | null {
  const text = intentForMatching(intent);
  if (escapePatternText(text) === null) return null;
  const parsed = parseProgram(program);
  if (!parsed.ok) return { pattern: text, program, params: [] };
  const literals: Node[] = [];
  forEachNode(parsed.ast, (node) => {
    if (node.type === "Literal" && typeof node.value === "string") literals.push(node);
  });
  const replacements: { start: number; end: number; name: string }[] = [];
  const params: string[] = [];
  let pattern = text;
  for (const candidate of candidates(text)) {
    const matching = literals.filter(
      (literal) =>
        literal.value === candidate &&
        !replacements.some((replacement) => replacement.start === literal.start),
    );
    if (matching.length === 0 || !pattern.includes(candidate)) continue;
    let name = `arg${params.length + 1}`;
    while (reservedNames.includes(name)) name = `${name}_`;
    params.push(name);
    pattern = pattern.split(candidate).join(`{${name}}`);
    for (const literal of matching)
      replacements.push({ start: literal.start, end: literal.end, name });
  }
  // A pattern tier 0 would refuse (placeholders side by side, no word of its own) stays literal.
  if (params.length > 0 && patternProblem(pattern) !== null)
    return { pattern: text, program, params: [] };
  let rewritten = program;
  for (const replacement of replacements.sort((a, b) => b.start - a.start)) {
    rewritten =
      rewritten.slice(0, replacement.start) + replacement.name + rewritten.slice(replacement.end);
  }
  return { pattern, program: rewritten, params };
}

/** True when a program has no statement at all (only whitespace, comments or `;`): never a template. */
export function isEmptyProgram(program: string): boolean {
  const parsed = parseProgram(program);
  return (
    parsed.ok &&
    (parsed.ast.body as Node[]).every((statement) => statement.type === "EmptyStatement")
  );
}

/** Which of `names` the program reads as identifiers (the request params a template will need). */
export function referencedNames(program: string, names: readonly string[]): string[] {
  const parsed = parseProgram(program);
  if (!parsed.ok || names.length === 0) return [];
  const found = new Set<string>();
  forEachNode(parsed.ast, (node) => {
    if (node.type === "Identifier" && names.includes(node.name)) found.add(node.name);
  });
  return names.filter((name) => found.has(name));
}
