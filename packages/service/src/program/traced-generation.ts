import type { GenerationContext, Provider, ProviderAnswer } from "@lackpy/infer";
import type { GenerateOutcome } from "./inference.js";
import { withinSpan, type TraceSpan } from "./telemetry.js";

/** The model a model provider asks, when it says (Ollama's and Anthropic's settings). */
function requestModel(provider: Provider): string | undefined {
  const model = (provider as { settings?: { model?: unknown } }).settings?.model;
  return typeof model === "string" ? model : undefined;
}

/**
 * The spans of one generation: a `lackpy.tier <provider>` span per tier the dispatcher tries,
 * under the request's span, and a `chat <model>` span (GenAI attributes, token counts) per model
 * call under its tier. `finish` marks each tier answered or why it passed, and ends the spans.
 */
export class GenerationTrace {
  /** Each tried tier's span, and when the dispatcher moved on from it (`performance.now()`). */
  private readonly tiers = new Map<string, { span: TraceSpan; endedAtMs?: number }>();
  private current: { span: TraceSpan; endedAtMs?: number } | null = null;

  constructor(private readonly parent: TraceSpan) {}

  /** Opens the span of a tier the dispatcher starts; the one before it ended now. */
  tierStarted(provider: Provider): void {
    if (this.current) this.current.endedAtMs = performance.now();
    this.current = {
      span: this.parent.child(`lackpy.tier ${provider.name}`, {
        "lackpy.tier": provider.tier,
        "lackpy.provider": provider.name,
      }),
    };
    this.tiers.set(provider.name, this.current);
  }

  /** The providers with each model call wrapped in a span (templates and rules stay as they are). */
  wrap(providers: readonly Provider[]): Provider[] {
    return providers.map((provider) => (provider.retries ? this.tracedModel(provider) : provider));
  }

  /** Marks each tried tier answered or passed (with the dispatcher's reason when generation failed) and ends its span when it ended. */
  finish(outcome: GenerateOutcome): void {
    const reasons = new Map(
      outcome.success ? [] : outcome.error.tiers.map((tier) => [tier.provider, tier.reason]),
    );
    for (const [name, tier] of this.tiers) {
      const answered = outcome.success && outcome.provider === name;
      tier.span.set({
        "lackpy.tier.outcome": answered ? "answered" : "passed",
        "lackpy.tier.reason": answered ? undefined : reasons.get(name),
        "lackpy.attempts": answered ? outcome.attempts : undefined,
      });
      tier.span.end(tier.endedAtMs);
    }
    this.tiers.clear();
    this.current = null;
  }

  private tracedModel(provider: Provider): Provider {
    const model = requestModel(provider);
    const parentSpan = () => this.current?.span ?? this.parent;
    return {
      name: provider.name,
      tier: provider.tier,
      retries: provider.retries,
      available: () => provider.available(),
      unavailableReason: () => provider.unavailableReason?.(),
      async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
        const span = parentSpan().child(`chat ${model ?? provider.tier}`, {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": provider.tier,
          "gen_ai.system": provider.tier,
          "gen_ai.request.model": model,
          "gen_ai.request.temperature": context.temperature,
          "lackpy.attempt": context.feedback ? context.feedback.attempt + 1 : 1,
        });
        return withinSpan(span, async () => {
          const answer = await provider.generate(intent, context);
          span.set({
            "gen_ai.response.model": answer?.model,
            "gen_ai.usage.input_tokens": answer?.tokensIn,
            "gen_ai.usage.output_tokens": answer?.tokensOut,
          });
          return answer;
        });
      },
    };
  }
}
