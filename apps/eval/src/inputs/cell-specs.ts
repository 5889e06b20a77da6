import type { Intent } from "./types.js";

/** One model request of an eval: an intent's wording under a prompt variant, sampled `trial` times. */
export interface CellSpec {
  intent: Intent;
  /** The text sent: the intent's text, or one of its paraphrases. */
  text: string;
  /** Recorded with the calls: the intent id, or `<id>@p<n>` for its n-th paraphrase. */
  intentId: string;
  variant: string;
  trial: number;
}

/** The key that identifies a cell in a fixture file. */
export function cellKey(intentId: string, variant: string, trial: number): string {
  return `${intentId}|${variant}|${trial}`;
}

/** The id recorded for the n-th (1-based) paraphrase of an intent. */
export function paraphraseId(intent: Intent, index: number): string {
  return `${intent.id}@p${index}`;
}

/**
 * Every cell: each intent × variant × trial, then (when asked) each paraphrase × trial under the
 * first variant, which the ratchet simulation replays.
 */
export function cellSpecs(
  intents: readonly Intent[],
  options: { variants: readonly string[]; trials: number; paraphrases: boolean },
): CellSpec[] {
  const cells: CellSpec[] = [];
  for (const intent of intents)
    for (const variant of options.variants)
      for (let trial = 1; trial <= options.trials; trial++)
        cells.push({ intent, text: intent.text, intentId: intent.id, variant, trial });
  if (options.paraphrases)
    for (const intent of intents)
      (intent.paraphrases ?? []).forEach((text, index) => {
        for (let trial = 1; trial <= options.trials; trial++)
          cells.push({
            intent,
            text,
            intentId: paraphraseId(intent, index + 1),
            variant: options.variants[0],
            trial,
          });
      });
  return cells;
}
