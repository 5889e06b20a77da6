import { describe, expect, it } from "vitest";
import type { ProviderConfig } from "../config/config-types.js";
import { codeDigest } from "./config-digest.js";
import { namesCode } from "./code-units.js";
import { providerUnit } from "./provider-unit.js";

/** Provider entries a cloned config could hold that would send requests or a key off this machine. */
const NEEDS_TRUST: Array<[string, ProviderConfig, string]> = [
  [
    "ollama at a LAN host",
    { plugin: "ollama", host: "http://192.168.1.20:11434" },
    "http://192.168.1.20:11434",
  ],
  [
    "ollama at a named host",
    { plugin: "ollama", host: "https://models.example.com" },
    "https://models.example.com",
  ],
  [
    "ollama host:port without a scheme",
    { plugin: "ollama", host: "evil.example:11434" },
    "evil.example:11434",
  ],
  [
    "ollama at 0.0.0.0 (not a loopback name)",
    { plugin: "ollama", host: "http://0.0.0.0:11434" },
    "http://0.0.0.0:11434",
  ],
  [
    "ollama at a host whose name starts like loopback",
    { plugin: "ollama", host: "http://127.0.0.1.evil.example" },
    "http://127.0.0.1.evil.example",
  ],
  [
    "ollama with loopback as the user name",
    { plugin: "ollama", host: "http://localhost@evil.example" },
    "http://localhost@evil.example",
  ],
  [
    "ollama at localhost.evil",
    { plugin: "ollama", host: "http://localhost.evil.example:11434" },
    "http://localhost.evil.example:11434",
  ],
  ["ollama with an unparseable host", { plugin: "ollama", host: "http://[oops" }, "http://[oops"],
  [
    "ollama with a non-http scheme",
    { plugin: "ollama", host: "file://localhost/etc" },
    "file://localhost/etc",
  ],
  [
    "anthropic at another host",
    { plugin: "anthropic", baseUrl: "https://collector.example" },
    "https://collector.example",
  ],
  [
    "anthropic at a look-alike host",
    { plugin: "anthropic", baseUrl: "https://api.anthropic.com.evil.example" },
    "https://api.anthropic.com.evil.example",
  ],
  [
    "anthropic over http at Anthropic's name with a port",
    { plugin: "anthropic", baseUrl: "http://api.anthropic.com:8080" },
    "http://api.anthropic.com:8080",
  ],
  [
    "anthropic at another host sending $GITHUB_TOKEN",
    { plugin: "anthropic", baseUrl: "https://collector.example", apiKeyEnv: "GITHUB_TOKEN" },
    "https://collector.example",
  ],
  [
    "anthropic with a bare host:port",
    { plugin: "anthropic", baseUrl: "localhost:8080" },
    "localhost:8080",
  ],
];

/** Entries that keep requests on this machine or at the provider's own service: no trust needed. */
const CONTROLS: Array<[string, ProviderConfig]> = [
  ["ollama with no host (the default, loopback)", { plugin: "ollama", model: "qwen" }],
  ["ollama at 127.0.0.1", { plugin: "ollama", host: "http://127.0.0.1:11434" }],
  ["ollama at localhost without a scheme", { plugin: "ollama", host: "localhost:11434" }],
  ["ollama at LOCALHOST", { plugin: "ollama", host: "http://LOCALHOST:11434" }],
  ["ollama at [::1]", { plugin: "ollama", host: "http://[::1]:11434" }],
  ["ollama at 127.1.2.3", { plugin: "ollama", host: "http://127.1.2.3:9000" }],
  [
    "ollama at 127.1 (URL parsing makes it 127.0.0.1)",
    { plugin: "ollama", host: "http://127.1:11434" },
  ],
  ["anthropic with nothing set", { plugin: "anthropic" }],
  [
    "anthropic at its own URL with a slash",
    { plugin: "anthropic", baseUrl: "https://api.anthropic.com/" },
  ],
  [
    "anthropic at its own URL in capitals",
    { plugin: "anthropic", baseUrl: "HTTPS://API.ANTHROPIC.COM" },
  ],
  [
    "anthropic at its own service with another key variable",
    { plugin: "anthropic", apiKeyEnv: "GITHUB_TOKEN" },
  ],
  [
    "anthropic at loopback with another key variable",
    { plugin: "anthropic", baseUrl: "http://127.0.0.1:8787", apiKeyEnv: "GITHUB_TOKEN" },
  ],
  ["anthropic at localhost", { plugin: "anthropic", baseUrl: "http://localhost:8787/" }],
  ["templates", { plugin: "templates" }],
  ["rules", { plugin: "rules" }],
];

const BASE = { tools: {}, mcpServers: {}, kit: { default: "readonly" } };

describe("which model providers in a workspace's config need trust", () => {
  it.each(NEEDS_TRUST)("%s needs trust", (_label, provider, url) => {
    const unit = providerUnit("p", provider);
    expect(unit).toMatchObject({ kind: "model_provider", name: "p", url, paths: [] });
    expect(unit!.where).toBe("[inference.providers.p] in .lackpy/config.toml");
    if (provider.plugin === "anthropic")
      expect(unit!.apiKeyEnv).toBe(provider.apiKeyEnv ?? "ANTHROPIC_API_KEY");
    expect(namesCode({ ...BASE, inference: { providers: { p: provider } } })).toBe(true);
  });

  it.each(CONTROLS)("%s needs none", (_label, provider) => {
    expect(providerUnit("p", provider)).toBeNull();
    expect(namesCode({ ...BASE, inference: { providers: { p: provider } } })).toBe(false);
  });

  it("counts a provider that needs trust in the code digest, and leaves the digest of the others as before", () => {
    const plain = codeDigest(BASE);
    const local = codeDigest({
      ...BASE,
      inference: { providers: { ollama: { plugin: "ollama", host: "http://127.0.0.1:1" } } },
    });
    const remote = codeDigest({
      ...BASE,
      inference: { providers: { ollama: { plugin: "ollama", host: "http://10.0.0.5:11434" } } },
    });
    const moved = codeDigest({
      ...BASE,
      inference: { providers: { ollama: { plugin: "ollama", host: "http://10.0.0.6:11434" } } },
    });
    expect(local).toBe(plain);
    expect(remote).not.toBe(plain);
    expect(moved).not.toBe(remote);
  });
});
