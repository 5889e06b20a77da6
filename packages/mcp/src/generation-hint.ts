interface MaybeFailedGeneration {
  success: boolean;
  error?: object | null;
}

/**
 * A `delegate` or `generate` that no tier answered, with the next steps as its `hint`, worded
 * for an agent: the wording a rule answers when one comes close, writing the program itself with
 * `run_program`, and asking the person to set up a model tier (`lackpy delegate` at a terminal
 * says how), in place of the service's next steps for a person at a terminal. Any other result
 * is returned as it is.
 */
export function withGenerationHint<T extends MaybeFailedGeneration>(result: T): T {
  const error = result.error as { tiers?: unknown; didYouMean?: unknown } | null | undefined;
  if (result.success || !error || !Array.isArray(error.tiers)) return result;
  const steps = [
    ...(typeof error.didYouMean === "string" && error.didYouMean.startsWith("Did you mean")
      ? [
          "reword the request as didYouMean says (a request worded like a rule is answered without a model)",
        ]
      : []),
    "write the program yourself and call run_program (its description lists the tools and the language)",
    "ask the person to set up a model tier (lackpy delegate in their terminal lists how)",
  ];
  const hint = steps.map((step, index) => (index === 0 ? step : `or ${step}`)).join("; ");
  return { ...result, error: { ...error, hint } };
}
