/**
 * Retries a model call that failed with HTTP 429 or 5xx, or without an answer at all, with
 * exponential backoff (or the server's `retry-after`); any other failure is the model's answer
 * to a bad request and is not retried. It reads the statuses from the fetch tap's scope.
 */
import type { GenerationContext, MessageProvider, ProviderAnswer } from "@lackpy/infer";
import { currentTapScope } from "./fetch-tap.js";

/** How to retry. */
export interface RetrySettings {
  /** Attempts in all, the first included (default 5). */
  attempts: number;
  /** Wait before the first retry; doubles each time (default 1000). */
  baseDelayMs: number;
  /** Longest wait (default 30 000). */
  maxDelayMs: number;
  /** Waits; tests pass one that does not. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each retry, for the progress line. */
  onRetry?: (reason: string, delayMs: number) => void;
  /** Called with the error when a call fails for good (no retry left, or not worth one). */
  onGiveUp?: (error: unknown) => void;
}

/** The default retry settings of `eval record`. */
export const DEFAULT_RETRY: RetrySettings = Object.freeze({
  attempts: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
});

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** A status worth retrying: rate limited, overloaded, a server error, or no answer. */
export function retriable(status: number | null): boolean {
  return status === null || status === 429 || status === 529 || status >= 500;
}

/** Wraps a model provider so transient HTTP failures are retried; counts the retries. */
export class RetryingProvider implements MessageProvider {
  readonly name: string;
  readonly tier: MessageProvider["tier"];
  readonly retries: boolean;
  /** Retries made so far. */
  retried = 0;

  constructor(
    private readonly inner: MessageProvider,
    private readonly settings: RetrySettings = DEFAULT_RETRY,
  ) {
    this.name = inner.name;
    this.tier = inner.tier;
    this.retries = inner.retries;
  }

  available(): Promise<boolean> {
    return this.inner.available();
  }

  messages(intent: string, context: GenerationContext) {
    return this.inner.messages(intent, context);
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    for (let attempt = 1; ; attempt++) {
      const scope = currentTapScope();
      const before = scope?.exchanges.length ?? 0;
      try {
        return await this.inner.generate(intent, context);
      } catch (error) {
        // No HTTP exchange seen: the failure did not come from the server, so waiting will not help.
        const last = scope?.exchanges.slice(before).at(-1);
        const status = last?.status ?? null;
        if (
          !last ||
          attempt >= this.settings.attempts ||
          !retriable(status) ||
          context.signal?.aborted
        ) {
          this.settings.onGiveUp?.(error);
          throw error;
        }
        const delayMs = Math.min(
          this.settings.maxDelayMs,
          last.retryAfterMs ?? this.settings.baseDelayMs * 2 ** (attempt - 1),
        );
        this.retried += 1;
        this.settings.onRetry?.(
          status === null
            ? `no answer (${last.error ?? (error as Error).message})`
            : `HTTP ${status}`,
          delayMs,
        );
        await (this.settings.sleep ?? sleep)(delayMs, context.signal);
      }
    }
  }
}
