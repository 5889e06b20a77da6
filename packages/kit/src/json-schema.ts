import type { ToolSpec } from "@lackpy/lang";

/** JSON Schema of one argument type name: `string`, `number`, `boolean`, `array`, `object`, `any`, or `T[]`. */
export function argTypeToJsonSchema(type: string): Record<string, unknown> {
  const trimmed = type.trim();
  if (trimmed.endsWith("[]"))
    return { type: "array", items: argTypeToJsonSchema(trimmed.slice(0, -2)) };
  switch (trimmed.toLowerCase()) {
    case "string":
    case "str":
      return { type: "string" };
    case "number":
    case "float":
      return { type: "number" };
    case "int":
    case "integer":
      return { type: "integer" };
    case "boolean":
    case "bool":
      return { type: "boolean" };
    case "array":
    case "list":
      return { type: "array" };
    case "object":
    case "dict":
      return { type: "object" };
    default:
      return {};
  }
}

/** JSON Schema of a tool's arguments, as an object keyed by argument name. */
export function toolInputSchema(spec: ToolSpec): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const arg of spec.args ?? [])
    properties[arg.name] = {
      ...argTypeToJsonSchema(arg.type),
      ...(arg.description ? { description: arg.description } : {}),
    };
  return {
    type: "object",
    properties,
    required: (spec.args ?? []).filter((arg) => !arg.optional).map((arg) => arg.name),
    additionalProperties: false,
  };
}
