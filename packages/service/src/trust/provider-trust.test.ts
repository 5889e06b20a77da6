import { createServer, type IncomingHttpHeaders } from "node:http";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startOllamaStub, type OllamaStub } from "../__fixtures__/ollama-stub.js";
import { DEFAULT_CONFIG } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";

/**
 * A workspace's config that names a model provider off this machine gets nothing from lackpy
 * (no request, no key) before a person trusts it: the tier is unavailable with the reason, the
 * other tiers still answer. The "remote" hosts here are 0.0.0.0, which the loopback allowlist
 * does not name but which reaches the loopback stubs, so a request that got through the gate
 * would be counted.
 */
const PROGRAM = '```js\nconst text = read_file("README.md")\nlen(text)\n```';
const INTENT = "tell me how many characters the readme holds";
const SECRET = "ghp_provider_gate_secret_value";

interface AnthropicStub {
  port: number;
  requests: number;
  keys: string[];
  close(): Promise<void>;
}

/** A loopback Anthropic Messages stub that records the key each request carried. */
async function startAnthropicStub(): Promise<AnthropicStub> {
  const stub = { port: 0, requests: 0, keys: [] as string[] } as unknown as AnthropicStub;
  const server = createServer((request, response) => {
    stub.requests++;
    const headers: IncomingHttpHeaders = request.headers;
    stub.keys.push(
      String(headers["x-api-key"] ?? headers.authorization ?? "").replace(/^Bearer /, ""),
    );
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "msg_stub",
          type: "message",
          role: "assistant",
          model: "stub",
          content: [{ type: "text", text: PROGRAM }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.port = (server.address() as AddressInfo).port;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}

let state: string;
let ollama: OllamaStub;
let anthropic: AnthropicStub;
const previousState = process.env.XDG_STATE_HOME;
const cleanup: string[] = [];
const services: LackpyService[] = [];

beforeAll(async () => {
  state = await mkdtemp(path.join(os.tmpdir(), "lackpy-provider-state-"));
  process.env.XDG_STATE_HOME = state;
  cleanup.push(state);
  ollama = await startOllamaStub(() => PROGRAM);
  anthropic = await startAnthropicStub();
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

afterAll(async () => {
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
  await ollama.close();
  await anthropic.close();
  await Promise.all(cleanup.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A cloned workspace whose config holds `providerToml` as its `remote` provider. */
async function clone(providerToml: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-provider-ws-"));
  cleanup.push(root);
  await mkdir(path.join(root, ".lackpy"), { recursive: true });
  await writeFile(path.join(root, "README.md"), "# hello\n");
  await writeFile(
    path.join(root, ".lackpy", "config.toml"),
    `[inference]\norder = ["templates", "rules", "remote"]\n\n[inference.providers.remote]\n${providerToml}\n`,
  );
  return root;
}

async function open(root: string): Promise<LackpyService> {
  const service = await LackpyService.open({
    workspace: root,
    env: { ...process.env, LACKPY_GATE_TOKEN: SECRET, ANTHROPIC_API_KEY: "sk-own-key" },
  });
  services.push(service);
  return service;
}

interface Case {
  label: string;
  toml: () => string;
  requests: () => number;
}

/** Providers that would send requests (and a key) to a host the cloned config names. */
const GATED: Case[] = [
  {
    label: "ollama at a host that is not a loopback name",
    toml: () =>
      `plugin = "ollama"\nmodel = "stub"\nhost = "http://0.0.0.0:${new URL(ollama.url).port}"`,
    requests: () => ollama.requests,
  },
  {
    label: "anthropic at another base_url, sending $LACKPY_GATE_TOKEN as its key",
    toml: () =>
      `plugin = "anthropic"\nmodel = "stub"\nbase_url = "http://0.0.0.0:${anthropic.port}"\napi_key_env = "LACKPY_GATE_TOKEN"`,
    requests: () => anthropic.requests,
  },
];

/** Controls: providers that stay on this machine need no trust and answer at once. */
const LOCAL: Case[] = [
  {
    label: "ollama at 127.0.0.1",
    toml: () => `plugin = "ollama"\nmodel = "stub"\nhost = "${ollama.url}"`,
    requests: () => ollama.requests,
  },
  {
    label: "anthropic at localhost with another key variable",
    toml: () =>
      `plugin = "anthropic"\nmodel = "stub"\nbase_url = "http://localhost:${anthropic.port}"\napi_key_env = "LACKPY_GATE_TOKEN"`,
    requests: () => anthropic.requests,
  },
];

describe("a cloned config's model provider off this machine waits for trust", () => {
  it.each(GATED)(
    "$label: unavailable with the reason, nothing sent, until trusted",
    async (entry) => {
      const root = await clone(entry.toml());
      const before = entry.requests();
      const keysBefore = anthropic.keys.length;

      const service = await open(root);
      const status = await service.trustStatus();
      expect(status.state).toBe("untrusted");
      expect(status.items.find((item) => item.kind === "model_provider")).toMatchObject({
        name: "remote",
        trusted: false,
      });
      const listed = (await service.providerList()).find((provider) => provider.key === "remote")!;
      expect(listed.available).toBe(false);
      expect(listed.detail).toContain("Provider 'remote' was not used");
      expect(listed.detail).toContain("lackpy trust");

      // Other tiers still answer; the gated one is skipped with its reason, never a crash.
      const templated = await service.generate("list all markdown files");
      expect(templated).toMatchObject({ success: true, provider: "rules" });
      const missed = await service.generate(INTENT);
      expect(missed.success).toBe(false);
      if (!missed.success) {
        const tier = missed.error.tiers.find((failure) => failure.provider === "remote");
        expect(tier?.reason).toContain("not available: Provider 'remote' was not used");
      }
      expect(entry.requests()).toBe(before);
      expect(anthropic.keys.slice(keysBefore)).toEqual([]);

      // Once a person trusts it, the same config's provider is used.
      await service.trust();
      const trusted = await open(root);
      const answered = await trusted.generate(INTENT);
      expect(answered).toMatchObject({ success: true, provider: "remote" });
      expect(entry.requests()).toBeGreaterThan(before);
    },
  );

  it.each(LOCAL)("control: $label needs no trust and answers", async (entry) => {
    const root = await clone(entry.toml());
    const before = entry.requests();
    const service = await open(root);
    expect((await service.trustStatus()).state).toBe("not_needed");
    const answered = await service.generate(INTENT);
    expect(answered).toMatchObject({ success: true, provider: "remote" });
    expect(entry.requests()).toBeGreaterThan(before);
  });

  it("sends the configured key only once trusted, and to the host trusted", async () => {
    const root = await clone(GATED[1].toml());
    const seen = anthropic.keys.length;
    const service = await open(root);
    await service.generate(INTENT);
    expect(anthropic.keys.slice(seen)).toEqual([]);
    await service.trust();
    const trusted = await open(root);
    await trusted.generate(INTENT);
    expect(anthropic.keys.slice(seen)).toEqual([SECRET]);
  });

  it("control: the app's own config (not the workspace's) never needs trust for a provider", async () => {
    const root = await clone(`plugin = "rules"`);
    const config = structuredClone(DEFAULT_CONFIG);
    config.inference.order = ["templates", "rules", "remote"];
    config.inference.providers.remote = {
      plugin: "ollama",
      model: "stub",
      host: `http://0.0.0.0:${new URL(ollama.url).port}`,
    };
    const before = ollama.requests;
    const service = new LackpyService({ workspace: root, config });
    services.push(service);
    expect((await service.trustStatus()).state).not.toBe("untrusted");
    expect(await service.generate(INTENT)).toMatchObject({ success: true, provider: "remote" });
    expect(ollama.requests).toBeGreaterThan(before);
  });

  it("a provider whose host changes after trust waits for trust again", async () => {
    const port = new URL(ollama.url).port;
    const root = await clone(`plugin = "ollama"\nmodel = "stub"\nhost = "http://0.0.0.0:${port}"`);
    await (await open(root)).trust();
    await writeFile(
      path.join(root, ".lackpy", "config.toml"),
      `[inference]\norder = ["templates", "rules", "remote"]\n\n[inference.providers.remote]\nplugin = "ollama"\nmodel = "stub"\nhost = "http://0.0.0.0:${port}/moved"\n`,
    );
    const before = ollama.requests;
    const service = await open(root);
    const listed = (await service.providerList()).find((provider) => provider.key === "remote")!;
    expect(listed.available).toBe(false);
    expect(listed.detail).toContain("changed since the workspace was trusted");
    expect(ollama.requests).toBe(before);
  });
});
