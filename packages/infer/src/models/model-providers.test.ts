import type { ToolSpec } from "@lackpy/lang";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closedPort, startModelStub, type ModelStub } from "../__fixtures__/model-stub.js";
import { AnthropicProvider, DEFAULT_ANTHROPIC_MODEL } from "./anthropic-provider.js";
import { Dispatcher, type GenerationFailure } from "../dispatcher.js";
import { importOptional } from "./import-optional.js";
import { OllamaProvider } from "./ollama-provider.js";
import type { GenerationContext, Provider } from "../provider-types.js";

const TOOLS: ToolSpec[] = [
  { name: "find_files", args: [{ name: "pattern", type: "string" }], returns: "string[]" },
];
const CONTEXT: GenerationContext = { kit: { tools: TOOLS }, params: {} };

let stubs: ModelStub[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(stubs.map((stub) => stub.close()));
  stubs = [];
});

async function stub(...replies: Parameters<typeof startModelStub>[0]) {
  const started = await startModelStub(replies);
  stubs.push(started);
  return started;
}

async function failureOf(provider: Provider): Promise<string> {
  const result = await new Dispatcher([provider], { maxAttempts: 1 }).generate("x", CONTEXT);
  expect(result.success).toBe(false);
  return (result as GenerationFailure).error.tiers[0].reason;
}

describe("OllamaProvider", () => {
  it("names the host and model when the server is down, and never mentions an API key", async () => {
    const down = await closedPort();
    const reason = await failureOf(new OllamaProvider({ host: down, model: "qwen-x" }));
    expect(reason).toBe(
      `not available: no answer from Ollama at ${down} for model qwen-x: fetch failed (ECONNREFUSED)`,
    );
    expect(reason).not.toMatch(/key/i);
  });

  it.each([
    [
      { status: 404, text: "model 'qwen-x' not found" },
      /HTTP 404 for model qwen-x: model 'qwen-x' not found; pull it with: ollama pull qwen-x$/,
    ],
    [{ status: 500 }, /HTTP 500 for model qwen-x: stub error$/],
    [{ status: 502, text: "" }, /HTTP 502 for model qwen-x: HTTP 502 Bad Gateway$/],
    [{ status: 503, text: "<html>busy</html>" }, /HTTP 503 for model qwen-x: <html>busy<\/html>$/],
  ])(
    "reports an error answer %j with host and status, and logs nothing",
    async (reply, expected) => {
      const server = await stub(reply);
      const log = vi.spyOn(console, "log");
      const warn = vi.spyOn(console, "warn");
      const reason = await failureOf(new OllamaProvider({ host: server.url, model: "qwen-x" }));
      expect(reason).toMatch(new RegExp(`^Ollama at ${server.url} answered `));
      expect(reason).toMatch(expected);
      expect(log).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    },
  );
});

describe("AnthropicProvider", () => {
  it("says which variable to set when there is no key", async () => {
    const reason = await failureOf(
      new AnthropicProvider({ model: "m", apiKeyEnv: "TEAM_ANTHROPIC_KEY" }, {}),
    );
    expect(reason).toBe(
      "not available: No Anthropic API key for the 'anthropic' provider: set TEAM_ANTHROPIC_KEY.",
    );
  });

  it("names the URL and the cause of a connection error", async () => {
    const down = await closedPort();
    const provider = new AnthropicProvider(
      { model: "m", baseUrl: `${down}/` },
      { ANTHROPIC_API_KEY: "k" },
    );
    expect(await failureOf(provider)).toBe(
      `Anthropic at ${down}/v1/messages (model m) failed: Connection error. (ECONNREFUSED)`,
    );
  });

  it("reports the HTTP status and retry-after of an error answer", async () => {
    const server = await stub({ status: 429, headers: { "retry-after": "17" } });
    const provider = new AnthropicProvider(
      { model: "m" },
      {
        ANTHROPIC_API_KEY: "k",
        ANTHROPIC_BASE_URL: server.url,
      },
    );
    expect(await failureOf(provider)).toBe(
      `Anthropic at ${server.url}/v1/messages answered HTTP 429 for model m: {"error":"stub error"}; retry after 17 s`,
    );
  });

  it("defaults to a model the installed SDK does not call deprecated", async () => {
    const server = await stub(`find_files("**/*")`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const generate = (model: string) =>
      new AnthropicProvider({ model, baseUrl: server.url }, { ANTHROPIC_API_KEY: "k" }).generate(
        "list files",
        CONTEXT,
      );
    await generate(DEFAULT_ANTHROPIC_MODEL);
    expect(warn).not.toHaveBeenCalled();
    // The check can fail: the SDK does warn about a model on its deprecation list.
    await generate("claude-sonnet-4-5");
    expect(String(warn.mock.calls[0]?.[0])).toContain("deprecated");
  });
});

describe("importOptional", () => {
  it("names the package to install when it is missing", async () => {
    const missing = "lackpy-no-such-package";
    const error = await importOptional({
      packageName: missing,
      specifier: missing,
      load: () => import(missing),
      neededBy: "test provider",
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "missing_package",
      message:
        "The test provider needs the 'lackpy-no-such-package' package, which is not installed.",
      hint: "install it in the workspace or next to lackpy: npm i lackpy-no-such-package",
    });
  });

  it("falls back to the importer it is given, and only for a missing package", async () => {
    const missing = "lackpy-no-such-package/sub";
    const found = { Client: class {} };
    const seen: string[] = [];
    const loaded = await importOptional({
      packageName: "lackpy-no-such-package",
      specifier: missing,
      load: () => import(missing),
      neededBy: "test provider",
      fallback: async (specifier) => (seen.push(specifier), found),
    });
    expect(loaded).toBe(found);
    expect(seen).toEqual([missing]);
    const broken = new Error("boom");
    await expect(
      importOptional({
        packageName: "x",
        specifier: "x",
        load: () => Promise.reject(broken),
        neededBy: "p",
        fallback: async () => found,
      }),
    ).rejects.toBe(broken);
  });

  it("passes other load errors through, from the fallback too", async () => {
    const broken = new Error("boom");
    const missing = "lackpy-no-such-package";
    await expect(
      importOptional({
        packageName: missing,
        specifier: missing,
        load: () => import(missing),
        neededBy: "p",
        fallback: () => Promise.reject(broken),
      }),
    ).rejects.toBe(broken);
  });
});
