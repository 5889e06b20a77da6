import { monotonicMs } from "@lackpy/lang";
import { promptHash, type ChatMessage } from "../prompt/build-prompt.js";
import type { GenerationContext, Provider, ProviderAnswer } from "../provider-types.js";

/** One recorded model call (a line of a fixtures JSONL file). */
export interface ModelCallRecord {
  provider: string;
  model: string | null;
  intentId?: string;
  promptVariant?: string;
  promptHash: string;
  attempt: number;
  /** Repeated sample of the same cell (1-based), for pass^k; absent means 1. */
  trial?: number;
  temperature: number;
  raw: string;
  latencyMs: number;
  tokensIn?: number;
  tokensOut?: number;
  recordedAt: string;
  source: "recorded" | "synthetic";
}

/** A model provider that can show the messages it would send. */
export interface MessageProvider extends Provider {
  messages(intent: string, context: GenerationContext): ChatMessage[];
}

/** Wraps a model provider and hands every call to `sink` as a record (the Node entry appends them to JSONL). */
export class RecordingProvider implements Provider {
  readonly name: string;
  readonly tier: Provider["tier"];
  readonly retries: boolean;

  constructor(
    private readonly inner: MessageProvider,
    private readonly sink: (record: ModelCallRecord) => void | Promise<void>,
  ) {
    this.name = inner.name;
    this.tier = inner.tier;
    this.retries = inner.retries;
  }

  available(): Promise<boolean> {
    return this.inner.available();
  }

  unavailableReason(): string | undefined {
    return this.inner.unavailableReason?.();
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    const started = monotonicMs();
    const answer = await this.inner.generate(intent, context);
    if (answer) {
      await this.sink({
        provider: this.name,
        model: answer.model ?? null,
        ...(context.intentId ? { intentId: context.intentId } : {}),
        ...(context.variant ? { promptVariant: context.variant } : {}),
        promptHash: promptHash(this.inner.messages(intent, context)),
        attempt: (context.feedback?.attempt ?? 0) + 1,
        temperature: context.temperature ?? 0,
        raw: answer.raw,
        latencyMs: Math.round(monotonicMs() - started),
        ...(answer.tokensIn !== undefined ? { tokensIn: answer.tokensIn } : {}),
        ...(answer.tokensOut !== undefined ? { tokensOut: answer.tokensOut } : {}),
        recordedAt: new Date().toISOString(),
        source: "recorded",
      });
    }
    return answer;
  }
}

/** Why a replay could not answer. */
export class FixtureMiss extends Error {
  readonly code = "fixture_miss";
  constructor(
    readonly promptHash: string,
    readonly intentId?: string,
  ) {
    super(`No recorded answer for prompt ${promptHash}${intentId ? ` (intent ${intentId})` : ""}.`);
    this.name = "FixtureMiss";
  }
}

/** Answers from recorded calls by prompt hash; falls back to (intent, variant, attempt) and marks that answer stale; a miss throws `FixtureMiss`, never guesses. */
export class ReplayProvider implements Provider {
  readonly retries = true;
  /** Answers that matched only by intent, variant and attempt because the prompt changed. */
  readonly stale: string[] = [];
  readonly misses: string[] = [];
  /** Every record this provider answered with, in order (for latency and token totals). */
  readonly used: ModelCallRecord[] = [];
  private readonly byHash = new Map<string, ModelCallRecord>();

  constructor(
    records: readonly ModelCallRecord[],
    private readonly build: (intent: string, context: GenerationContext) => ChatMessage[],
    readonly name: string,
    readonly tier: Provider["tier"] = "ollama",
  ) {
    this.records = records;
    for (const record of records)
      if (!this.byHash.has(`${record.promptHash}:${record.attempt}`))
        this.byHash.set(`${record.promptHash}:${record.attempt}`, record);
  }

  private readonly records: readonly ModelCallRecord[];

  async available(): Promise<boolean> {
    return this.records.length > 0;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer> {
    const hash = promptHash(this.build(intent, context));
    const attempt = (context.feedback?.attempt ?? 0) + 1;
    let record = this.byHash.get(`${hash}:${attempt}`);
    if (!record && context.intentId) {
      record = this.records.find(
        (candidate) =>
          candidate.intentId === context.intentId &&
          (candidate.promptVariant ?? undefined) === (context.variant ?? undefined) &&
          candidate.attempt === attempt,
      );
      if (record) this.stale.push(`${context.intentId}#${attempt}`);
    }
    if (!record) {
      this.misses.push(context.intentId ?? hash);
      throw new FixtureMiss(hash, context.intentId);
    }
    this.used.push(record);
    return {
      raw: record.raw,
      model: record.model ?? undefined,
      tokensIn: record.tokensIn,
      tokensOut: record.tokensOut,
    };
  }
}
