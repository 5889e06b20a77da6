import type { ToolSpec } from "@lackpy/lang";

/** One tool as a prompt line: `name(arg: type, optional?: type) -> returns — description`. */
export function describeTool(spec: ToolSpec, options: { aliasOf?: string } = {}): string {
  const args = (spec.args ?? [])
    .map((arg) => `${arg.name}${arg.optional ? "?" : ""}: ${arg.type}`)
    .join(", ");
  const description = spec.description ? ` — ${spec.description}` : "";
  const alias =
    options.aliasOf && options.aliasOf !== spec.name ? ` (alias of ${options.aliasOf})` : "";
  return `${spec.name}(${args}) -> ${spec.returns ?? "any"}${description}${alias}`;
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
