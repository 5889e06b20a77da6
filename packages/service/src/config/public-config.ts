/**
 * The one public view of a config: what every introspection surface shows (`config`, `kit_info`,
 * `provider_list`, `status`, `trust`, the docs tools, and their CLI commands), to the person, to
 * an MCP client over stdio and to every token holder over HTTP. `.lackpy/config.toml` is sealed
 * from the file tools, and this keeps introspection from handing out what it holds for the tools
 * it names: MCP servers' `env` values and `headers`, secrets in their arguments (`--token=…`,
 * `--api-key x`), passwords and key-like parameters in every URL (servers, providers, the store).
 * A masked value reads `•••` next to its name (`GITHUB_TOKEN = "•••"`, `--token=•••`); a URL keeps
 * its form with `***` for the password. Anything else a surface returns (a provider's reason, a
 * server's error, a trust item's command line) has every one of those values replaced by `•••`.
 */
import type { LackpyConfig } from "./config-types.js";
import { redactStoreUrl, safeDecode } from "./store-settings.js";

/** What a masked value reads. */
export const MASK = "•••";

/** A flag whose value is a secret: `--token`, `--api-key`, `--password`, `--auth`, `--client-secret`, … */
const SECRET_FLAG =
  /^--?[\w.-]*(token|secret|passw(or)?d|pass|api[-_]?key|auth|credential|bearer|private[-_]?key)[\w.-]*$/i;
/** A query parameter whose value is a secret. */
const SECRET_PARAMETER = /pass|secret|key|token|auth|sig/i;
/** Values shorter than this are never treated as secrets (they would mask ordinary text). */
const MIN_SECRET_CHARS = 4;

/**
 * True for an environment value that looks like a secret rather than a setting: at least 8
 * characters of at least two kinds (letters, digits, other signs). `production` or `debug` are
 * masked in the config's own view but not hunted for in other text; a token or a password is.
 */
function looksSecret(value: string): boolean {
  if (value.length < 8) return false;
  const kinds = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value));
  return kinds.length >= 2 || /[a-z]/.test(value) === /[A-Z]/.test(value);
}

/** Every secret value the config holds, longest first (so a value containing another is masked whole). */
export function configSecrets(config: LackpyConfig): string[] {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    if (value === undefined) return;
    for (const form of [value, safeDecode(value)])
      if (form.trim().length >= MIN_SECRET_CHARS) found.add(form);
  };
  for (const server of Object.values(config.mcpServers)) {
    for (const value of Object.values(server.env ?? {})) if (looksSecret(value)) add(value);
    for (const value of Object.values(server.headers ?? {})) {
      add(value);
      add(/^\s*\w+\s+(\S+)\s*$/.exec(value)?.[1]);
    }
    urlSecrets(server.url).forEach(add);
    for (const [index, arg] of (server.args ?? []).entries()) {
      const assigned = /^(--?[^=\s]+)=(.+)$/.exec(arg);
      if (assigned && SECRET_FLAG.test(assigned[1])) add(assigned[2]);
      else if (SECRET_FLAG.test(arg)) add(server.args?.[index + 1]);
      urlSecrets(arg).forEach(add);
    }
  }
  for (const provider of Object.values(config.inference.providers)) {
    urlSecrets(provider.host).forEach(add);
    urlSecrets(provider.baseUrl).forEach(add);
  }
  urlSecrets(config.store.url).forEach(add);
  return [...found].sort((a, b) => b.length - a.length);
}

/** The config as introspection shows it: secrets masked in place, every field otherwise as it is. */
export function publicConfig(config: LackpyConfig): LackpyConfig {
  const view = structuredClone(config);
  for (const server of Object.values(view.mcpServers)) {
    if (server.env) server.env = maskValues(server.env);
    if (server.headers) server.headers = maskValues(server.headers);
    if (server.url) server.url = redactUrl(server.url);
    if (server.args) server.args = maskArgs(server.args);
  }
  for (const provider of Object.values(view.inference.providers)) {
    if (provider.host) provider.host = redactUrl(provider.host);
    if (provider.baseUrl) provider.baseUrl = redactUrl(provider.baseUrl);
  }
  if (view.store.url !== undefined && view.store.url !== "files")
    view.store.url = redactStoreUrl(view.store.url);
  return publicView(view, configSecrets(config));
}

/** `value` (any JSON-like value: a result, an error's text) with every secret replaced by `•••`. */
export function publicView<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return scrub(value, secrets) as T;
}

function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") {
    let text = value;
    for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(MASK);
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets));
  if (value === null || typeof value !== "object") return value;
  // Only plain data is rebuilt; anything else (a class instance) is passed on as it is.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  // Defined, not assigned: a key called `__proto__` stays a key.
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, key, {
      value: scrub(item, secrets),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

function maskValues(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((name) => [name, MASK]));
}

function maskArgs(args: readonly string[]): string[] {
  return args.map((arg, index) => {
    const assigned = /^(--?[^=\s]+)=(.+)$/.exec(arg);
    if (assigned && SECRET_FLAG.test(assigned[1])) return `${assigned[1]}=${MASK}`;
    if (index > 0 && SECRET_FLAG.test(args[index - 1]!) && !/=/.test(args[index - 1]!)) return MASK;
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(arg) ? redactUrl(arg) : arg;
  });
}

/** A URL with its password and secret-like parameters as `***`; anything that is not a URL as it is. */
function redactUrl(text: string): string {
  let parsed: string;
  try {
    parsed = new URL(text).toString();
  } catch {
    return text;
  }
  // A URL with nothing to hide is shown as written (parsing alone may add a trailing "/").
  const redacted = redactStoreUrl(text);
  return redacted === parsed ? text : redacted;
}

/** The password and secret-like parameter values of a URL (none when it is not one). */
function urlSecrets(text: string | undefined): string[] {
  if (!text) return [];
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return [];
  }
  const secrets = parsed.password ? [parsed.password] : [];
  for (const [key, value] of parsed.searchParams)
    if (SECRET_PARAMETER.test(key)) secrets.push(value);
  return secrets;
}
