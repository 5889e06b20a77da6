import { LackpyError } from "@lackpy/lang";
import type Anthropic from "@anthropic-ai/sdk";
import { buildMessages, type ChatMessage } from "../prompt/build-prompt.js";
import { connectionProblem } from "./connection-problem.js";
import { importOptional, type ModuleImporter } from "./import-optional.js";
import { InferError } from "../infer-error.js";
import type { GenerationContext, Provider, ProviderAnswer } from "../provider-types.js";

/** Settings of the Anthropic tier; key and base URL default to the SDK's environment variables. */
export interface AnthropicSettings {
  name?: string;
  model: string;
  maxTokens?: number;
  apiKey?: string;
  /** The environment variable the key comes from, for messages (default `ANTHROPIC_API_KEY`). */
  apiKeyEnv?: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Where to import `@anthropic-ai/sdk` from when lackpy's own install lacks it (the workspace's `node_modules`). */
  importModule?: ModuleImporter;
}

/** The model `lackpy init` configures: the current Sonnet of the installed SDK (not on its deprecation list). */
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-5-5";

/** Where the Anthropic API lives when neither config nor `ANTHROPIC_BASE_URL` says otherwise. */
export const DEFAULT_ANTHROPIC_BASE_URL = "https://api.anthropic.com";

/**
 * Tier 3: a hosted model through the official `@anthropic-ai/sdk`, an optional peer dependency
 * loaded on first use. Failures name the URL, the HTTP status and any retry-after.
 */
export class AnthropicProvider implements Provider {
  readonly tier = "anthropic" as const;
  readonly retries = true;
  readonly name: string;
  /** The API's base URL (config, `ANTHROPIC_BASE_URL`, or the SDK's default). */
  readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private client: Anthropic | null = null;
  private problem: string | undefined;

  constructor(
    readonly settings: AnthropicSettings,
    env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env,
  ) {
    this.name = settings.name ?? "anthropic";
    this.apiKey = settings.apiKey ?? env.ANTHROPIC_API_KEY;
    this.baseUrl = (settings.baseUrl ?? env.ANTHROPIC_BASE_URL ?? DEFAULT_ANTHROPIC_BASE_URL)
      .trim()
      .replace(/\/+$/, "");
  }

  private async connect(): Promise<Anthropic> {
    if (this.client) return this.client;
    if (!this.apiKey)
      throw new InferError(
        "invalid_provider_config",
        `No Anthropic API key for the '${this.name}' provider: set ${this.settings.apiKeyEnv ?? "ANTHROPIC_API_KEY"}.`,
      );
    const { default: AnthropicClient } = await importOptional({
      packageName: "@anthropic-ai/sdk",
      specifier: "@anthropic-ai/sdk",
      load: () => import("@anthropic-ai/sdk"),
      neededBy: `'${this.name}' provider (Anthropic)`,
      fallback: this.settings.importModule,
    });
    this.client = new AnthropicClient({
      apiKey: this.apiKey,
      baseURL: this.baseUrl,
      maxRetries: 0,
      timeout: this.settings.timeoutMs ?? 120_000,
    });
    return this.client;
  }

  /** True when a key is configured and the SDK is installed (no network call). */
  async available(): Promise<boolean> {
    try {
      await this.connect();
      this.problem = undefined;
      return true;
    } catch (error) {
      if (!LackpyError.is(error)) throw error;
      this.problem = error.hint ? `${error.message} (${error.hint})` : error.message;
      return false;
    }
  }

  /** Why the last availability check said no: no API key, or the SDK is not installed. */
  unavailableReason(): string | undefined {
    return this.problem;
  }

  /** The messages this provider sends for an intent. */
  messages(intent: string, context: GenerationContext): ChatMessage[] {
    return buildMessages(intent, context);
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer> {
    const client = await this.connect();
    const [system, ...rest] = this.messages(intent, context);
    const response = await client.messages
      .create(
        {
          model: this.settings.model,
          max_tokens: this.settings.maxTokens ?? 1024,
          system: system.content,
          messages: rest.map((message) => ({
            role: message.role === "assistant" ? "assistant" : "user",
            content: message.content,
          })),
        },
        context.signal ? { signal: context.signal } : undefined,
      )
      .catch((error: unknown) => {
        throw new Error(this.describeFailure(error), { cause: error });
      });
    const text = response.content
      .map((block) => (block.type === "text" ? block.text : ""))
      .join("");
    return {
      raw: text,
      model: response.model ?? this.settings.model,
      tokensIn: response.usage?.input_tokens,
      tokensOut: response.usage?.output_tokens,
    };
  }

  private describeFailure(error: unknown): string {
    const url = `${this.baseUrl}/v1/messages`;
    const { model } = this.settings;
    const failure = error as {
      status?: unknown;
      apiMessage?: unknown;
      headers?: { get?(name: string): string | null };
    };
    if (typeof failure.status === "number") {
      const detail =
        typeof failure.apiMessage === "string"
          ? failure.apiMessage
          : (error instanceof Error ? error.message : String(error)).replace(
              new RegExp(`^${failure.status} `),
              "",
            );
      const retryAfter = failure.headers?.get?.("retry-after");
      return `Anthropic at ${url} answered HTTP ${failure.status} for model ${model}: ${detail}${retryAfter ? `; retry after ${retryAfter} s` : ""}`;
    }
    return `Anthropic at ${url} (model ${model}) failed: ${connectionProblem(error)}`;
  }
}
