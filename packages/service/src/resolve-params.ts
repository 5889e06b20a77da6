import { HELPERS, SAFE_GLOBALS, type ParamSpec } from "@lackpy/lang";
import type { ParamInput } from "./service-types.js";
import { ServiceError } from "./service-error.js";

/** Parameters split into what the program sees, what prompts may show, and which values must never be shown. */
export interface ResolvedParams {
  /** name → value, for the interpreter. */
  values: Record<string, unknown>;
  /** name → { type, description, secret }, for prompts and validation (never secret values). */
  specs: Record<string, ParamSpec>;
  /** String forms of secret values, for redaction. */
  secrets: string[];
}

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
  const resolved: ResolvedParams = { values: {}, specs: {}, secrets: [] };
  const tools = new Set(toolNames);
  for (const [name, input] of Object.entries(params ?? {})) {
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
      const text = typeof spec.value === "string" ? spec.value : JSON.stringify(spec.value);
      if (text && text.length >= 4) resolved.secrets.push(text);
    }
  }
  return resolved;
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
