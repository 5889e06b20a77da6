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

/** A term slot's tokens without the words that introduce the text ("the word", "contains", "with"). */
export function termWords<T extends { form: string }>(tokens: readonly T[] | undefined): T[] {
  return (tokens ?? []).filter(
    (token) => !["literal", "contain", "have", "with"].includes(token.form),
  );
}

/**
 * "the word knex": a term after the marker "word" that is one word of letters, digits and `_`,
 * matched as a whole word (as `grep -w` does): a regex literal, or null for any other term.
 */
export function wholeWordRegex(
  tokens: readonly { form: string; raw: string }[] | undefined,
  anyCase = false,
): { regex: string; word: string } | null {
  const marked = (tokens ?? []).some(
    (token) => token.form === "literal" && /^words?$/i.test(token.raw),
  );
  const terms = termWords(tokens);
  const word = terms.length === 1 ? terms[0]!.raw : "";
  if (!marked || !/^\w+$/.test(word)) return null;
  const regex = regexLiteral(`\\b${word}\\b`, anyCase ? "i" : "");
  return regex ? { regex, word } : null;
}
