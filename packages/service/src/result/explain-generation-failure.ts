import type { Suggestion } from "@lackpy/infer";
import type { LackpyConfig } from "../config/config-types.js";

/** Why one tier could not answer, as the dispatcher reports it, with what comes close (the rules tier). */
export interface TierReason {
  provider: string;
  reason: string;
  suggestion?: Suggestion;
}

const WRITE_IT = `write the program yourself: lackpy spec shows the language, lackpy run <file> runs it, lackpy create <file> --name <name> --pattern "<intent>" saves it as a template`;

/**
 * What a person can do when no tier could answer: start or install what a model tier lacks
 * (naming its host and model; a missing client is installed in the workspace, where lackpy looks
 * for it after its own folder, or given to `npx` with `-p`), add Anthropic when it is not
 * configured, or write the program.
 */
export function nextSteps(tiers: readonly TierReason[], config: LackpyConfig): string[] {
  const steps: string[] = [];
  const providers = config.inference.providers;
  for (const { provider, reason } of tiers) {
    const settings = providers[provider];
    if (!settings || !reason.startsWith("not available")) continue;
    if (/is not installed/.test(reason)) {
      const client = settings.plugin === "ollama" ? "ollama" : "@anthropic-ai/sdk";
      steps.push(
        `install the ${settings.plugin === "ollama" ? "Ollama client" : "Anthropic SDK"} in the workspace: npm i ${client} (through npx: npx -p @lackpy/cli -p ${client} lackpy …)`,
      );
    } else if (settings.plugin === "ollama") {
      const model = settings.model ?? "qwen2.5-coder:7b";
      steps.push(
        `start Ollama (ollama serve, listening at ${settings.host ?? "http://127.0.0.1:11434"}) and pull the model: ollama pull ${model}`,
      );
    } else if (settings.plugin === "anthropic") {
      steps.push(`set ${settings.apiKeyEnv ?? "ANTHROPIC_API_KEY"} to an Anthropic API key`);
    }
  }
  const usesAnthropic = config.inference.order.some(
    (key) => providers[key]?.plugin === "anthropic",
  );
  if (!usesAnthropic)
    steps.push("use Anthropic: set ANTHROPIC_API_KEY, then run lackpy provider add anthropic");
  if (
    tiers.some(
      (tier) =>
        tier.provider === "rules" || config.inference.providers[tier.provider]?.plugin === "rules",
    )
  )
    steps.push(
      "reword the request as one the rules answer without a model: lackpy rules lists them",
    );
  steps.push(WRITE_IT);
  return steps.map((step, index) => (index === 0 ? step : `or ${step}`));
}

/**
 * "Did you mean" for a failure the rules tier saw: the rule that answers the request without
 * the words no rule reads (with that phrasing and its reading), or the rule that matched but
 * could not answer (with an example); otherwise that no rule covers it, and how to teach one.
 * Null when the rules tier was not asked.
 */
export function didYouMean(intent: string, tiers: readonly TierReason[]): string | null {
  const close = tiers.find((tier) => tier.suggestion)?.suggestion;
  if (close?.leftOut && close.reading)
    return `Did you mean "${close.example}"? No rule reads ${close.leftOut.map((word) => `'${word}'`).join(" or ")}; without ${close.leftOut.length === 1 ? "it" : "them"}, rule ${close.rule} reads the request as: ${close.reading}.`;
  if (close)
    return `Did you mean: "${close.example}"? (rule ${close.rule}: ${close.summary}; lackpy rules lists every rule)`;
  if (!tiers.some((tier) => tier.provider === "rules" || tier.reason.startsWith("no match")))
    return null;
  return `No rule covers this request. To teach one, write the program and save it as a template: lackpy create <file> --name <name> --pattern "${intent.replace(/"/g, "'")}" (lackpy rules lists what the rules answer).`;
}

/**
 * A generation failure with what a person or agent can do next: `didYouMean` (see
 * `didYouMean`) and the next steps as its `hint`. The CLI's `--json`, its human report and MCP's
 * `delegate` and `generate` all show these.
 */
export function explainGenerationFailure<Failure extends { tiers?: readonly TierReason[] }>(
  intent: string,
  error: Failure,
  config: LackpyConfig,
): Failure & { hint?: string; didYouMean?: string } {
  const tiers = error.tiers;
  if (!Array.isArray(tiers)) return error;
  const close = didYouMean(intent, tiers);
  return {
    ...error,
    ...(close ? { didYouMean: close } : {}),
    hint: nextSteps(tiers, config).join("; "),
  };
}

/** The human report of a generation that no tier could answer: each tier's reason, then the next steps. */
export function formatGenerationFailure(
  intent: string,
  tiers: readonly TierReason[],
  config: LackpyConfig,
): string {
  const lines = [`No tier could write a program for "${intent}":`];
  for (const { provider, reason } of tiers) lines.push(`  ${provider}: ${reason}`);
  if (tiers.length === 0) lines.push("  no providers are configured in [inference] order");
  const close = didYouMean(intent, tiers);
  if (close) lines.push(close);
  lines.push("Next steps:");
  for (const step of nextSteps(tiers, config)) lines.push(`  - ${step}`);
  return `${lines.join("\n")}\n`;
}
