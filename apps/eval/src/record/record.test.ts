import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROMPT_BUILDER_VERSION, promptHash, type ChatMessage } from "@lackpy/infer";
import { TEST_INTENTS } from "../__fixtures__/test-intents.js";
import {
  FixtureError,
  loadFixture,
  metaLine,
  type Fixture,
  type RecordedCall,
} from "../inputs/fixtures.js";
import { recordingPlanOf } from "./record-resume.js";
import { recordFixtures, type RecordOptions } from "./record.js";
import {
  SYNTHETIC_SERVER_VERSION,
  startSyntheticServer,
  type ReceivedRequest,
  type SyntheticServer,
} from "../synthetic/model-server.js";
import { PINNED_WORKSPACE_HASH } from "../workspace/workspace.js";

let server: SyntheticServer;
let dir: string;

function options(overrides: Partial<RecordOptions>): RecordOptions {
  return {
    provider: "anthropic",
    model: "sim-careful",
    baseUrl: server.url,
    apiKey: "synthetic",
    intents: TEST_INTENTS,
    variants: ["baseline"],
    trials: 2,
    paraphrases: true,
    temperature: 0.7,
    file: path.join(dir, "anthropic", "sim-careful.jsonl"),
    source: "synthetic",
    ...overrides,
  };
}

const ollama = (model: string, overrides: Partial<RecordOptions> = {}) =>
  options({
    provider: "ollama",
    model,
    host: server.url,
    file: path.join(dir, "ollama", `${model}.jsonl`),
    ...overrides,
  });

/** The prompt hash of a request as the stub received it (Anthropic sends the system prompt apart). */
function receivedHash(request: ReceivedRequest): string {
  const body = request.body as { system?: string; messages: ChatMessage[] };
  const messages: ChatMessage[] = [
    ...(body.system ? [{ role: "system" as const, content: body.system }] : []),
    ...body.messages.map((message) => ({ role: message.role, content: message.content })),
  ];
  return promptHash(messages);
}

const chatCalls = (from: number) =>
  server.received
    .slice(from)
    .filter((request) => request.path === "/v1/messages" || request.path === "/api/chat");

beforeAll(async () => {
  server = await startSyntheticServer(TEST_INTENTS);
  dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-record-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("recordFixtures through the real providers and a loopback model server", () => {
  it("records every cell with a _meta header, reporting progress, then resumes with nothing to do", async () => {
    const progress: [number, number][] = [];
    const first = await recordFixtures(
      options({ onProgress: (done, total) => progress.push([done, total]) }),
    );
    // 2 intents × 1 variant × 2 trials, plus 1 paraphrase × 2 trials.
    expect(first).toMatchObject({ cells: 6, recorded: 6, skipped: 0, identical: 0, failed: [] });
    expect(progress.at(-1)).toEqual([6, 6]);
    const fixture = await loadFixture(first.file);
    expect(fixture.meta).toMatchObject({
      provider: "anthropic",
      model: "sim-careful",
      source: "synthetic",
      workspaceHash: PINNED_WORKSPACE_HASH,
      promptBuilderVersion: PROMPT_BUILDER_VERSION,
    });
    expect(new Set(fixture.records.map((record) => record.intentId))).toEqual(
      new Set(["count-docs", "config-callers", "count-docs@p1"]),
    );
    const again = await recordFixtures(options({}));
    expect(again).toMatchObject({ recorded: 0, skipped: 6, calls: 0 });
    expect((await loadFixture(first.file)).records).toHaveLength(fixture.records.length);
  });

  it("stores what the Anthropic stub received: no temperature (none is sent), the other parameters, the model id returned", async () => {
    const from = server.received.length;
    const summary = await recordFixtures(
      options({ file: path.join(dir, "anthropic", "wire.jsonl"), paraphrases: false }),
    );
    const records = (await loadFixture(summary.file)).records as unknown as RecordedCall[];
    const received = chatCalls(from);
    expect(records).toHaveLength(received.length);
    records.forEach((record, index) => {
      const { messages: _messages, system: _system, ...parameters } = received[index].body;
      expect(record.promptHash).toBe(receivedHash(received[index]));
      expect(record.temperature).toBeNull();
      expect("temperature" in received[index].body).toBe(false);
      expect(record.sent).toEqual(parameters);
      expect(record.modelId).toBe("sim-careful");
      expect(record.retries).toBe(0);
    });
  });

  it("stores the temperature Ollama was sent on every attempt, and the model's digest, quantisation and server version", async () => {
    const from = server.received.length;
    // Five trials: with three, whether some answer needed a second attempt hung on the prompt hashes.
    const summary = await recordFixtures(ollama("sim-node-habits", { trials: 5 }));
    const fixture = await loadFixture(summary.file);
    expect(fixture.meta.modelInfo).toMatchObject({
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      quantization: "none",
      serverVersion: SYNTHETIC_SERVER_VERSION,
    });
    const records = fixture.records as unknown as RecordedCall[];
    const received = chatCalls(from);
    expect(records).toHaveLength(received.length);
    expect(records.some((record) => record.attempt > 1)).toBe(true);
    records.forEach((record, index) => {
      const sent = received[index].body as { options: { temperature: number } };
      expect(record.promptHash).toBe(receivedHash(received[index]));
      expect(record.temperature).toBe(sent.options.temperature);
      expect(record.sent).toMatchObject({ model: "sim-node-habits", options: sent.options });
    });
    expect(records.find((record) => record.attempt === 1)?.temperature).toBe(0.7);
  });

  it("sends a prompt identical to an earlier variant's once, and says how many it left out", async () => {
    const from = server.received.length;
    const summary = await recordFixtures(
      ollama("sim-stubborn", { variants: ["baseline", "examples"], trials: 1, paraphrases: false }),
    );
    // count-docs retrieves no example: its examples prompt is its baseline prompt.
    expect(summary).toMatchObject({ cells: 4, recorded: 3, identical: 1 });
    const fixture = await loadFixture(summary.file);
    expect(
      fixture.records.map((record) => `${record.intentId} ${record.promptVariant}`).sort(),
    ).toEqual(["config-callers baseline", "config-callers examples", "count-docs baseline"]);
    expect(chatCalls(from)).toHaveLength(3);
  });

  it("records the same cells with several in flight as one at a time", async () => {
    const one = await recordFixtures(ollama("sim-stubborn", { file: path.join(dir, "one.jsonl") }));
    const many = await recordFixtures(
      ollama("sim-stubborn", { file: path.join(dir, "many.jsonl"), concurrency: 4 }),
    );
    expect(many).toMatchObject({ cells: one.cells, recorded: one.recorded, calls: one.calls });
    const keys = async (file: string) =>
      (await loadFixture(file)).records
        .map(
          (record) =>
            `${record.intentId}|${record.promptVariant}|${record.trial}|${record.promptHash}`,
        )
        .sort();
    expect(await keys(many.file)).toEqual(await keys(one.file));
  });

  it("refuses a file of another workspace fixture or another model digest, unless asked to replace it", async () => {
    const file = path.join(dir, "ollama", "sim-chatty.jsonl");
    const meta = {
      provider: "ollama" as const,
      model: "sim-chatty",
      source: "synthetic" as const,
      workspaceHash: "0".repeat(64),
      promptBuilderVersion: PROMPT_BUILDER_VERSION,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    await writeFile(file, metaLine(meta));
    const mixed = recordFixtures(ollama("sim-chatty"));
    await expect(mixed).rejects.toBeInstanceOf(FixtureError);
    await expect(mixed).rejects.toMatchObject({ code: "workspace_changed" });
    await writeFile(
      file,
      metaLine({
        ...meta,
        workspaceHash: PINNED_WORKSPACE_HASH,
        modelInfo: { digest: "f".repeat(64) },
      }),
    );
    await expect(recordFixtures(ollama("sim-chatty"))).rejects.toMatchObject({
      code: "model_changed",
    });
    const replaced = await recordFixtures(
      ollama("sim-chatty", { trials: 1, paraphrases: false, replace: true }),
    );
    expect(replaced.recorded).toBe(2);
    const names = await readdir(path.dirname(file));
    expect(names.some((name) => name.startsWith("sim-chatty.jsonl.replaced-"))).toBe(true);
  });

  it("keeps what was asked in the header, and widens it when a later run asks for more", async () => {
    const file = path.join(dir, "ollama", "planned.jsonl");
    const quick = { file, variants: ["baseline"], trials: 1, paraphrases: false };
    await recordFixtures(ollama("sim-stubborn", { ...quick, intents: [TEST_INTENTS[0]] }));
    expect((await loadFixture(file)).meta.plan).toEqual({
      variants: ["baseline"],
      trials: 1,
      paraphrases: false,
      temperature: 0.7,
    });
    const more = await recordFixtures(
      ollama("sim-stubborn", { ...quick, variants: ["baseline", "examples"], trials: 2 }),
    );
    // count-docs trial 1 is there; its examples prompt repeats its baseline one.
    expect(more).toMatchObject({ skipped: 1, failed: [] });
    const widened = await loadFixture(file);
    expect(widened.meta).toMatchObject({
      model: "sim-stubborn",
      plan: { variants: ["baseline", "examples"], trials: 2, paraphrases: false },
    });
    expect(widened.records.length).toBeGreaterThan(1);
  });

  it("reads the plan of a file written before plans were kept from its records", () => {
    const fixture = {
      path: "old.jsonl",
      meta: { provider: "anthropic", model: "m" },
      records: [
        { intentId: "a", promptVariant: "full", trial: 2, attempt: 1, temperature: 0.4 },
        { intentId: "a", promptVariant: "baseline", trial: 1, attempt: 1, temperature: 0.4 },
      ],
    } as unknown as Fixture;
    expect(recordingPlanOf(fixture)).toEqual({
      variants: ["baseline", "full"],
      trials: 2,
      paraphrases: true,
      temperature: 0.4,
    });
  });

  it("says how to start the server when no model server answers", async () => {
    await expect(
      recordFixtures(
        options({
          provider: "ollama",
          model: "m",
          host: "http://127.0.0.1:9",
          file: path.join(dir, "x.jsonl"),
        }),
      ),
    ).rejects.toMatchObject({
      code: "no_model_server",
      hint: expect.stringContaining("ollama serve"),
    });
  });
});

describe("recordFixtures against a server that fails", () => {
  let flaky: Server;
  let url: string;
  /** Statuses to answer /api/chat with before answering properly. */
  let failures: number[] = [];

  beforeAll(async () => {
    flaky = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        if (request.url === "/api/tags") {
          response.writeHead(200, { "content-type": "application/json" });
          return response.end(JSON.stringify({ models: [] }));
        }
        if (request.url !== "/api/chat") {
          response.writeHead(404, { "content-type": "application/json" });
          return response.end(JSON.stringify({ error: "not found" }));
        }
        const status = failures.shift();
        if (status !== undefined) {
          response.writeHead(status, {
            "content-type": "application/json",
            ...(status === 429 ? { "retry-after": "0" } : {}),
          });
          return response.end(JSON.stringify({ error: `stub failure ${status}` }));
        }
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            model: "flaky",
            created_at: new Date(0).toISOString(),
            message: { role: "assistant", content: 'len(find_files("docs/*.md"))' },
            done: true,
            done_reason: "stop",
          }),
        );
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => flaky.close(() => resolve())));

  const flakyOptions = (file: string, waits: number[]) =>
    options({
      provider: "ollama",
      model: "flaky",
      host: url,
      intents: [TEST_INTENTS[0]],
      trials: 1,
      paraphrases: false,
      file: path.join(dir, file),
      retry: { sleep: async (ms) => void waits.push(ms), baseDelayMs: 1000 },
    });

  it("retries HTTP 429 and 5xx with backoff (or the server's retry-after), and counts the retries", async () => {
    failures = [429, 503, 500];
    const waits: number[] = [];
    const summary = await recordFixtures(flakyOptions("flaky.jsonl", waits));
    expect(summary).toMatchObject({ recorded: 1, retries: 3, failed: [] });
    // The 429's retry-after (0 s) wins; then the backoff doubles from 1 s.
    expect(waits).toEqual([0, 2000, 4000]);
    const [record] = (await loadFixture(summary.file)).records as unknown as RecordedCall[];
    expect(record.retries).toBe(3);
  });

  it("does not retry a 4xx other than 429, leaves the cell unwritten, and records it on the next run", async () => {
    failures = [400];
    const waits: number[] = [];
    const failed = await recordFixtures(flakyOptions("bad-request.jsonl", waits));
    expect(failed).toMatchObject({ recorded: 0, retries: 0 });
    expect(failed.failed).toHaveLength(1);
    expect(failed.failed[0].reason).toMatch(/400/);
    expect(waits).toEqual([]);
    const again = await recordFixtures(flakyOptions("bad-request.jsonl", waits));
    expect(again).toMatchObject({ recorded: 1, skipped: 0, failed: [] });
  });

  it("gives up after the last attempt", async () => {
    failures = [503, 503, 503, 503, 503];
    const waits: number[] = [];
    const summary = await recordFixtures(flakyOptions("down.jsonl", waits));
    expect(summary.failed).toHaveLength(1);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });
});
