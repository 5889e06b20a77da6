/**
 * The host's side of secret parameters: the values behind the markers a program holds. Only the
 * tool boundary reveals one (a marker passed to a kit tool), by walking the marker's path over
 * the parameter's plain data with the program's own member semantics (own properties; a
 * string's or array's indexes and `length`; a set's or map's `size`); a missing field is
 * undefined. In isolated mode the vault stays in the host and the child gets only the names.
 */
import { isForbiddenProperty } from "@lackpy/lang";
import { RunError } from "../run-error.js";
import { SecretValue } from "./secret-value.js";

function isIndex(key: string): number | null {
  return /^(0|[1-9]\d*)$/.test(key) ? Number(key) : null;
}

/** The field at `key` of plain data, as a program's member read would find it. */
function fieldOf(value: unknown, key: string): unknown {
  if (isForbiddenProperty(key) || value === null || value === undefined) return undefined;
  if (typeof value === "string" || Array.isArray(value)) {
    if (key === "length") return value.length;
    const index = isIndex(key);
    return index === null ? undefined : value[index];
  }
  if (value instanceof Set || value instanceof Map) return key === "size" ? value.size : undefined;
  if (typeof value !== "object") return undefined;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== null && prototype !== Object.prototype) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** The secret values of one run, by parameter name. */
export class SecretVault {
  readonly #values = new Map<string, unknown>();

  /** Takes the values of `names` from `params`; a secret name with no value is a caller mistake. */
  constructor(params: Readonly<Record<string, unknown>>, names: readonly string[]) {
    for (const name of names) {
      if (!Object.hasOwn(params, name))
        throw new RunError(
          `Secret parameter '${name}' has no value in params.`,
          "list in secretParams only names that params has",
        );
      this.#values.set(name, params[name]);
    }
  }

  /** The names of the secrets. */
  get names(): string[] {
    return [...this.#values.keys()];
  }

  /** True when `name` is a secret of this run. */
  has(name: string): boolean {
    return this.#values.has(name);
  }

  /** The value behind a marker (the parameter, or the field its path names). */
  reveal(secret: SecretValue): unknown {
    if (!this.#values.has(secret.name))
      throw new RunError(`'${secret.name}' is not a secret parameter of this run.`);
    let value = this.#values.get(secret.name);
    for (const key of secret.path) value = fieldOf(value, key);
    return value;
  }

  /**
   * `text` with every occurrence of a secret's text (a string secret, and each string or number
   * inside a secret object) replaced by its marker: for the messages of tools that fail and
   * echo what they were given. Exact matches only; longer texts first.
   */
  redact(text: string): string {
    const texts: [string, string][] = [];
    for (const [name, value] of this.#values) collectTexts(value, name, texts, new Set());
    texts.sort((a, b) => b[0].length - a[0].length);
    let result = text;
    for (const [secret, label] of texts)
      if (secret.length > 0) result = result.split(secret).join(`[secret:${label}]`);
    return result;
  }

  /** A tool failure with its message and hint redacted. */
  redactError<T extends { message: string; hint?: string }>(error: T): T {
    return this.#values.size === 0 ? error : redactFields(this, error);
  }
}

/** Returns `error` with `message` and `hint` redacted (see `SecretVault.redact`). */
function redactFields<T extends { message: string; hint?: string }>(
  vault: SecretVault,
  error: T,
): T {
  return {
    ...error,
    message: vault.redact(error.message),
    ...(error.hint !== undefined ? { hint: vault.redact(error.hint) } : {}),
  };
}

function collectTexts(
  value: unknown,
  label: string,
  texts: [string, string][],
  seen: Set<object>,
): void {
  if (typeof value === "string" || typeof value === "number") {
    texts.push([String(value), label]);
    return;
  }
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value))
    value.forEach((item, index) => collectTexts(item, `${label}.${index}`, texts, seen));
  else if (!(value instanceof Set) && !(value instanceof Map))
    for (const key of Object.keys(value))
      collectTexts((value as Record<string, unknown>)[key], `${label}.${key}`, texts, seen);
}
