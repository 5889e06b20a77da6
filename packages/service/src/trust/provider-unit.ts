/**
 * The unit of an `[inference.providers.<key>]` entry in a workspace's config that would send the
 * person's requests, or a credential from their environment, off this machine to a host other
 * than the provider's own service: an Anthropic provider whose `base_url` is neither Anthropic's
 * nor loopback (a cloned config could send `$GITHUB_TOKEN` there as the API key), an Ollama
 * provider at a host that is not loopback (it receives every request). Such an entry needs trust
 * like an HTTP MCP server, which receives tool arguments. Everything else needs none: a provider
 * at its own service (whatever key variable it names), or at 127.0.0.1, localhost or [::1].
 */
import type { ProviderConfig } from "../config/config-types.js";
import { CONFIG_FILE, type CodeUnit } from "./code-unit.js";

/** Where the Anthropic client sends requests when nothing else is set. */
const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
/** The variable the Anthropic client reads its key from when nothing else is set. */
const ANTHROPIC_KEY_ENV = "ANTHROPIC_API_KEY";

/** The provider's unit when it would send requests or a credential off this machine to a host the config names, else null. */
export function providerUnit(key: string, provider: ProviderConfig): CodeUnit | null {
  const where = `[inference.providers.${key}] in ${CONFIG_FILE}`;
  if (provider.plugin === "anthropic") {
    const url = provider.baseUrl;
    if (url === undefined || isAnthropic(url) || isLoopback(url, false)) return null;
    const keyEnv = provider.apiKeyEnv ?? ANTHROPIC_KEY_ENV;
    return {
      kind: "model_provider",
      name: key,
      where,
      summary: `anthropic at ${url} with $${keyEnv}`,
      paths: [],
      url,
      apiKeyEnv: keyEnv,
    };
  }
  if (
    provider.plugin === "ollama" &&
    provider.host !== undefined &&
    !isLoopback(provider.host, true)
  )
    return {
      kind: "model_provider",
      name: key,
      where,
      summary: `ollama at ${provider.host}`,
      paths: [],
      url: provider.host,
    };
  return null;
}

/**
 * True when an http(s) URL's host is this machine's loopback (127.0.0.0/8 as URL parsing
 * normalises it, `localhost`, `[::1]`); `bareHost` accepts `host:port` without a scheme, as the
 * Ollama client does. Anything that does not parse is not loopback.
 */
function isLoopback(value: string, bareHost: boolean): boolean {
  const text = bareHost && !value.includes("://") ? `http://${value}` : value;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname;
  return host === "localhost" || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** True when a base URL is Anthropic's own API (any case, trailing slashes). */
function isAnthropic(value: string): boolean {
  return value.trim().replace(/\/+$/, "").toLowerCase() === ANTHROPIC_BASE_URL;
}
