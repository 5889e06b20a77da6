import type { ModuleImporter, Provider } from "@lackpy/infer";
import type { LackpyConfig } from "../config/config-types.js";
import type { ProviderStatus } from "../service-types.js";
import type { TemplateTierFactory } from "./inference.js";

/** Every configured provider, its tier and whether it answers now (the configured order's providers are reused; `gate` puts the others behind the trust gate). */
export async function providerList(
  settings: LackpyConfig,
  ordered: readonly Provider[],
  templateTier: TemplateTierFactory,
  env: Record<string, string | undefined>,
  importModule?: ModuleImporter,
  gate: (provider: Provider) => Provider = (provider) => provider,
): Promise<ProviderStatus[]> {
  const { buildProvider, tierOf } = await import("./inference.js");
  const keys = [
    ...new Set([...settings.inference.order, ...Object.keys(settings.inference.providers)]),
  ];
  return Promise.all(
    keys.map(async (key) => {
      const config = settings.inference.providers[key] ?? { plugin: key as "templates" };
      const provider =
        ordered.find((candidate) => candidate.name === key) ??
        gate(buildProvider(key, settings, templateTier, env, importModule));
      const available = await provider.available().catch(() => false);
      return {
        key,
        plugin: config.plugin,
        tier: tierOf(config.plugin),
        model: config.model ?? null,
        available,
        inOrder: settings.inference.order.includes(key),
        ...(available
          ? {}
          : {
              detail:
                provider.unavailableReason?.() ??
                (config.plugin === "anthropic"
                  ? "no API key"
                  : `no answer from ${config.host ?? "http://127.0.0.1:11434"}`),
            }),
      };
    }),
  );
}
