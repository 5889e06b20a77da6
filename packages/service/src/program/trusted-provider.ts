import type { GenerationContext, Provider, ProviderAnswer } from "@lackpy/infer";

/**
 * A model provider that asks `permit` (the trust gate) before it sends anything: before it checks
 * whether its server answers and before it generates. A refused provider is unavailable, with the
 * refusal and its hint as the reason, so nothing reaches a host (or a credential leaves the
 * environment) that a workspace's config named before a person trusted it, and the other tiers
 * still answer.
 */
export function trustedProvider(provider: Provider, permit: () => Promise<void>): Provider {
  let refusal: string | undefined;
  const permitted = async (): Promise<boolean> => {
    try {
      await permit();
      refusal = undefined;
      return true;
    } catch (error) {
      const { message, hint } = error as { message: string; hint?: string };
      refusal = hint ? `${message} (${hint})` : message;
      return false;
    }
  };
  // The model's settings, for the trace's `gen_ai.request.model` (read-only here).
  const settings = (provider as { settings?: unknown }).settings;
  return {
    ...(settings === undefined ? {} : { settings }),
    name: provider.name,
    tier: provider.tier,
    retries: provider.retries,
    async available() {
      return (await permitted()) && provider.available();
    },
    unavailableReason: () => refusal ?? provider.unavailableReason?.(),
    async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
      await permit();
      return provider.generate(intent, context);
    },
    ...(provider.explainMiss
      ? {
          explainMiss: (intent: string, context: GenerationContext) =>
            provider.explainMiss!(intent, context),
        }
      : {}),
  };
}
