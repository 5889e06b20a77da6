import { LackpyError } from "@lackpy/lang";
import type { Ollama } from "ollama/browser";
import { buildMessages, type ChatMessage } from "../prompt/build-prompt.js";
import { connectionProblem } from "./connection-problem.js";
import { importOptional, type ModuleImporter } from "./import-optional.js";
import type { GenerationContext, Provider, ProviderAnswer } from "../provider-types.js";

/** Settings of the Ollama tier. */
export interface OllamaSettings {
  name?: string;
  host?: string;
  model: string;
  temperature?: number;
  keepAlive?: string;
  /** Longest wait for one answer. */
  timeoutMs?: number;
  /** Longest wait for the availability check. */
  availableTimeoutMs?: number;
  /** Where to import the `ollama` client from when lackpy's own install lacks it (the workspace's `node_modules`). */
  importModule?: ModuleImporter;
}

/** Where Ollama listens when no host is configured. */
export const DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434";

const AVAILABILITY_CACHE_MS = 5_000;

/**
 * Tier 2: a local model through the official `ollama` client, an optional peer dependency
 * loaded on first use. Failures name the host and the model.
 */
export class OllamaProvider implements Provider {
  readonly tier = "ollama" as const;
  readonly retries = true;
  readonly name: string;
  private checkedAt = 0;
  private lastAvailable = false;
  private problem: string | undefined;

  constructor(readonly settings: OllamaSettings) {
    this.name = settings.name ?? "ollama";
  }

  /** The server this provider talks to. */
  get host(): string {
    return this.settings.host ?? DEFAULT_OLLAMA_HOST;
  }

  private async client(signal?: AbortSignal, timeoutMs?: number): Promise<Ollama> {
    const { Ollama } = await importOptional({
      packageName: "ollama",
      specifier: "ollama/browser",
      load: () => import("ollama/browser"),
      neededBy: `'${this.name}' provider (Ollama)`,
      fallback: this.settings.importModule,
    });
    const fetchWithTimeout: typeof fetch = async (input, init) => {
      const signals = [
        AbortSignal.timeout(timeoutMs ?? this.settings.timeoutMs ?? 120_000),
        ...(signal ? [signal] : []),
        ...(init?.signal ? [init.signal] : []),
      ];
      return asJsonError(await fetch(input, { ...init, signal: AbortSignal.any(signals) }));
    };
    return new Ollama({ host: this.host, fetch: fetchWithTimeout });
  }

  /** Asks the server (cached for a few seconds); false when it is down, slow, or the `ollama` package is missing. */
  async available(): Promise<boolean> {
    if (Date.now() - this.checkedAt < AVAILABILITY_CACHE_MS) return this.lastAvailable;
    try {
      await (await this.client(undefined, this.settings.availableTimeoutMs ?? 1_500)).list();
      this.lastAvailable = true;
      this.problem = undefined;
    } catch (error) {
      this.lastAvailable = false;
      this.problem =
        // A coded refusal (a missing package, an untrusted workspace's package) says why itself.
        LackpyError.is(error)
          ? error.hint
            ? `${error.message} (${error.hint})`
            : error.message
          : `no answer from Ollama at ${this.host} for model ${this.settings.model}: ${connectionProblem(error)}`;
    }
    this.checkedAt = Date.now();
    return this.lastAvailable;
  }

  /** Why the last availability check said no (names the host and model, or the missing package). */
  unavailableReason(): string | undefined {
    return this.lastAvailable ? undefined : this.problem;
  }

  /** The messages this provider sends for an intent (for recording and replay). */
  messages(intent: string, context: GenerationContext): ChatMessage[] {
    return buildMessages(intent, context);
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer> {
    const client = await this.client(context.signal);
    const { model } = this.settings;
    const response = await client
      .chat({
        model,
        messages: this.messages(intent, context),
        stream: false,
        options: { temperature: context.temperature ?? this.settings.temperature ?? 0.2 },
        ...(this.settings.keepAlive ? { keep_alive: this.settings.keepAlive } : {}),
      })
      .catch((error: unknown) => {
        throw new Error(this.describeFailure(error), { cause: error });
      });
    const content = (response as { message?: { content?: unknown } })?.message?.content;
    if (typeof content !== "string")
      throw new Error(`Ollama at ${this.host} answered without message content (model ${model}).`);
    return {
      raw: content,
      model,
      tokensIn: response.prompt_eval_count,
      tokensOut: response.eval_count,
    };
  }

  private describeFailure(error: unknown): string {
    const { model } = this.settings;
    const status = (error as { status_code?: unknown }).status_code;
    if (typeof status === "number") {
      const message = error instanceof Error ? error.message : String(error);
      const pull = status === 404 ? `; pull it with: ollama pull ${model}` : "";
      return `Ollama at ${this.host} answered HTTP ${status} for model ${model}: ${message}${pull}`;
    }
    return `Ollama at ${this.host} (model ${model}) failed: ${connectionProblem(error)}`;
  }
}

/**
 * Gives an error response without a JSON body a JSON one, so the `ollama` client reads it
 * without logging "Getting text from response" to stdout (stdout is the CLI's answer and the
 * MCP server's protocol channel).
 */
async function asJsonError(response: Response): Promise<Response> {
  if (response.ok || response.headers.get("content-type")?.includes("application/json"))
    return response;
  const text = await response.text().catch(() => "");
  return new Response(
    JSON.stringify({ error: text.trim() || `HTTP ${response.status} ${response.statusText}` }),
    {
      status: response.status,
      statusText: response.statusText,
      headers: { "content-type": "application/json" },
    },
  );
}
