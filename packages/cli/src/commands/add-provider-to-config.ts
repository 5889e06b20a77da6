import { DEFAULT_CONFIG, locateKey, parseConfig } from "@lackpy/service";
import { UsageError } from "../args/usage-error.js";

/** A model provider to add to `config.toml`. */
export interface ProviderToAdd {
  key: string;
  plugin: "ollama" | "anthropic";
  model?: string;
  host?: string;
  baseUrl?: string;
  apiKeyEnv?: string;
}

const KEY = /^[A-Za-z0-9_-]+$/;
const ORDER_LINE = /^(\s*)order\s*=\s*\[[^\]]*\](\s*#.*)?$/;

const quote = (value: string) => JSON.stringify(value);

/**
 * Config text with the provider's `[inference.providers.<key>]` table appended (when missing)
 * and its key added to the end of `[inference] order`. Comments and layout are kept; the
 * result is checked with `parseConfig`, and an order this function cannot edit safely (an
 * array over several lines) is refused rather than rewritten.
 */
export function addProviderToConfig(text: string, provider: ProviderToAdd): string {
  const { key, plugin } = provider;
  if (!KEY.test(key))
    throw new UsageError(`'${key}' is not a provider key: use letters, digits, _ and -.`);
  const file = "config.toml";
  const before = parseConfig(text, file);
  let next = text;
  const header = new RegExp(String.raw`^\s*\[\s*inference\.providers\.${key}\s*\]`, "m");
  const settings = [provider.model, provider.host, provider.baseUrl, provider.apiKeyEnv];
  if (header.test(text)) {
    if (settings.some((value) => value !== undefined))
      throw new UsageError(
        `[inference.providers.${key}] is already in ${file}; change its settings there.`,
      );
  } else {
    const model = provider.model ?? DEFAULT_CONFIG.inference.providers[plugin]?.model;
    const lines = [
      `[inference.providers.${key}]`,
      `plugin = ${quote(plugin)}`,
      ...(model ? [`model = ${quote(model)}`] : []),
      ...(provider.host ? [`host = ${quote(provider.host)}`] : []),
      ...(provider.baseUrl ? [`base_url = ${quote(provider.baseUrl)}`] : []),
      ...(provider.apiKeyEnv ? [`api_key_env = ${quote(provider.apiKeyEnv)}`] : []),
    ];
    next = `${next.replace(/\s*$/, "")}\n\n${lines.join("\n")}\n`;
  }
  if (!before.inference.order.includes(key))
    next = withOrder(next, [...before.inference.order, key]);
  const after = parseConfig(next, file);
  if (after.inference.providers[key]?.plugin !== plugin)
    throw new UsageError(
      `Provider '${key}' is already configured with plugin ${after.inference.providers[key]?.plugin}; choose another key.`,
    );
  return next;
}

function withOrder(text: string, order: readonly string[]): string {
  const line = `order = [${order.map(quote).join(", ")}]`;
  const lines = text.split("\n");
  const at = locateKey(text, "inference.order");
  if (at !== undefined) {
    const match = ORDER_LINE.exec(lines[at - 1].replace(/\r$/, ""));
    if (!match)
      throw new UsageError(
        `config.toml:${at}: [inference] order spans several lines; add the provider to it by hand.`,
      );
    lines[at - 1] = `${match[1]}${line}${match[2] ?? ""}`;
    return lines.join("\n");
  }
  const table = lines.findIndex((candidate) => /^\s*\[\s*inference\s*\]/.test(candidate));
  if (table >= 0) {
    lines.splice(table + 1, 0, line);
    return lines.join("\n");
  }
  return `[inference]\n${line}\n\n${text}`;
}
