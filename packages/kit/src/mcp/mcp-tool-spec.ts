import type { ArgSpec, ToolSpec } from "@lackpy/lang";
import { jsonSchemaToArgType } from "./json-schema-type.js";

/** A tool as an MCP server lists it (`tools/list`): the fields lackpy reads. */
export interface McpToolDescription {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

/** Characters of an MCP tool's description kept for prompts. */
export const MAX_MCP_DESCRIPTION_CHARS = 300;

const IDENTIFIER_CHARACTERS = /[^A-Za-z0-9_$]/g;

/** A name made callable: every character outside letters, digits, `_` and `$` becomes `_`. */
export function callableName(name: string): string {
  const replaced = name.replace(IDENTIFIER_CHARACTERS, "_");
  return /^[0-9]/.test(replaced) ? `_${replaced}` : replaced;
}

function shortDescription(tool: McpToolDescription): string | undefined {
  const text = (tool.description ?? tool.title ?? "").trim().split(/\n\s*\n/)[0];
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= MAX_MCP_DESCRIPTION_CHARS
    ? flat
    : `${flat.slice(0, MAX_MCP_DESCRIPTION_CHARS)}…`;
}

/**
 * World coupling and effects ceiling from a tool's annotations: read-only tools read the world
 * (w=1, d=0), tools that say they are not destructive write without destroying (w=2, d=2), and
 * the rest, as MCP assumes for a tool without hints, may destroy (w=3, d=3).
 */
export function mcpToolGrade(tool: McpToolDescription): { gradeW: number; effectsCeiling: number } {
  const hints = tool.annotations ?? {};
  if (hints.readOnlyHint === true) return { gradeW: 1, effectsCeiling: 0 };
  if (hints.destructiveHint === false) return { gradeW: 2, effectsCeiling: 2 };
  return { gradeW: 3, effectsCeiling: 3 };
}

/**
 * The ToolSpec of an MCP tool: the name namespaced by `prefix` and made callable, the input
 * schema's properties as positional arguments (required ones first, each group in the schema's
 * order) with their types and descriptions, the grade from the annotations, and no secrets
 * unless the server's config accepts them. The original tool and property names stay in
 * `providerConfig` so calls map back to them.
 */
export function mcpToolSpec(
  tool: McpToolDescription,
  options: { server: string; prefix: string; acceptsSecrets?: boolean },
): ToolSpec {
  const schema = tool.inputSchema ?? {};
  const properties =
    typeof schema.properties === "object" && schema.properties !== null
      ? (schema.properties as Record<string, Record<string, unknown>>)
      : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = Object.keys(properties);
  const ordered = [
    ...names.filter((name) => required.has(name)),
    ...names.filter((name) => !required.has(name)),
  ];
  const args: ArgSpec[] = ordered.map((property) => {
    const propertySchema = properties[property] ?? {};
    const description =
      typeof propertySchema.description === "string" ? propertySchema.description : undefined;
    return {
      name: callableName(property),
      type: jsonSchemaToArgType(propertySchema, { root: schema }),
      ...(description ? { description } : {}),
      ...(required.has(property) ? {} : { optional: true }),
    };
  });
  const description = shortDescription(tool);
  return {
    name: `${options.prefix}${callableName(tool.name)}`,
    provider: "mcp",
    providerConfig: { server: options.server, tool: tool.name, argNames: ordered },
    ...(description ? { description } : {}),
    args,
    returns: tool.outputSchema ? jsonSchemaToArgType(tool.outputSchema) : "any",
    ...mcpToolGrade(tool),
    // A server may echo what it is given: its tools take secrets only when its config says so.
    acceptsSecrets: options.acceptsSecrets === true,
  };
}
