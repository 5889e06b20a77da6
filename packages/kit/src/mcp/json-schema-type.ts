/** Deepest schema nesting turned into a type name; deeper parts are `any` (or `object`). */
const MAX_TYPE_DEPTH = 4;

/** Enum values listed in a type (`"open" | "closed"`); longer enums give their values' type. */
const MAX_LISTED_VALUES = 8;

/** Properties listed in an object type; the rest are shown as `…`. */
const MAX_LISTED_PROPERTIES = 12;

/**
 * Longest type name: a schema whose type would be longer is shown with its nested objects
 * collapsed to `object`, level by level from the deepest, so a signature stays one line.
 */
export const MAX_TYPE_CHARS = 240;

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean", "null", "object"]);
const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** What one rendering needs: the root schema (for `$ref`), and how deep objects are spelled out. */
interface Rendering {
  root: unknown;
  objectDepth: number;
}

/**
 * A lackpy argument type name for a JSON Schema (the inverse of `argTypeToJsonSchema`), in the
 * TypeScript-like form signatures use: `string`, `number`, `integer`, `boolean`, `null`, object
 * types with their properties (`{ name: string, size?: number }`), `T[]` for arrays, `A | B` for
 * `anyOf`/`oneOf` and type lists, the values of a short `enum` or a `const` (`"open" | "closed"`),
 * the values' type for a longer enum, `object` for an object without properties, `any` otherwise.
 * Local `$ref`s (`#/$defs/…`, `#/definitions/…`) are followed. A type longer than
 * `MAX_TYPE_CHARS` is shown with its deepest objects collapsed to `object`. `root` is the schema
 * `$ref`s resolve against when `schema` is part of a larger one (a tool's input property).
 */
export function jsonSchemaToArgType(schema: unknown, options: { root?: unknown } = {}): string {
  const root = options.root ?? schema;
  let type = render(schema, 0, { root, objectDepth: MAX_TYPE_DEPTH });
  for (
    let objectDepth = MAX_TYPE_DEPTH - 1;
    type.length > MAX_TYPE_CHARS && objectDepth >= 0;
    objectDepth--
  )
    type = render(schema, 0, { root, objectDepth });
  return type;
}

function render(schema: unknown, depth: number, rendering: Rendering): string {
  if (typeof schema !== "object" || schema === null || depth > MAX_TYPE_DEPTH) return "any";
  const node = followRef(schema as Record<string, unknown>, rendering.root);
  if (node === null) return "any";
  const union = (node.anyOf ?? node.oneOf) as unknown;
  if (Array.isArray(union) && union.length > 0) return joinTypes(union, depth, rendering);
  if (Array.isArray(node.type))
    return joinTypes(
      node.type.map((type) =>
        type === "object" || type === "array" ? { ...node, type } : { type },
      ),
      depth,
      rendering,
    );
  if (node.type === "array") {
    const items = render(node.items, depth + 1, rendering);
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
  const properties = node.properties;
  if (typeof properties === "object" && properties !== null && (node.type ?? "object") === "object")
    return objectType(node, properties as Record<string, unknown>, depth, rendering);
  if (typeof node.type === "string" && SCALAR_TYPES.has(node.type)) return node.type;
  return "any";
}

/** `{ name: string, size?: number }`: the properties in the schema's order, optional ones marked. */
function objectType(
  node: Record<string, unknown>,
  properties: Record<string, unknown>,
  depth: number,
  rendering: Rendering,
): string {
  const names = Object.keys(properties);
  if (names.length === 0 || depth >= rendering.objectDepth) return "object";
  const required = new Set(Array.isArray(node.required) ? (node.required as unknown[]) : []);
  const fields = names.slice(0, MAX_LISTED_PROPERTIES).map((name) => {
    const key = PLAIN_KEY.test(name) ? name : JSON.stringify(name);
    return `${key}${required.has(name) ? "" : "?"}: ${render(properties[name], depth + 1, rendering)}`;
  });
  if (names.length > MAX_LISTED_PROPERTIES) fields.push("…");
  return `{ ${fields.join(", ")} }`;
}

/** The schema a local `$ref` points at (with the referring node's other keys), or the node itself; null for a ref it cannot follow. */
function followRef(node: Record<string, unknown>, root: unknown): Record<string, unknown> | null {
  if (typeof node.$ref !== "string") return node;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(node.$ref);
  const definitions = match ? (root as Record<string, unknown>)?.[match[1]] : undefined;
  const target =
    match && typeof definitions === "object" && definitions !== null
      ? (definitions as Record<string, unknown>)[decodeURIComponent(match[2])]
      : undefined;
  if (typeof target !== "object" || target === null) return null;
  const { $ref: _ref, ...rest } = node;
  return { ...(target as Record<string, unknown>), ...rest };
}

function joinTypes(schemas: unknown[], depth: number, rendering: Rendering): string {
  const types = [...new Set(schemas.map((schema) => render(schema, depth + 1, rendering)))];
  return types.includes("any") ? "any" : types.join(" | ");
}
