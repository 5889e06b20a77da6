/** The rule for secret parameters as data (language.md §6), read by the validator, the prompt builder and the docs. */
export interface SecretRuleSpec {
  /** The error code of every misuse, static or at run time. */
  code: "secret_access";
  /** The rule in one sentence, as prompts state it. */
  rule: string;
  /** Forms a secret may take, all as a direct kit-tool argument. */
  allowed: readonly string[];
  /** Uses that are rejected, in words. */
  rejected: readonly string[];
  /** How a secret appears in output, trace, variables and errors. */
  display: string;
}

/** Secret parameters are opaque: they reach tools, never the program. */
export const SECRET_RULE: SecretRuleSpec = Object.freeze({
  code: "secret_access" as const,
  rule: 'A secret parameter can only be passed directly as an argument of a kit tool, whole or as a field with a static name (tool(token), tool(creds.key), tool(creds["key"])); the program can never read, compare, test, print, copy, store or return it.',
  allowed: Object.freeze([
    "tool(secret)",
    "tool(secret.field)",
    'tool(secret["key"])',
    "tool(secret?.a.b)",
  ]),
  rejected: Object.freeze([
    "reading characters, length, fields or methods outside a tool argument",
    "comparison (==, ===, <, sorting) and arithmetic",
    "concatenation and template literals",
    "truth tests (if (secret), secret && x, !secret) and typeof",
    "display: print, String, str, JSON.stringify",
    "storing it: variables (aliases), arrays, objects, keys, Map, Set, spread, destructuring",
    "passing it to a helper, method, safe global or arrow function",
    "returning it as the output",
  ]),
  display: "[secret:NAME] (a field: [secret:NAME.field])",
});

/** The one-sentence fix for a misused secret, shared with the interpreter's run-time error. */
export function secretAccessHint(name: string, tool = "tool_name"): string {
  return `pass ${name} directly as an argument of a kit tool, e.g. ${tool}(${name})`;
}

/** The message for a misused secret; `use` says what the program tried, e.g. "compared". */
export function secretAccessMessage(name: string, use: string): string {
  return `The secret parameter '${name}' cannot be ${use}: a secret can only be passed directly to a kit tool, and its value is never visible to the program.`;
}
