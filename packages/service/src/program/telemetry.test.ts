import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startOllamaStub, type OllamaStub } from "../__fixtures__/ollama-stub.js";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let root: string;
let ollama: OllamaStub;
let ollamaUrl: string;

function config(change: (config: LackpyConfig) => void = () => undefined): LackpyConfig {
  const copy = structuredClone(DEFAULT_CONFIG);
  copy.run.mode = "in-process";
  copy.inference.order = ["templates", "rules", "ollama"];
  copy.inference.providers.ollama = { plugin: "ollama", host: ollamaUrl, model: "stub-coder" };
  change(copy);
  return copy;
}

const spans = () => exporter.getFinishedSpans();
const named = (name: string) => spans().filter((span) => span.name === name);
const one = (name: string): ReadableSpan => {
  const found = named(name);
  expect(found, name).toHaveLength(1);
  return found[0];
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-otel-"));
  await cp(EXAMPLE, root, { recursive: true });
  // A loopback Ollama that writes one program and reports token counts.
  ollama = await startOllamaStub(() => 'len(read_file("README.md").split("\\n"))', {
    model: "stub-coder",
    promptTokens: 120,
    outputTokens: 9,
  });
  ollamaUrl = ollama.url;
  trace.setGlobalTracerProvider(provider);
});

beforeEach(() => exporter.reset());

afterAll(async () => {
  trace.disable();
  await provider.shutdown();
  await ollama.close();
  await rm(root, { recursive: true, force: true });
});

describe("OpenTelemetry spans", () => {
  it("traces delegate → tiers → model call, and delegate → run → tool calls", async () => {
    const service = new LackpyService({ workspace: root, config: config() });
    const result = await service.delegate("how many pieces does the readme have");
    expect(result).toMatchObject({ success: true, tier: "ollama" });

    const delegate = one("invoke_agent lackpy");
    expect(parentOf(delegate)).toBeUndefined();
    expect(delegate.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "lackpy",
      "gen_ai.request.model": "stub-coder",
      "lackpy.kit": "readonly",
      "lackpy.tier": "ollama",
      "lackpy.success": true,
    });

    const tiers = ["templates", "rules", "ollama"].map((name) => one(`lackpy.tier ${name}`));
    for (const tier of tiers) expect(parentOf(tier)).toBe(idOf(delegate));
    expect(tiers.map((tier) => tier.attributes["lackpy.tier.outcome"])).toEqual([
      "passed",
      "passed",
      "answered",
    ]);

    const chat = one("chat stub-coder");
    expect(parentOf(chat)).toBe(idOf(tiers[2]));
    expect(chat.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "ollama",
      "gen_ai.request.model": "stub-coder",
      "gen_ai.response.model": "stub-coder",
      "gen_ai.usage.input_tokens": 120,
      "gen_ai.usage.output_tokens": 9,
    });

    const run = one("lackpy.run");
    expect(parentOf(run)).toBe(idOf(delegate));
    expect(run.attributes).toMatchObject({ "lackpy.run.tool_calls": 1, "lackpy.success": true });
    const tool = one("execute_tool read_file");
    expect(parentOf(tool)).toBe(idOf(run));
    expect(tool.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "read_file",
    });
    // Every child ends within its parent. The SDK anchors each span's clock on Date.now(), whole
    // milliseconds, so two spans' times may disagree by up to 1 ms.
    const nanoseconds = ([seconds, nanos]: [number, number]) => seconds * 1e9 + nanos;
    for (const child of [...tiers, chat, run, tool]) {
      const parent = spans().find((span) => idOf(span) === parentOf(child))!;
      expect(nanoseconds(child.endTime), child.name).toBeLessThanOrEqual(
        nanoseconds(parent.endTime) + 1e6,
      );
    }
    await service.close();
  });

  it("traces a template answer as one tier span and no model call", async () => {
    const service = new LackpyService({ workspace: root, config: config() });
    await service.create(`find_files("**/*.py")`, { name: "py", pattern: "python sources" });
    await service.delegate("python sources");
    expect(one("lackpy.tier templates").attributes).toMatchObject({
      "lackpy.tier.outcome": "answered",
      "lackpy.template": "py",
    });
    expect(named("lackpy.tier rules")).toEqual([]);
    expect(spans().filter((span) => span.name.startsWith("chat "))).toEqual([]);
    expect(one("execute_tool find_files")).toBeDefined();
    await service.close();
  });

  it("traces runProgram as a root run span with a failed tool call marked as an error", async () => {
    const service = new LackpyService({ workspace: root, config: config() });
    const result = await service.runProgram(`read_file("missing.txt")`);
    expect(result.error?.code).toBe("tool_error");
    const run = one("lackpy.run");
    expect(parentOf(run)).toBeUndefined();
    expect(run.status.code).toBe(2);
    expect(run.attributes["error.type"]).toBe("tool_error");
    const tool = one("execute_tool read_file");
    expect(parentOf(tool)).toBe(idOf(run));
    expect(tool.status).toMatchObject({ code: 2 });
  });

  it("keeps a secret out of a failed tool call's span", async () => {
    // A tool that takes secrets and echoes one in its error (the file tools take none).
    const service = new LackpyService({
      workspace: root,
      config: config(),
      extendToolbox: (toolbox) => {
        toolbox.registerProvider({
          name: "test",
          resolve: () => (page: unknown) => {
            throw new Error(`no page at ${String(page)}`);
          },
        });
        toolbox.registerTool({
          name: "fetch_page",
          provider: "test",
          args: [{ name: "url", type: "string" }],
          gradeW: 0,
          effectsCeiling: 0,
        });
      },
    });
    const result = await service.runProgram(`fetch_page(token)`, {
      kit: ["fetch_page"],
      params: { token: { value: "hidden-Name-42.txt", secret: true } },
    });
    expect(result.error?.code).toBe("tool_error");
    const tool = one("execute_tool fetch_page");
    expect(tool.status.code).toBe(2);
    const recorded = JSON.stringify([
      tool.status,
      tool.attributes,
      tool.events,
      one("lackpy.run").status,
    ]);
    expect(recorded).not.toContain("hidden-Name-42");
    expect(tool.status.message).toContain("[redacted]");
  });

  it("traces a program that fails validation as a failed lackpy.validate span with its codes", async () => {
    const service = new LackpyService({ workspace: root, config: config() });
    const result = await service.runProgram("let i = 0\nwhile (i < 3) i++\nfs.readFileSync(x)", {
      kit: "readonly",
    });
    expect(result.error?.code).toBe("invalid_program");
    const validate = one("lackpy.validate");
    expect(parentOf(validate)).toBeUndefined();
    expect(validate.attributes).toMatchObject({
      "lackpy.kit": "readonly",
      "lackpy.valid": false,
      "lackpy.validation.errors": 3,
      "lackpy.validation.error_codes": ["forbidden_syntax", "unknown_name"],
      "error.type": "forbidden_syntax",
    });
    expect(validate.status).toMatchObject({ code: 2, message: expect.stringContaining("while") });
    expect(named("lackpy.run")).toEqual([]);
  });

  it("traces validate, valid or not, and keeps a secret out of the span", async () => {
    const service = new LackpyService({ workspace: root, config: config() });
    expect((await service.validate('len(read_file("README.md"))')).valid).toBe(true);
    expect(one("lackpy.validate").attributes).toMatchObject({ "lackpy.valid": true });
    expect(one("lackpy.validate").status.code).not.toBe(2);
    exporter.reset();
    const invalid = await service.validate("token.length", {
      params: { token: { value: "hidden-Name-42", secret: true } },
    });
    expect(invalid.valid).toBe(false);
    const span = one("lackpy.validate");
    expect(span.attributes["error.type"]).toBe("secret_access");
    expect(JSON.stringify([span.attributes, span.status])).not.toContain("hidden-Name-42");
  });

  it("traces generate with its tiers, and a failed generation as an error", async () => {
    const service = new LackpyService({
      workspace: root,
      config: config((settings) => (settings.inference.order = ["rules"])),
    });
    const outcome = await service.generate("tell me a joke");
    expect(outcome.success).toBe(false);
    const generate = one("lackpy.generate");
    expect(generate.attributes["error.type"]).toBe("generation_failed");
    const rules = one("lackpy.tier rules");
    expect(parentOf(rules)).toBe(idOf(generate));
    expect(rules.attributes).toMatchObject({
      "lackpy.tier.outcome": "passed",
      "lackpy.tier.reason": "no match; no rule reads 'joke'",
    });
  });

  it("records nothing once no provider is registered, with the same results", async () => {
    const service = new LackpyService({ workspace: root, config: config() });
    trace.disable();
    try {
      const result = await service.delegate("list all python files");
      expect(result.output).toEqual(["src/cli.py"]);
      expect(spans()).toEqual([]);
    } finally {
      trace.setGlobalTracerProvider(provider);
    }
  });
});
