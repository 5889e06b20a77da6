/** Deepest schema nesting turned into a type name; deeper parts are `any`. */
const MAX_TYPE_DEPTH = 4;

/** Enum values listed in a type (`"open" | "closed"`); longer enums give their values' type. */
const MAX_LISTED_VALUES = 8;

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean", "null", "object"]);

/**
 * A lackpy argument type name for a JSON Schema (the inverse of `argTypeToJsonSchema`):
 * `string`, `number`, `integer`, `boolean`, `null`, `object`, `T[]` for arrays, `A | B` for
 * `anyOf`/`oneOf` and type lists, the values of a short `enum` or a `const` (`"open" | "closed"`),
 * the values' type for a longer enum, `any` otherwise.
 */
export function jsonSchemaToArgType(schema: unknown, depth = 0): string {
  if (typeof schema !== "object" || schema === null || depth > MAX_TYPE_DEPTH) return "any";
  const node = schema as Record<string, unknown>;
  const union = (node.anyOf ?? node.oneOf) as unknown;
  if (Array.isArray(union) && union.length > 0) return joinTypes(union, depth);
  if (Array.isArray(node.type))
    return joinTypes(
      node.type.map((type) => ({ type })),
      depth,
    );
  if (node.type === "array") {
    const items = jsonSchemaToArgType(node.items, depth + 1);
    return items === "any" ? "array" : `${items.includes("|") ? `(${items})` : items}[]`;
  }
  const values = Array.isArray(node.enum) ? node.enum : "const" in node ? [node.const] : null;
  if (values && values.length > 0) {
    const listed =
      values.length <= MAX_LISTED_VALUES &&
      values.every((value) => typeof value === "string" || typeof value === "number");
    if (listed) return values.map((value) => JSON.stringify(value)).join(" | ");
    const types = new Set(values.map((value) => (value === null ? "null" : typeof value)));
    return [...types].every((type) => SCALAR_TYPES.has(type)) ? [...types].join(" | ") : "any";
  }
  if (typeof node.type === "string" && SCALAR_TYPES.has(node.type)) return node.type;
  if (typeof node.properties === "object" && node.properties !== null) return "object";
  return "any";
}

function joinTypes(schemas: unknown[], depth: number): string {
  const types = [...new Set(schemas.map((schema) => jsonSchemaToArgType(schema, depth + 1)))];
  return types.includes("any") ? "any" : types.join(" | ");
}
