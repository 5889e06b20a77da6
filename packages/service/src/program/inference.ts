import {
  AnthropicProvider,
  Dispatcher,
  OllamaProvider,
  RulesProvider,
  type GenerationFailure,
  type GenerationResult,
  type ModuleImporter,
  type Provider,
} from "@lackpy/infer";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { ServiceError } from "../service-error.js";

/** What generate returns: an accepted program, or why every tier failed. */
export type GenerateOutcome = GenerationResult | GenerationFailure;

const TIERS: Record<string, number> = { templates: 0, rules: 1, ollama: 2, anthropic: 3 };

/** Builds the workspace's template tier for a config key (it answers from the in-memory templates). */
export type TemplateTierFactory = (key: string) => Provider;

/** The tier number of a plugin. */
export function tierOf(plugin: string): number {
  return Object.hasOwn(TIERS, plugin) ? TIERS[plugin]! : 2;
}

/** Builds one provider from its config entry. */
export function buildProvider(
  key: string,
  config: LackpyConfig,
  templateTier: TemplateTierFactory,
  env: Record<string, string | undefined>,
  importModule?: ModuleImporter,
): Provider {
  const settings =
    (Object.hasOwn(config.inference.providers, key)
      ? config.inference.providers[key]
      : undefined) ?? (Object.hasOwn(TIERS, key) ? { plugin: key as "templates" } : undefined);
  if (!settings)
    throw new ServiceError(
      "unknown_provider",
      `Provider '${key}' is in [inference] order but not defined.`,
      { hint: `add [inference.providers.${key}] with plugin = "ollama" or "anthropic"` },
    );
  switch (settings.plugin) {
    case "templates":
      return templateTier(key);
    case "rules":
      return new RulesProvider(key);
    case "ollama":
      return new OllamaProvider({
        name: key,
        host: settings.host,
        model: settings.model ?? DEFAULT_CONFIG.inference.providers.ollama.model!,
        temperature: settings.temperature,
        keepAlive: settings.keepAlive,
        timeoutMs: settings.timeoutMs,
        ...(importModule ? { importModule } : {}),
      });
    case "anthropic":
      return new AnthropicProvider(
        {
          name: key,
          model: settings.model ?? DEFAULT_CONFIG.inference.providers.anthropic.model!,
          maxTokens: settings.maxTokens,
          baseUrl: settings.baseUrl,
          apiKey: settings.apiKeyEnv ? env[settings.apiKeyEnv] : undefined,
          ...(settings.apiKeyEnv ? { apiKeyEnv: settings.apiKeyEnv } : {}),
          timeoutMs: settings.timeoutMs,
          ...(importModule ? { importModule } : {}),
        },
        env,
      );
  }
}

/** The providers of the configured order; `importModule` loads a model client lackpy's own install lacks. */
export function buildProviders(
  config: LackpyConfig,
  templateTier: TemplateTierFactory,
  env: Record<string, string | undefined>,
  injected: Readonly<Record<string, Provider>> = {},
  importModule?: ModuleImporter,
): Provider[] {
  return config.inference.order.map((key) =>
    Object.hasOwn(injected, key)
      ? injected[key]
      : buildProvider(key, config, templateTier, env, importModule),
  );
}

/** A dispatcher over the providers with the config's attempt budget. */
export function buildDispatcher(
  providers: readonly Provider[],
  config: LackpyConfig,
  options: { rules?: readonly string[]; onTier?: (provider: Provider) => void },
): Dispatcher {
  return new Dispatcher(providers, {
    maxAttempts: config.inference.maxAttempts,
    rules: options.rules,
    onTier: options.onTier,
  });
}
