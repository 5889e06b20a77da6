import { validate, type ValidationError } from "@lackpy/lang";
import { retrieveExamples } from "./build-prompt.js";
import { cleanup } from "./cleanup.js";
import type { AttemptFeedback, GenerationContext, Provider } from "./provider-types.js";
import { sanitize } from "./sanitize.js";

/** One step of the correction chain. */
export interface CorrectionAttempt {
  strategy: "initial" | "cleanup" | "retry" | "fixer";
  program: string;
  errors: string[];
  accepted: boolean;
}

/** A program the dispatcher accepted. */
export interface GenerationResult {
  success: true;
  program: string;
  /** String params bound by a template or rule. */
  params: Record<string, string>;
  tier: Provider["tier"];
  provider: string;
  model: string | null;
  template?: string;
  generationMs: number;
  attempts: number;
  correction: { strategy: string; attempts: CorrectionAttempt[] } | null;
}

/** Every tier failed; `tiers` says why, one by one. */
export interface GenerationFailure {
  success: false;
  error: {
    code: "generation_failed";
    message: string;
    /** Why each tier failed; model tiers include the programs they wrote and why each was rejected. */
    tiers: { provider: string; reason: string; attempts?: CorrectionAttempt[] }[];
  };
  generationMs: number;
}

/** Options of the dispatcher. */
export interface DispatcherOptions {
  /** Model attempts per provider, including the first (default 3: initial, retry, fixer). */
  maxAttempts?: number;
  /** Extra validation rules by name. */
  rules?: readonly string[];
  /** Retry temperature step. */
  temperatureStep?: number;
  onTier?: (provider: Provider) => void;
}

function check(
  program: string,
  context: GenerationContext,
  params: readonly string[],
  rules: readonly string[],
): ValidationError[] {
  return validate(program, {
    tools: context.kit.tools,
    // Specs keep their `secret` marks; extra names (template captures) are plain, never secret.
    params: { ...Object.fromEntries(params.map((name) => [name, null])), ...context.params },
    rules,
  }).errors;
}

const describe = (errors: readonly ValidationError[]) =>
  errors.map(
    (error) => `${error.code}: ${error.message}${error.hint ? ` (hint: ${error.hint})` : ""}`,
  );

/**
 * Tries tiers in order, lazily: a tier is asked only when the ones before it could not answer,
 * so a template or rule hit sends nothing to any model server. Each candidate goes through
 * sanitize → cleanup → validate; a model candidate that fails runs the correction chain
 * (retry with the errors and hints at a higher temperature, then a fresh fixer prompt).
 */
export class Dispatcher {
  constructor(
    private readonly providers: readonly Provider[],
    private readonly options: DispatcherOptions = {},
  ) {}

  /** Generates a program for an intent, or says why every tier failed. */
  async generate(
    intent: string,
    context: GenerationContext,
  ): Promise<GenerationResult | GenerationFailure> {
    const started = performance.now();
    const reasons: GenerationFailure["error"]["tiers"] = [];
    const rules = this.options.rules ?? [];
    const examples = context.examples ?? retrieveExamples(intent, context.kit.tools);
    for (const provider of this.providers) {
      if (context.signal?.aborted) break;
      if (provider.retries && !(await provider.available())) {
        reasons.push({
          provider: provider.name,
          reason: `not available: ${provider.unavailableReason?.() ?? "the server does not answer"}`,
        });
        continue;
      }
      this.options.onTier?.(provider);
      const outcome = await this.tryProvider(
        provider,
        intent,
        { ...context, examples },
        rules,
      ).catch((error: unknown) => ({
        reason: error instanceof Error ? error.message : String(error),
      }));
      if ("program" in outcome)
        return { ...outcome, generationMs: Math.round(performance.now() - started) };
      reasons.push({
        provider: provider.name,
        reason: outcome.reason,
        ...("attempts" in outcome && outcome.attempts?.length
          ? { attempts: outcome.attempts }
          : {}),
      });
    }
    const summary = reasons.map((entry) => `${entry.provider}: ${entry.reason}`).join("; ");
    return {
      success: false,
      error: {
        code: "generation_failed",
        message: `No tier could write a valid program for this intent (${summary || "no providers configured"}).`,
        tiers: reasons,
      },
      generationMs: Math.round(performance.now() - started),
    };
  }

  private async tryProvider(
    provider: Provider,
    intent: string,
    context: GenerationContext,
    rules: readonly string[],
  ): Promise<
    Omit<GenerationResult, "generationMs"> | { reason: string; attempts?: CorrectionAttempt[] }
  > {
    const attempts: CorrectionAttempt[] = [];
    const maxAttempts = provider.retries ? Math.max(1, this.options.maxAttempts ?? 3) : 1;
    const baseTemperature = context.temperature ?? 0.2;
    let feedback: AttemptFeedback | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const answer = await provider.generate(intent, {
        ...context,
        feedback,
        temperature: baseTemperature + (attempt - 1) * (this.options.temperatureStep ?? 0.3),
      });
      if (!answer)
        return { reason: attempt === 1 ? "no match" : "gave no answer on retry", attempts };
      const params = answer.params ?? {};
      const candidate = sanitize(answer.raw);
      let errors = check(candidate, context, Object.keys(params), rules);
      const strategy: CorrectionAttempt["strategy"] =
        attempt === 1 ? "initial" : feedback?.strategy === "fixer" ? "fixer" : "retry";
      attempts.push({
        strategy,
        program: candidate,
        errors: describe(errors),
        accepted: errors.length === 0,
      });
      let program = candidate;
      if (errors.length > 0) {
        const cleaned = cleanup(candidate);
        if (cleaned.changes.length > 0) {
          program = cleaned.program;
          errors = check(program, context, Object.keys(params), rules);
          attempts.push({
            strategy: "cleanup",
            program,
            errors: describe(errors),
            accepted: errors.length === 0,
          });
        }
      }
      if (errors.length === 0) {
        const corrected = attempts.length > 1;
        return {
          success: true,
          program,
          params,
          tier: provider.tier,
          provider: provider.name,
          model: answer.model ?? null,
          ...(answer.template ? { template: answer.template } : {}),
          attempts: attempt,
          correction: corrected ? { strategy: attempts.at(-1)!.strategy, attempts } : null,
        };
      }
      feedback = {
        attempt,
        program,
        errors,
        strategy: attempt + 1 === maxAttempts && maxAttempts >= 3 ? "fixer" : "retry",
      };
    }
    return {
      reason: `invalid after ${maxAttempts} attempt${maxAttempts === 1 ? "" : "s"}: ${attempts.at(-1)?.errors[0] ?? "unknown error"}`,
      attempts,
    };
  }
}
