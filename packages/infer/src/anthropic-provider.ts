import Anthropic from "@anthropic-ai/sdk";
import { buildMessages, type ChatMessage } from "./build-prompt.js";
import type { GenerationContext, Provider, ProviderAnswer } from "./provider-types.js";

/** Settings of the Anthropic tier; key and base URL default to the SDK's environment variables. */
export interface AnthropicSettings {
  name?: string;
  model: string;
  maxTokens?: number;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** Tier 3: a hosted model through the official `@anthropic-ai/sdk`. */
export class AnthropicProvider implements Provider {
  readonly tier = "anthropic" as const;
  readonly retries = true;
  readonly name: string;
  private readonly client: Anthropic | null;

  constructor(
    readonly settings: AnthropicSettings,
    env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env,
  ) {
    this.name = settings.name ?? "anthropic";
    const apiKey = settings.apiKey ?? env.ANTHROPIC_API_KEY;
    this.client = apiKey
      ? new Anthropic({
          apiKey,
          baseURL: settings.baseUrl ?? env.ANTHROPIC_BASE_URL ?? undefined,
          maxRetries: 0,
          timeout: settings.timeoutMs ?? 120_000,
        })
      : null;
  }

  /** True when a key is configured (no network call). */
  async available(): Promise<boolean> {
    return this.client !== null;
  }

  /** The messages this provider sends for an intent. */
  messages(intent: string, context: GenerationContext): ChatMessage[] {
    return buildMessages(intent, context);
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer> {
    if (!this.client)
      throw new Error("No Anthropic API key: set ANTHROPIC_API_KEY or api key config.");
    const [system, ...rest] = this.messages(intent, context);
    const response = await this.client.messages.create(
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
    );
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
}
