/**
 * The mistakes small models make when they write lackpy programs, as text rewrites of a correct
 * program. Each returns null when it does not apply to the program, so a profile can fall back.
 */
import { parseProgram } from "@lackpy/lang";

/** The program wrapped in a markdown fence with prose around it. */
export function fenced(program: string, language = "javascript"): string {
  return `Here is a program that does this:\n\n\`\`\`${language}\n${program}\n\`\`\`\n\nIt calls the tools directly and ends with the answer.`;
}

const PATH_LITERAL =
  /(["'`])((?:src|docs|data|config|scripts|tools|lib|tests?)\/[^"'`]*|[\w-]+\.(?:md|json|toml|ts|py))\1/;

/** The first workspace path literal made absolute (`"/workspace/src/a.ts"`), which confinement refuses at run time. */
export function pathPrefix(program: string): string | null {
  const match = PATH_LITERAL.exec(program);
  if (!match) return null;
  return program.replace(PATH_LITERAL, `${match[1]}/workspace/${match[2]}${match[1]}`);
}

const KEY_GUESSES: readonly [RegExp, string][] = [
  [/\.file\b/g, ".path"],
  [/\.line\b/g, ".lineNumber"],
  [/\.text\b/g, ".content"],
  [/\.name\b/g, ".title"],
  [/\.price\b/g, ".cost"],
  [/\.quantity\b/g, ".qty"],
  [/\.status\b/g, ".state"],
];

/** A result field read under a plausible but wrong name (`.path` for `.file`): runs, then fails or answers undefined. */
export function hallucinateKeys(program: string): string | null {
  for (const [pattern, guess] of KEY_GUESSES)
    if (pattern.test(program)) return program.replace(pattern, guess);
  return null;
}

/** `read_file(x)` written as Node's `fs.readFileSync(x, "utf8")` after a `require`: cleanup repairs it. */
export function fsLeak(program: string): string | null {
  if (!/\bread_file\(/.test(program)) return null;
  const rewritten = program.replace(/\bread_file\(([^()]*)\)/g, 'fs.readFileSync($1, "utf8")');
  return `const fs = require("fs");\n${rewritten}`;
}

/** A Node import in front of the program: cleanup drops it. */
export function importLeak(program: string): string {
  return `import { readFileSync } from "node:fs";\n${program}`;
}

function lastStatement(program: string): { start: number; end: number; expression: string } | null {
  const parsed = parseProgram(program);
  if (!parsed.ok) return null;
  const last = parsed.ast.body.at(-1);
  if (last?.type !== "ExpressionStatement") return null;
  const expression = program.slice(last.expression.start, last.expression.end);
  return { start: last.start, end: last.end, expression };
}

/** The answer printed with `console.log(...)` instead of ending the program with it. */
export function finalConsoleLog(program: string): string | null {
  const last = lastStatement(program);
  if (!last) return null;
  return `${program.slice(0, last.start)}console.log(${last.expression});${program.slice(last.end)}`;
}

/** The answer returned with a top-level `return`: cleanup turns it into the final expression. */
export function returnStatement(program: string): string | null {
  const last = lastStatement(program);
  if (!last) return null;
  return `${program.slice(0, last.start)}return ${last.expression};${program.slice(last.end)}`;
}

/** A helper function defined before the program: forbidden, so only a retry can fix it. */
export function helperFunction(program: string): string {
  return `function countItems(items) {\n  let total = 0;\n  for (const item of items) total += 1;\n  return total;\n}\n${program}`;
}

/** A tool called by a name from another framework (`glob` for `find_files`, `open` for `read_file`). */
export function unknownTool(program: string): string | null {
  if (/\bfind_files\(/.test(program)) return program.replace(/\bfind_files\(/, "glob(");
  if (/\bread_file\(/.test(program)) return program.replace(/\bread_file\(/, "open(");
  return null;
}
