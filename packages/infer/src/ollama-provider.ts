import { Ollama } from "ollama/browser";
import { buildMessages, type ChatMessage } from "./build-prompt.js";
import type { GenerationContext, Provider, ProviderAnswer } from "./provider-types.js";

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
}

const AVAILABILITY_CACHE_MS = 5_000;

/** Tier 2: a local model through the official `ollama` client. */
export class OllamaProvider implements Provider {
  readonly tier = "ollama" as const;
  readonly retries = true;
  readonly name: string;
  private checkedAt = 0;
  private lastAvailable = false;

  constructor(readonly settings: OllamaSettings) {
    this.name = settings.name ?? "ollama";
  }

  private client(signal?: AbortSignal, timeoutMs?: number): Ollama {
    const host = this.settings.host ?? "http://127.0.0.1:11434";
    const fetchWithTimeout: typeof fetch = (input, init) => {
      const signals = [
        AbortSignal.timeout(timeoutMs ?? this.settings.timeoutMs ?? 120_000),
        ...(signal ? [signal] : []),
        ...(init?.signal ? [init.signal] : []),
      ];
      return fetch(input, { ...init, signal: AbortSignal.any(signals) });
    };
    return new Ollama({ host, fetch: fetchWithTimeout });
  }

  /** Asks the server (cached for a few seconds); false when it is down or slow. */
  async available(): Promise<boolean> {
    if (Date.now() - this.checkedAt < AVAILABILITY_CACHE_MS) return this.lastAvailable;
    try {
      await this.client(undefined, this.settings.availableTimeoutMs ?? 1_500).list();
      this.lastAvailable = true;
    } catch {
      this.lastAvailable = false;
    }
    this.checkedAt = Date.now();
    return this.lastAvailable;
  }

  /** The messages this provider sends for an intent (for recording and replay). */
  messages(intent: string, context: GenerationContext): ChatMessage[] {
    return buildMessages(intent, context);
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer> {
    const response = await this.client(context.signal).chat({
      model: this.settings.model,
      messages: this.messages(intent, context),
      stream: false,
      options: { temperature: context.temperature ?? this.settings.temperature ?? 0.2 },
      ...(this.settings.keepAlive ? { keep_alive: this.settings.keepAlive } : {}),
    });
    const content = (response as { message?: { content?: unknown } })?.message?.content;
    if (typeof content !== "string")
      throw new Error(`Ollama answered without message content (model ${this.settings.model}).`);
    return {
      raw: content,
      model: this.settings.model,
      tokensIn: response.prompt_eval_count,
      tokensOut: response.eval_count,
    };
  }
}
