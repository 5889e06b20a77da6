import { HELPERS, SAFE_GLOBALS, type ParamSpec } from "@lackpy/lang";
import type { ParamInput } from "../service-types.js";
import { ServiceError } from "../service-error.js";

/** Parameters split into what the program sees, what prompts may show, and which values must never be shown. */
export interface ResolvedParams {
  /** name → value, for the interpreter. */
  values: Record<string, unknown>;
  /** name → { type, description, secret }, for prompts and validation (never secret values). */
  specs: Record<string, ParamSpec>;
  /** Names of the secret parameters: opaque in the program, their values reach only kit tools. */
  secretNames: string[];
  /**
   * String forms of secret values (a string secret, every string or number of at least
   * `MIN_REDACTED_LENGTH` characters inside a secret object, and the object's JSON), for the
   * exact-match redaction of what tools echo.
   */
  secrets: string[];
}

/** Secret texts shorter than this are not redacted by exact match (they would mangle every result); the program never sees them anyway. */
export const MIN_REDACTED_LENGTH = 4;

const PARAM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set<string>([
  ...HELPERS.map((helper) => helper.name),
  ...SAFE_GLOBALS.map((global) => global.name),
]);

function isSpec(
  value: unknown,
): value is { value: unknown; type?: string; description?: string; secret?: boolean } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, "value") &&
    Object.keys(value).every((key) => ["value", "type", "description", "secret"].includes(key))
  );
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  return typeof value;
}

/** Checks parameter names (identifiers, no collision with tools, helpers or safe globals) and splits values from metadata. */
export function resolveParams(
  params: Readonly<Record<string, ParamInput>> | undefined,
  toolNames: readonly string[],
): ResolvedParams {
  const resolved: ResolvedParams = { values: {}, specs: {}, secretNames: [], secrets: [] };
  const entries = Object.entries(params ?? {});
  // A request without params (a template's captures come later) needs no set of tool names.
  if (entries.length === 0) return resolved;
  const tools = new Set(toolNames);
  for (const [name, input] of entries) {
    if (!PARAM_NAME.test(name))
      throw new ServiceError(
        "invalid_param",
        `Parameter name '${name}' is not a valid identifier.`,
        { hint: "use letters, digits and _, starting with a letter" },
      );
    if (tools.has(name))
      throw new ServiceError("invalid_param", `Parameter '${name}' has the name of a kit tool.`, {
        hint: `rename the parameter, e.g. ${name}_value`,
      });
    if (RESERVED.has(name))
      throw new ServiceError(
        "invalid_param",
        `Parameter '${name}' has the name of a helper or safe global.`,
        { hint: `rename the parameter, e.g. ${name}_value` },
      );
    const spec = isSpec(input) ? input : { value: input };
    resolved.values[name] = spec.value;
    resolved.specs[name] = {
      type: spec.type ?? typeOf(spec.value),
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      ...(spec.secret ? { secret: true } : {}),
      ...(spec.secret ? {} : { value: spec.value }),
    };
    if (spec.secret) {
      resolved.secretNames.push(name);
      for (const text of secretTexts(spec.value))
        if (!resolved.secrets.includes(text)) resolved.secrets.push(text);
    }
  }
  // Longest first, so a secret that contains another is redacted whole.
  resolved.secrets.sort((a, b) => b.length - a.length);
  return resolved;
}

/** The texts a tool could echo from a secret value: the value's JSON and every string or number leaf. */
function secretTexts(value: unknown): string[] {
  const texts: string[] = [];
  const seen = new Set<object>();
  const visit = (item: unknown): void => {
    if (typeof item === "string" || typeof item === "number" || typeof item === "bigint") {
      const text = String(item);
      if (text.length >= MIN_REDACTED_LENGTH) texts.push(text);
      return;
    }
    if (typeof item !== "object" || item === null || seen.has(item)) return;
    seen.add(item);
    for (const child of item instanceof Map ? item.values() : Object.values(item)) visit(child);
  };
  visit(value);
  if (typeof value === "object" && value !== null) {
    try {
      const json = JSON.stringify(value);
      if (json && json.length >= MIN_REDACTED_LENGTH) texts.push(json);
    } catch {
      // A value JSON cannot write (a cycle) has its leaves redacted above.
    }
  }
  return texts;
}

/** Replaces every occurrence of a secret in strings anywhere inside `value` with `[redacted]`. */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const seen = new WeakMap<object, unknown>();
  const visit = (item: unknown): unknown => {
    if (typeof item === "string")
      return secrets.reduce((text, secret) => text.split(secret).join("[redacted]"), item);
    if (typeof item !== "object" || item === null) return item;
    if (seen.has(item)) return seen.get(item);
    if (Array.isArray(item)) {
      const copy: unknown[] = [];
      seen.set(item, copy);
      for (const element of item) copy.push(visit(element));
      return copy;
    }
    const copy: Record<string, unknown> = {};
    seen.set(item, copy);
    for (const [key, element] of Object.entries(item)) copy[key] = visit(element);
    return copy;
  };
  return visit(value) as T;
}
