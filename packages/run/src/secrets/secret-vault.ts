/**
 * The host's side of secret parameters: the values behind the markers a program holds. Only the
 * tool boundary reveals one (a marker passed to a kit tool), by walking the marker's path over
 * the parameter's plain data with the program's own member semantics (own properties; a
 * string's or array's indexes and `length`; a set's or map's `size`); a missing field is
 * undefined. It also holds the tool results that contained a secret's text (an echo), which the
 * program gets as markers too. In isolated mode the vault stays in the host and the child gets
 * only the names.
 */
import { isForbiddenProperty } from "@lackpy/lang";
import { RunError } from "../run-error.js";
import { hideSecrets, type HideOptions } from "./hide-secrets.js";
import { SecretTexts } from "./secret-texts.js";
import type { SecretValue } from "./secret-value.js";

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

/** The secret values of one run, by parameter name, and the tool results that contained them. */
export class SecretVault {
  readonly #values = new Map<string, unknown>();
  /** Values tools returned that contain a secret's text, by handle. */
  readonly #held: unknown[] = [];
  #texts: SecretTexts | null = null;

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

  /** True when the run has secret texts to look for in what tools return. */
  get watching(): boolean {
    return this.#values.size > 0 && !this.texts.empty;
  }

  /** The value behind a marker: the parameter's, or a held tool result's, at the marker's field path. */
  reveal(secret: SecretValue): unknown {
    let value: unknown;
    if (secret.held) {
      const handle = secret.held.handle;
      if (!Number.isSafeInteger(handle) || handle < 0 || handle >= this.#held.length)
        throw new RunError(`No value is held for the secret marker ${secret.display}.`);
      value = this.#held[handle];
    } else {
      if (!this.#values.has(secret.name))
        throw new RunError(`'${secret.name}' is not a secret parameter of this run.`);
      value = this.#values.get(secret.name);
    }
    for (const key of secret.path) value = fieldOf(value, key);
    return value;
  }

  /** Keeps a tool's result that contains a secret; returns the handle its marker carries. */
  hold(value: unknown): number {
    this.#held.push(value);
    return this.#held.length - 1;
  }

  /**
   * A tool's result (plain data, this run's own copy) with every part that contains a secret's
   * text made opaque: a marker in place, its value held here (see `hide-secrets.ts`).
   */
  hide(value: unknown, tool: string, options: HideOptions = {}): unknown {
    if (!this.watching) return value;
    const texts = this.texts;
    return hideSecrets(
      value,
      { find: (text) => texts.find(text), hold: (held) => this.hold(held) },
      tool,
      options,
    );
  }

  /**
   * `text` with every occurrence of a secret's text (a string secret, and each string or number
   * inside a secret object; any length, ignoring case) replaced by its marker: for the messages
   * of tools that fail and echo what they were given.
   */
  redact(text: string): string {
    return this.#values.size === 0 ? text : this.texts.redact(text);
  }

  /** A tool failure with its message and hint redacted, and its own code (`toolCode`) left out when it holds a secret's text. */
  redactError<T extends { message: string; hint?: string; toolCode?: string }>(error: T): T {
    return this.#values.size === 0 ? error : redactFields(this, error);
  }

  private get texts(): SecretTexts {
    return (this.#texts ??= new SecretTexts(this.#values));
  }
}

/** Returns `error` with `message` and `hint` redacted (see `SecretVault.redact`) and a tool's code that holds a secret left out. */
function redactFields<T extends { message: string; hint?: string; toolCode?: string }>(
  vault: SecretVault,
  error: T,
): T {
  const redacted = {
    ...error,
    message: vault.redact(error.message),
    ...(error.hint !== undefined ? { hint: vault.redact(error.hint) } : {}),
  };
  // A code is a word, not a text: one that holds a secret's text is dropped, not marked.
  if (error.toolCode !== undefined && vault.redact(error.toolCode) !== error.toolCode)
    delete redacted.toolCode;
  return redacted;
}
