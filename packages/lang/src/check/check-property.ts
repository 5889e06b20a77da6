import { FORBIDDEN_PROPERTIES } from "../spec/forbidden-names.js";

const FORBIDDEN = new Set<string>(FORBIDDEN_PROPERTIES);

/**
 * True when a member or key name may never be read, written or created by a program:
 * `constructor`, `__proto__`, `prototype`, `caller`, `callee`, `arguments`, or any name
 * starting with `__`. The validator applies it statically; the interpreter before every
 * computed access and to every key that `JSON.parse`, `Object.fromEntries` or
 * `Object.assign` create.
 */
export function isForbiddenProperty(name: unknown): boolean {
  const key = typeof name === "string" ? name : String(name);
  return FORBIDDEN.has(key) || key.startsWith("__");
}

/** Message and hint for a forbidden property, shared by the validator and the interpreter. */
export function forbiddenPropertyMessage(name: string): { message: string; hint: string } {
  return {
    message: `Property '${name}' is forbidden: it reaches the JavaScript object model, not your data.`,
    hint: 'read data fields by their own names (obj.field or obj["field"]); constructor, prototype and names starting with __ are never available',
  };
}
