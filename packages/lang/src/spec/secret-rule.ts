import type { ToolSpec } from "../types.js";

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
  rule: 'A secret parameter can only be passed directly as an argument of a kit tool that takes secrets, whole or as a field with a static name (tool(token), tool(creds.key), tool(creds["key"])); the program can never read, compare, test, print, copy, store or return it. The builtin file tools take no secrets: what they are given can be read back.',
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
    "passing it to a tool that takes no secrets (acceptsSecrets: false, as the builtin file tools declare)",
  ]),
  display: "[secret:NAME] (a field: [secret:NAME.field])",
});

/**
 * The one-sentence fix for a misused secret, shared with the interpreter's run-time error: pass
 * it to `tool`, a kit tool that takes secrets (a placeholder when unknown; null when the kit has
 * none, so the fix is to leave the secret out).
 */
export function secretAccessHint(name: string, tool: string | null = "tool_name"): string {
  if (tool === null) return noSecretToolHint(name);
  return `pass ${name} directly as an argument of a kit tool, e.g. ${tool}(${name})`;
}

/** The message for a misused secret; `use` says what the program tried, e.g. "compared". */
export function secretAccessMessage(name: string, use: string): string {
  return `The secret parameter '${name}' cannot be ${use}: a secret can only be passed directly to a kit tool, and its value is never visible to the program.`;
}

/** The message for a secret passed to `tool`, whose ToolSpec says `acceptsSecrets: false`. */
export function secretRefusedMessage(name: string, tool: string): string {
  return `The secret parameter '${name}' cannot be passed to ${tool}: ${tool} does not take secret values, because what it is given can be read back by the program (a file's content, a listed name, an error).`;
}

/** The fix for a secret passed to a tool that takes none; `tool` is one that does, null when the kit has none. */
export function secretRefusedHint(name: string, tool: string | null = "tool_name"): string {
  if (tool === null) return noSecretToolHint(name);
  return `pass ${name} only to a kit tool that takes secrets, e.g. ${tool}(${name}); never write it to a file or use it as a path or pattern`;
}

function noSecretToolHint(name: string): string {
  return `no tool of this kit takes secret values: leave ${name} out of the program`;
}

/**
 * The kit tool to name in a secret's hint: the first tool that takes secrets, else the first name
 * known without a spec; null when every tool refuses them; undefined when the kit has no tools.
 */
export function secretExampleTool(
  tools: readonly ToolSpec[],
  allowedNames: readonly string[] = [],
): string | null | undefined {
  const taking = tools.find((tool) => tool.acceptsSecrets !== false);
  if (taking) return taking.name;
  if (allowedNames.length > 0) return allowedNames[0];
  return tools.length > 0 ? null : undefined;
}
