import type { ToolSpec } from "@lackpy/lang";

/** A tool's typed signature: `name(arg: type, optional?: type) -> returns`. */
export function toolSignature(spec: ToolSpec): string {
  const args = (spec.args ?? [])
    .map((arg) => `${arg.name}${arg.optional ? "?" : ""}: ${arg.type}`)
    .join(", ");
  return `${spec.name}(${args}) -> ${spec.returns ?? "any"}`;
}

/** Where a clause of a sentence ends: before `; `, `: ` or ` (` (a `,` may be inside a list). */
const CLAUSE_END = /(?=; |: | \()/g;

/**
 * The first sentence of a tool's description (up to a `.`, `!` or `?` before a capital letter or
 * the end); "" without a description. A sentence over `maxChars` is shortened by whole clauses
 * (up to a `;`, `:` or ` (`), never in the middle of one, and ends with `…`; a first clause that
 * is itself too long is kept whole.
 */
export function toolSummary(spec: ToolSpec, maxChars = 100): string {
  const text = (spec.description ?? "").trim().replace(/\s+/g, " ");
  const end = text.search(/[.!?](?=\s+[A-Z]|$)/);
  const sentence = end < 0 ? text : text.slice(0, end + 1);
  if (sentence.length <= maxChars) return sentence;
  let cut = 0;
  for (const match of sentence.matchAll(CLAUSE_END)) {
    if (match.index + 1 > maxChars) break;
    cut = match.index;
  }
  if (cut === 0) cut = sentence.slice(1).search(CLAUSE_END) + 1 || sentence.length;
  return cut >= sentence.length ? sentence : `${sentence.slice(0, cut)}…`;
}

/** One tool as a prompt line: `name(arg: type, optional?: type) -> returns — description`. */
export function describeTool(spec: ToolSpec, options: { aliasOf?: string } = {}): string {
  const description = spec.description ? ` — ${spec.description}` : "";
  const alias =
    options.aliasOf && options.aliasOf !== spec.name ? ` (alias of ${options.aliasOf})` : "";
  return `${toolSignature(spec)}${description}${alias}`;
}

/**
 * One line per tool, as prompts show them. `tools` are named by the name the program calls;
 * `aliases` maps such a name to the toolbox tool it stands for, shown after the description.
 */
export function describeTools(
  tools: readonly ToolSpec[],
  aliases: Readonly<Record<string, string>> = {},
): string {
  return tools
    .map((tool) =>
      describeTool(tool, Object.hasOwn(aliases, tool.name) ? { aliasOf: aliases[tool.name] } : {}),
    )
    .join("\n");
}
