import {
  buildMessages,
  promptHash,
  ReplayProvider,
  type GenerationContext,
  type ModelCallRecord,
  type Provider,
  type ProviderAnswer,
} from "@lackpy/infer";

/**
 * A replay provider per trial of a fixture, behind one provider the service keeps: `use(trial)`
 * picks which sample answers next. Counts misses, stale answers and used records across trials.
 */
export class TrialReplay implements Provider {
  readonly retries = true;
  private readonly byTrial = new Map<number, ReplayProvider>();
  private current: ReplayProvider;
  /** Hash of the last first-attempt prompt this provider was asked (the cell's initial prompt). */
  initialPromptHash: string | null = null;
  /**
   * Asked with each first-attempt prompt's hash; when it says yes, the call fails at once
   * (`skippedIdentical` is set), so a prompt already replayed is not replayed again.
   */
  skipIdentical: ((hash: string) => boolean) | null = null;
  skippedIdentical = false;

  constructor(
    records: readonly ModelCallRecord[],
    readonly name: string,
    readonly tier: "ollama" | "anthropic",
  ) {
    const trials = new Map<number, ModelCallRecord[]>();
    for (const record of records) {
      const trial = record.trial ?? 1;
      const list = trials.get(trial);
      if (list) list.push(record);
      else trials.set(trial, [record]);
    }
    for (const [trial, list] of trials)
      this.byTrial.set(trial, new ReplayProvider(list, buildMessages, name, tier));
    this.current = this.byTrial.get(1) ?? new ReplayProvider([], buildMessages, name, tier);
  }

  /** Trial numbers present in the fixture, sorted. */
  get trials(): number[] {
    return [...this.byTrial.keys()].sort((a, b) => a - b);
  }

  /** Answers the next requests from this trial's records (an absent trial answers nothing: every call is a miss). */
  use(trial: number): this {
    this.current =
      this.byTrial.get(trial) ?? new ReplayProvider([], buildMessages, this.name, this.tier);
    return this;
  }

  /** Counters of the current trial's provider, to diff around one request. */
  counters(): { misses: number; stale: number; used: number } {
    return {
      misses: this.current.misses.length,
      stale: this.current.stale.length,
      used: this.current.used.length,
    };
  }

  /** Records the current trial answered with since `counters()` returned `used`. */
  usedSince(used: number): ModelCallRecord[] {
    return this.current.used.slice(used);
  }

  async available(): Promise<boolean> {
    return true;
  }

  generate(intent: string, context: GenerationContext): Promise<ProviderAnswer> {
    if (!context.feedback) {
      this.initialPromptHash = promptHash(buildMessages(intent, context));
      if (this.skipIdentical?.(this.initialPromptHash)) {
        this.skippedIdentical = true;
        return Promise.reject(new Error("identical prompt: replayed under an earlier variant"));
      }
    }
    return this.current.generate(intent, context);
  }
}
