import type { ToolSpec } from "@lackpy/lang";
import { afterEach, describe, expect, it } from "vitest";
import { closedPort, startModelStub, type ModelStub } from "./__fixtures__/model-stub.js";
import { AnthropicProvider } from "./models/anthropic-provider.js";
import { Dispatcher, type GenerationFailure, type GenerationResult } from "./dispatcher.js";
import { OllamaProvider } from "./models/ollama-provider.js";
import type { GenerationContext } from "./provider-types.js";
import { RecordingProvider, ReplayProvider, type ModelCallRecord } from "./models/record-replay.js";
import { buildMessages } from "./prompt/build-prompt.js";
import { RulesProvider } from "./rules/rules-provider.js";
import { TemplatesProvider, staticTemplates } from "./templates/templates-provider.js";

const TOOLS: ToolSpec[] = [
  {
    name: "read_file",
    args: [{ name: "path", type: "string" }],
    returns: "string",
    description: "Read a file.",
    examples: [{ intent: "show the readme", code: `read_file("README.md")`, tags: ["read"] }],
  },
  {
    name: "find_files",
    args: [
      { name: "pattern", type: "string" },
      { name: "options", type: "{ hidden?: boolean }", optional: true },
    ],
    returns: "string[]",
    description: "Glob files.",
  },
];
const CONTEXT: GenerationContext = { kit: { tools: TOOLS }, params: {} };

let stubs: ModelStub[] = [];
afterEach(async () => {
  await Promise.all(stubs.map((stub) => stub.close()));
  stubs = [];
});

async function stub(...replies: Parameters<typeof startModelStub>[0]) {
  const started = await startModelStub(replies);
  stubs.push(started);
  return started;
}

const ok = (result: GenerationResult | GenerationFailure) => {
  if (!result.success) throw new Error(result.error.message);
  return result;
};

describe("Dispatcher", () => {
  it("answers from a template with no request of any kind to the model server", async () => {
    const server = await stub("read_file('x')");
    const templates = new TemplatesProvider(
      staticTemplates([
        {
          name: "t",
          pattern: "count lines in {file}",
          successCount: 0,
          failCount: 0,
          program: 'len(read_file(file).split("\\n"))',
        },
      ]),
    );
    const dispatcher = new Dispatcher([
      templates,
      new RulesProvider(),
      new OllamaProvider({ host: server.url, model: "m" }),
    ]);
    const result = ok(await dispatcher.generate("Count lines in x'); write_file('a','b", CONTEXT));
    expect(result).toMatchObject({
      tier: "templates",
      provider: "templates",
      template: "t",
      program: 'len(read_file(file).split("\\n"))',
      params: { file: "x'); write_file('a','b" },
    });
    expect(server.requests).toEqual([]);
  });

  it("answers from a rule only when the kit has the tool", async () => {
    const result = ok(
      await new Dispatcher([new RulesProvider()]).generate("list all python files", CONTEXT),
    );
    expect(result).toMatchObject({
      tier: "rules",
      program: "find_files(pattern, { hidden: true })",
      params: { pattern: "**/*.py" },
    });
    const without = await new Dispatcher([new RulesProvider()]).generate("list all python files", {
      ...CONTEXT,
      kit: { tools: [TOOLS[0]] },
    });
    expect(without.success).toBe(false);
  });

  it("takes a fenced answer with prose from Ollama", async () => {
    const server = await stub(
      'Sure! Here is the program:\n```javascript\nconst files = find_files("**/*.md")\nlen(files)\n```\nIt counts markdown files.',
    );
    const result = ok(
      await new Dispatcher([new OllamaProvider({ host: server.url, model: "qwen" })]).generate(
        "how many markdown files?",
        CONTEXT,
      ),
    );
    expect(result).toMatchObject({
      tier: "ollama",
      model: "qwen",
      program: 'const files = find_files("**/*.md")\nlen(files)',
      correction: null,
    });
    const chat = server.requests.find((request) => request.path === "/api/chat")!.body;
    expect(chat.messages[0].role).toBe("system");
    expect(chat.messages[0].content).toContain("read_file(path: string) -> string");
    expect(chat.messages[1]).toEqual({ role: "user", content: "how many markdown files?" });
  });

  it("fixes Node idioms with cleanup before asking again", async () => {
    const server = await stub(
      `const fs = require("fs")\nconst text = fs.readFileSync("README.md", "utf8")\nconsole.log(text)`,
    );
    const result = ok(
      await new Dispatcher([new OllamaProvider({ host: server.url, model: "m" })]).generate(
        "print the readme",
        CONTEXT,
      ),
    );
    expect(result.program).toBe('const text = read_file("README.md");\ntext;');
    expect(
      result.correction?.attempts.map((attempt) => [attempt.strategy, attempt.accepted]),
    ).toEqual([
      ["initial", false],
      ["cleanup", true],
    ]);
    expect(server.requests.filter((request) => request.path === "/api/chat")).toHaveLength(1);
  });

  it("retries with the errors and their hints at a higher temperature", async () => {
    const server = await stub("while (true) {}", `find_files("*")`);
    const result = ok(
      await new Dispatcher([new OllamaProvider({ host: server.url, model: "m" })]).generate(
        "list files",
        CONTEXT,
      ),
    );
    expect(result.attempts).toBe(2);
    const chats = server.requests
      .filter((request) => request.path === "/api/chat")
      .map((request) => request.body);
    expect(chats[1].options.temperature).toBeGreaterThan(chats[0].options.temperature);
    const retry = chats[1].messages.at(-1).content;
    expect(retry).toContain("A while loop is not allowed in lackpy programs.");
    expect(retry).toContain(
      "Fix: use for (const x of items), for (const i of range(n)) or for (let i = 0; i < n; i++)",
    );
  });

  it("rejects a program that prints a secret param and asks again with the rule", async () => {
    const server = await stub("print(token)\nread_file(token)", "read_file(token)");
    const context: GenerationContext = {
      kit: { tools: TOOLS },
      params: { token: { type: "string", secret: true } },
    };
    const result = ok(
      await new Dispatcher([new OllamaProvider({ host: server.url, model: "m" })]).generate(
        "read the file named by the token",
        context,
      ),
    );
    expect(result).toMatchObject({ program: "read_file(token)", attempts: 2 });
    const chats = server.requests
      .filter((request) => request.path === "/api/chat")
      .map((request) => request.body);
    expect(chats[0].messages[0].content).toContain(
      "pass token only directly as an argument of a kit tool, e.g. read_file(token)",
    );
    const retry = chats[1].messages.at(-1).content;
    expect(retry).toContain("The secret parameter 'token' cannot be passed to print");
    expect(retry).toContain(
      "pass token directly as an argument of a kit tool, e.g. read_file(token)",
    );
  });

  it("ends with a fresh fixer prompt on the last attempt", async () => {
    const server = await stub("while (true) {}", "while (true) {}", "while (true) {}");
    const result = await new Dispatcher([
      new OllamaProvider({ host: server.url, model: "m" }),
    ]).generate("list files", CONTEXT);
    expect(result.success).toBe(false);
    const chats = server.requests
      .filter((request) => request.path === "/api/chat")
      .map((request) => request.body);
    expect(chats).toHaveLength(3);
    expect(chats[2].messages).toHaveLength(2);
    expect(chats[2].messages[1].content).toContain("This program does not follow the rules");
    const attempts = (result as GenerationFailure).error.tiers[0].attempts ?? [];
    expect(attempts.map((attempt) => [attempt.strategy, attempt.accepted])).toEqual([
      ["initial", false],
      ["retry", false],
      ["fixer", false],
    ]);
    expect(attempts[2].program).toBe("while (true) {}");
    expect(attempts[2].errors[0]).toMatch(/^forbidden_syntax: /);
  });

  it("moves on when the server is down and says why every tier failed", async () => {
    const down = await closedPort();
    const result = await new Dispatcher([
      new RulesProvider(),
      new OllamaProvider({ host: down, model: "m" }),
    ]).generate("summarise the project", CONTEXT);
    expect(result.success).toBe(false);
    expect((result as GenerationFailure).error.tiers).toEqual([
      { provider: "rules", reason: "no match; no rule reads 'summarise'" },
      {
        provider: "ollama",
        reason: `not available: no answer from Ollama at ${down} for model m: fetch failed (ECONNREFUSED)`,
      },
    ]);
  });

  it("gives up on a hanging server after its timeout", async () => {
    const server = await stub({ hang: true });
    const provider = new OllamaProvider({ host: server.url, model: "m", timeoutMs: 300 });
    const started = performance.now();
    const result = await new Dispatcher([provider]).generate("list files", CONTEXT);
    expect(result.success).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it.each([
    [{ garbage: "not json" }],
    [{ garbage: JSON.stringify({ unexpected: true }) }],
    [{ status: 500 }],
  ])("reports a garbage answer %j as a failed tier", async (reply) => {
    const server = await stub(reply);
    const result = await new Dispatcher([
      new OllamaProvider({ host: server.url, model: "m" }),
    ]).generate("list files", CONTEXT);
    expect(result.success).toBe(false);
    expect((result as GenerationFailure).error.tiers[0].provider).toBe("ollama");
  });

  it("uses the Anthropic SDK against the stub, and is unavailable without a key", async () => {
    const server = await stub('```js\nread_file("README.md")\n```');
    const provider = new AnthropicProvider(
      { model: "claude-test", baseUrl: server.url },
      { ANTHROPIC_API_KEY: "test-key" },
    );
    const result = ok(await new Dispatcher([provider]).generate("show the readme", CONTEXT));
    expect(result).toMatchObject({
      tier: "anthropic",
      program: 'read_file("README.md")',
      model: "claude-test",
    });
    expect(server.requests[0].body.system).toContain("You write short lackpy programs");
    expect(await new AnthropicProvider({ model: "m" }, {}).available()).toBe(false);
  });
});

describe("recording and replay", () => {
  it("records every model call and replays it by prompt hash; a miss is never a pass", async () => {
    const server = await stub(`find_files("**/*.md")`);
    const records: ModelCallRecord[] = [];
    const ollama = new OllamaProvider({ host: server.url, model: "m" });
    const recorded = ok(
      await new Dispatcher([
        new RecordingProvider(ollama, (record) => void records.push(record)),
      ]).generate("list markdown", { ...CONTEXT, intentId: "i1", variant: "baseline" }),
    );
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      provider: "ollama",
      model: "m",
      intentId: "i1",
      promptVariant: "baseline",
      attempt: 1,
      raw: `find_files("**/*.md")`,
      tokensIn: 10,
      tokensOut: 5,
      source: "recorded",
    });
    const replay = new ReplayProvider(records, buildMessages, "ollama");
    const replayed = ok(
      await new Dispatcher([replay]).generate("list markdown", {
        ...CONTEXT,
        intentId: "i1",
        variant: "baseline",
      }),
    );
    expect(replayed.program).toBe(recorded.program);
    expect(replay.used).toEqual([records[0]]);
    const missed = await new Dispatcher([replay]).generate("something else", {
      ...CONTEXT,
      intentId: "i2",
    });
    expect(missed.success).toBe(false);
    expect((missed as GenerationFailure).error.tiers[0].reason).toMatch(
      /^No recorded answer for prompt [0-9a-f]{32} \(intent i2\)\.$/,
    );
  });

  it("falls back to intent, variant and attempt when the prompt changed, and marks the answer stale", async () => {
    const records: ModelCallRecord[] = [
      {
        provider: "ollama",
        model: "m",
        intentId: "i1",
        promptVariant: "baseline",
        promptHash: "0".repeat(32),
        attempt: 1,
        temperature: 0.2,
        raw: `find_files("*")`,
        latencyMs: 5,
        recordedAt: "2026-01-01T00:00:00Z",
        source: "synthetic",
      },
    ];
    const replay = new ReplayProvider(records, buildMessages, "ollama");
    ok(
      await new Dispatcher([replay]).generate("list", {
        ...CONTEXT,
        intentId: "i1",
        variant: "baseline",
      }),
    );
    expect(replay.stale).toEqual(["i1#1"]);
  });
});
