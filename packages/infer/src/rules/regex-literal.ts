import { parseProgram } from "@lackpy/lang";

/** Escapes text so it matches itself inside a regex literal (`/` included). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * A regex literal for program text, or null when `source`/`flags` would not come back from the
 * parser as exactly that regex (a `/` or newline that would end it early, a bad pattern, other
 * flags than `imsu`). Safe to put into a program: it cannot close the literal and add code.
 */
export function regexLiteral(source: string, flags = ""): string | null {
  if (!/^[imsu]*$/.test(flags) || source === "" || /[\n\r\u2028\u2029]/.test(source)) return null;
  const literal = `/${source}/${flags}`;
  const parsed = parseProgram(literal);
  if (!parsed.ok || parsed.ast.body.length !== 1) return null;
  const expression = parsed.ast.body[0].expression;
  if (
    expression?.type !== "Literal" ||
    expression.regex?.pattern !== source ||
    expression.regex?.flags !== flags ||
    expression.end !== literal.length
  )
    return null;
  return literal;
}
