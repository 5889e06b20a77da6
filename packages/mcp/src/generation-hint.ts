/** Why one tier could not answer, with what comes close (the rules tier's "did you mean"). */
interface TierReason {
  provider: string;
  reason: string;
  suggestion?: { rule: string; summary: string; example: string };
}

interface MaybeFailedGeneration {
  success: boolean;
  error?: object | null;
}

/**
 * A `delegate` or `generate` that no tier answered, with the next steps as its `hint`, worded
 * for an agent: the wording a rule answers when one comes close, writing the program itself with
 * `run_program`, and asking the person to set up a model tier (`lackpy delegate` at a terminal
 * says how). Any other result is returned as it is.
 */
export function withGenerationHint<T extends MaybeFailedGeneration>(result: T): T {
  const error = result.error as { hint?: unknown; tiers?: unknown } | null | undefined;
  if (result.success || !error || !Array.isArray(error.tiers) || typeof error.hint === "string")
    return result;
  const tiers = error.tiers as TierReason[];
  const close = tiers.find((tier) => tier.suggestion)?.suggestion;
  const steps = [
    ...(close
      ? [
          `did you mean "${close.example}"? (rule ${close.rule}: ${close.summary}; a request worded like it is answered without a model)`,
        ]
      : []),
    "write the program yourself and call run_program (its description lists the tools and the language)",
    "ask the person to set up a model tier (lackpy delegate in their terminal lists how)",
  ];
  const hint = steps.map((step, index) => (index === 0 ? step : `or ${step}`)).join("; ");
  return { ...result, error: { ...error, hint } };
}
