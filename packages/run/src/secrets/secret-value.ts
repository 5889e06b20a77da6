/**
 * Secret parameters at run time (language.md §6). A program never holds a secret's value: it
 * holds a `SecretValue`, a frozen marker with the parameter's name and the path of the field it
 * stands for (`creds.key` is `{ name: "creds", path: ["key"] }`). The values stay with the host
 * in a `SecretVault`, and only the tool boundary asks the vault for one, when a marker is a
 * kit-tool argument. So no operation of the program can observe a secret, whatever it does with
 * the marker; on top of that every operation that would use it (operators, display, methods,
 * helpers, iteration, keys, comparison, truth tests) refuses it with `secret_access`, and any
 * native coercion the value layer misses throws the same error from the marker itself. A tool
 * whose spec takes no secrets (`acceptsSecrets: false`, the builtin file tools) refuses a marker
 * before its value is revealed.
 */
import {
  nodePosition,
  secretAccessHint,
  secretAccessMessage,
  secretExampleTool,
  secretRefusedHint,
  secretRefusedMessage,
  type Node,
  type ToolSpec,
} from "@lackpy/lang";
import { ProgramFault } from "../run-error.js";

/**
 * A value a tool returned that contains a secret's text (an echo), held by the host's vault as
 * `handle`. `origin` is the field of the secret parameter whose text it contains (empty for the
 * parameter itself), and `tool` the tool that returned it; both only label the marker.
 */
export interface HeldSecret {
  readonly handle: number;
  readonly origin: readonly string[];
  readonly tool: string;
}

/**
 * A secret parameter, or a field of one, as the program holds it: a name and a path, never the
 * value. A marker with `held` stands for (a field of) a tool's result that contained the secret.
 */
export class SecretValue {
  readonly name: string;
  readonly path: readonly string[];
  readonly held: HeldSecret | null;

  constructor(name: string, path: readonly string[] = [], held: HeldSecret | null = null) {
    this.name = name;
    this.path = Object.freeze([...path]);
    this.held = held ? Object.freeze({ ...held, origin: Object.freeze([...held.origin]) }) : null;
    Object.freeze(this);
  }

  /** `token`, or `creds.key` for a field. */
  get label(): string {
    return [this.name, ...(this.held?.origin ?? []), ...this.path].join(".");
  }

  /** What output, trace, variables and errors show instead of the value: `[secret:creds.key]`. */
  get display(): string {
    return `[secret:${this.label}]`;
  }

  /** The marker of a field of this secret (`token.length`, `creds["key"]`). */
  field(key: string | number): SecretValue {
    return new SecretValue(this.name, [...this.path, String(key)], this.held);
  }

  toString(): never {
    throw secretFault(this, "converted to text");
  }

  valueOf(): never {
    throw secretFault(this, "converted to a value");
  }

  toJSON(): never {
    throw secretFault(this, "written as JSON");
  }

  [Symbol.toPrimitive](): never {
    throw secretFault(this, "converted to a value");
  }
}
Object.freeze(SecretValue.prototype);

/** True for a secret marker. */
export function isSecret(value: unknown): value is SecretValue {
  return value instanceof SecretValue;
}

/** The `secret_access` error for a secret the program tried to use; `use` says how ("compared"). */
export function secretFault(
  secret: SecretValue,
  use: string,
  node?: Node | null,
  tool?: string,
): ProgramFault {
  const position = nodePosition(node);
  const message = secret.held
    ? `A value tool ${secret.held.tool} returned contains the secret parameter '${secret.name}', so it is opaque too and cannot be ${use}: it can only be passed directly to a kit tool.`
    : secretAccessMessage(secret.name, use);
  return new ProgramFault("secret_access", message, {
    ...position,
    hint: secret.held
      ? `pass the value directly as an argument of a kit tool that takes secrets, or leave it out`
      : secretAccessHint(secret.name, tool),
  });
}

/**
 * Throws `secret_access` when `args` holds a secret marker and `spec` takes no secrets
 * (`acceptsSecrets: false`), before the tool is called. The hint names a tool of `toolNames`
 * that takes secrets (`specOf` gives their specs; a tool without one takes them).
 */
export function refuseSecretsForTool(
  spec: ToolSpec | undefined,
  args: readonly unknown[],
  toolNames: readonly string[],
  specOf: (name: string) => ToolSpec | undefined,
  node?: Node | null,
): void {
  if (spec?.acceptsSecrets !== false) return;
  const secret = args.find((arg): arg is SecretValue => arg instanceof SecretValue);
  if (!secret) return;
  const position = nodePosition(node);
  const example = secretExampleTool(toolNames.map((name) => specOf(name) ?? { name }));
  throw new ProgramFault("secret_access", secretRefusedMessage(secret.name, spec.name), {
    ...position,
    hint: secretRefusedHint(secret.name, example),
    tool: spec.name,
  });
}

/** Throws `secret_access` when `value` is a secret. */
export function refuseSecret(value: unknown, use: string, node?: Node | null): void {
  if (value instanceof SecretValue) throw secretFault(value, use, node);
}

/** Throws `secret_access` when any of `values` is a secret (arguments of a helper, method or global). */
export function refuseSecrets(values: readonly unknown[], use: string, node?: Node | null): void {
  for (let index = 0; index < values.length; index++)
    if (values[index] instanceof SecretValue)
      throw secretFault(values[index] as SecretValue, use, node);
}

/**
 * A table of functions `(context, args, node)` whose every entry refuses secret arguments
 * first; `use` names the function for the message ("passed to len, which is not a kit tool").
 */
export function refusingSecrets<
  Fn extends (context: never, args: unknown[], node: Node) => unknown,
>(
  table: Readonly<Record<string, Fn>>,
  use: (name: string) => string,
): Readonly<Record<string, Fn>> {
  const guarded: Record<string, Fn> = {};
  for (const name of Object.keys(table)) {
    const implementation = table[name] as unknown as (
      context: unknown,
      args: unknown[],
      node: Node,
    ) => unknown;
    const message = use(name);
    guarded[name] = ((context: unknown, args: unknown[], node: Node) => {
      refuseSecrets(args, message, node);
      return implementation(context, args, node);
    }) as unknown as Fn;
  }
  return Object.freeze(guarded);
}
