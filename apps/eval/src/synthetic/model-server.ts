/**
 * A loopback HTTP server that speaks the Ollama chat API and the Anthropic messages API and
 * answers with behaviour profiles. It stands in for a model server, so the real providers and
 * the real recorder produce the synthetic fixtures. Only 127.0.0.1.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { promptHash, type ChatMessage } from "@lackpy/infer";
import type { Intent } from "../inputs/types.js";
import { hideUnseenTools } from "./unseen-tools.js";
import {
  PROFILES,
  SYNTHETIC_SEED,
  type BehaviourProfile,
  type SyntheticRequest,
} from "./profiles.js";

/** A request the server received, for tests that compare it with what was recorded. */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** A running synthetic model server. */
export interface SyntheticServer {
  url: string;
  /** Model calls answered, by model. */
  calls: Map<string, number>;
  /** Every request, in order. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** The version the server reports on `/api/version`. */
export const SYNTHETIC_SERVER_VERSION = "0.0.0-synthetic";

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const text = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: string }) => part.text ?? "").join("")
      : "";

/** The system prompt a chat request carried (Ollama's first message, Anthropic's `system`), or null. */
export function systemOf(request: ReceivedRequest): string | null {
  if (request.method !== "POST") return null;
  if (request.path === "/api/chat") {
    const first = (request.body.messages as ChatMessage[] | undefined)?.[0];
    return first?.role === "system" ? first.content : null;
  }
  if (request.path === "/v1/messages")
    return request.body.system ? text(request.body.system) : null;
  return null;
}

/** Reads stage, intent text and previous program from the messages lackpy's prompt builder sends. */
export function readPrompt(messages: readonly ChatMessage[]): {
  stage: SyntheticRequest["stage"];
  intentText: string;
  previous: string | null;
  system: string;
} {
  const system = messages[0]?.role === "system" ? messages[0].content : "";
  const rest = messages[0]?.role === "system" ? messages.slice(1) : messages;
  const first = rest[0]?.content ?? "";
  const fixer =
    /^Request: ([^\n]*)\n\nThis program does not follow the rules:\n([\s\S]*?)\n\nErrors:/.exec(
      first,
    );
  if (fixer) return { stage: "fixer", intentText: fixer[1], previous: fixer[2], system };
  if (rest.length >= 3 && rest[1].role === "assistant")
    return { stage: "retry", intentText: first, previous: rest[1].content, system };
  return { stage: "initial", intentText: first, previous: null, system };
}

function unit(hex: string): number {
  return parseInt(hex, 16) / 2 ** 32;
}

/** A number in [0, 1) from a text, the same on every machine. */
function unitOf(text: string): number {
  return unit(promptHash([{ role: "user", content: text }]).slice(0, 8));
}

/**
 * Starts the server on 127.0.0.1 with a free port. Per-intent decisions are seeded by `seed`,
 * the profile and the intent; per-call noise by the prompt and how often it was asked before.
 */
export async function startSyntheticServer(
  intents: readonly Intent[],
  profiles: Readonly<Record<string, BehaviourProfile>> = PROFILES,
  seed: number = SYNTHETIC_SEED,
): Promise<SyntheticServer> {
  const byText = new Map<string, Intent>();
  for (const intent of intents)
    for (const wording of [intent.text, ...(intent.paraphrases ?? [])]) byText.set(wording, intent);
  const seen = new Map<string, number>();
  const calls = new Map<string, number>();
  const received: ReceivedRequest[] = [];
  const digest = (model: string) => promptHash([{ role: "user", content: model }]).repeat(2);

  function answer(model: string, messages: ChatMessage[]): string | null {
    const profile = profiles[model];
    if (!profile) return null;
    const prompt = readPrompt(messages);
    const key = `${model}\n${promptHash(messages)}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    calls.set(model, (calls.get(model) ?? 0) + 1);
    const hash = promptHash([{ role: "user", content: `${key}\n${occurrence}` }]);
    const intent = byText.get(prompt.intentText) ?? null;
    const intentKey = `${seed}\n${model}\n${intent?.id ?? prompt.intentText}`;
    const program = profile.answer({
      intent,
      intents,
      stage: prompt.stage,
      previous: prompt.previous,
      strict: prompt.system.includes("\nRules:\n"),
      examples: prompt.system.includes("\nExamples:\n"),
      intentRoll: unitOf(`${intentKey}\nroll`),
      intentPick: unitOf(`${intentKey}\npick`),
      roll: unit(hash.slice(0, 8)),
      pick: unit(hash.slice(8, 16)),
    });
    return hideUnseenTools(program, prompt.system);
  }

  const tokens = (value: string) => Math.ceil(value.length / 4);

  const server = createServer((request, response) => {
    void (async () => {
      const body = (await readBody(request)) as Record<string, unknown>;
      received.push({ method: request.method ?? "", path: request.url ?? "", body });
      const model = String(body.model ?? "");
      if (request.method === "GET" && request.url === "/api/tags")
        return send(response, 200, {
          models: Object.keys(profiles).map((name) => ({
            name,
            model: name,
            digest: digest(name),
            details: { quantization_level: "none", family: "synthetic" },
          })),
        });
      if (request.method === "GET" && request.url === "/api/version")
        return send(response, 200, { version: SYNTHETIC_SERVER_VERSION });
      if (request.method === "POST" && request.url === "/api/show") {
        if (!profiles[model]) return send(response, 404, { error: `model '${model}' not found` });
        return send(response, 200, {
          modified_at: new Date(0).toISOString(),
          details: {
            format: "synthetic",
            family: "synthetic",
            parameter_size: "0B",
            quantization_level: "none",
          },
        });
      }
      if (request.method === "POST" && request.url === "/api/chat") {
        const messages = (body.messages as ChatMessage[]) ?? [];
        const content = answer(model, messages);
        if (content === null) return send(response, 404, { error: `model '${model}' not found` });
        return send(response, 200, {
          model,
          created_at: new Date(0).toISOString(),
          message: { role: "assistant", content },
          done: true,
          done_reason: "stop",
          prompt_eval_count: tokens(messages.map((message) => message.content).join("")),
          eval_count: tokens(content),
        });
      }
      if (request.method === "POST" && request.url === "/v1/messages") {
        const messages: ChatMessage[] = [
          ...(body.system ? [{ role: "system" as const, content: text(body.system) }] : []),
          ...((body.messages as { role: "user" | "assistant"; content: unknown }[]) ?? []).map(
            (message) => ({ role: message.role, content: text(message.content) }),
          ),
        ];
        const content = answer(model, messages);
        if (content === null)
          return send(response, 404, {
            type: "error",
            error: { type: "not_found_error", message: `model: ${model}` },
          });
        return send(response, 200, {
          id: "msg_synthetic",
          type: "message",
          role: "assistant",
          model,
          content: [{ type: "text", text: content }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: {
            input_tokens: tokens(messages.map((message) => message.content).join("")),
            output_tokens: tokens(content),
          },
        });
      }
      send(response, 404, { error: `no route ${request.method} ${request.url}` });
    })().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
