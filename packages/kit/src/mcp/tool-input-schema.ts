import type { ToolSpec } from "@lackpy/lang";

/** A JSON Schema object (draft 2020-12 subset). */
export type JsonSchema = Record<string, unknown>;

const SCALARS: Readonly<Record<string, JsonSchema>> = Object.freeze({
  string: { type: "string" },
  str: { type: "string" },
  number: { type: "number" },
  float: { type: "number" },
  int: { type: "integer" },
  integer: { type: "integer" },
  boolean: { type: "boolean" },
  bool: { type: "boolean" },
  array: { type: "array" },
  list: { type: "array" },
  object: { type: "object" },
  dict: { type: "object" },
  null: { type: "null" },
  any: {},
  unknown: {},
});

/**
 * JSON Schema of an argument type name: `string`, `number`, `integer`, `boolean`, `array`,
 * `object`, `null`, `any`, the Python names (`str`, `int`, `float`, `bool`, `list`, `dict`), lists
 * (`string[]`, `list[str]`), unions (`string | null`) and object types (`{ limit?: number }`, an
 * object); anything else is unconstrained (`{}`).
 */
export function argTypeToJsonSchema(type: string): JsonSchema {
  const trimmed = type.trim();
  const members = splitTopLevel(trimmed, "|");
  if (members.length > 1) return { anyOf: members.map(argTypeToJsonSchema) };
  if (trimmed.endsWith("[]"))
    return { type: "array", items: argTypeToJsonSchema(trimmed.slice(0, -2)) };
  const generic = /^(?:list|array|List|Array)\s*[[<](.+)[\]>]$/.exec(trimmed);
  if (generic) return { type: "array", items: argTypeToJsonSchema(generic[1]) };
  if (trimmed.startsWith("(") && trimmed.endsWith(")"))
    return argTypeToJsonSchema(trimmed.slice(1, -1));
  if (trimmed.startsWith("{") && trimmed.endsWith("}")) return { type: "object" };
  const scalar = Object.hasOwn(SCALARS, trimmed.toLowerCase())
    ? SCALARS[trimmed.toLowerCase()]
    : undefined;
  return scalar ? { ...scalar } : {};
}

/** JSON Schema of a tool's arguments: an object keyed by argument name, non-optional ones required. */
export function toolInputSchema(spec: ToolSpec): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
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

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if ("([<{".includes(char)) depth++;
    else if (")]>}".includes(char)) depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}
