import { monotonicMs } from "@lackpy/lang";
import { retrieveExamples } from "./prompt/build-prompt.js";
import { checkCandidate } from "./candidate/check-candidate.js";
import { cleanup } from "./candidate/cleanup.js";
import { describeIssues, type ProgramIssue } from "./program-issue.js";
import type { AttemptFeedback, GenerationContext, Provider, Suggestion } from "./provider-types.js";
import { extractProgram } from "./candidate/sanitize.js";

/** One step of the correction chain. */
export interface CorrectionAttempt {
  strategy: "initial" | "cleanup" | "retry" | "fixer";
  program: string;
  errors: string[];
  accepted: boolean;
  /** What sanitize or cleanup changed to get this program, in words. */
  changes?: string[];
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
  /** What the program answers, in one line a person can check (templates and rules). */
  reading?: string;
  /** An answer of none means only that the tools found nothing (or what the string says): the caller gives no answer then. */
  noneIsUnknown?: true | string;
  /** With `noneIsUnknown`, an empty list is a checked answer: only null is none. */
  emptyIsChecked?: true;
  generationMs: number;
  attempts: number;
  correction: { strategy: string; attempts: CorrectionAttempt[] } | null;
}

/** Why one tier gave no program: its reason, and for model tiers the programs it wrote and why each was rejected. */
export interface TierFailure {
  provider: string;
  reason: string;
  attempts?: CorrectionAttempt[];
  /** The closest thing this tier answers ("did you mean"), when it says (the rules tier). */
  suggestion?: Suggestion;
}

/**
 * Every tier failed. The code is `generation_failed` when no tier wrote a program at all;
 * otherwise it is the first issue of the last program tried (`parse_error`, `empty_program`,
 * `ambiguous_answer`, or a validation code), and `program`, `provider` and `errors` say which
 * program that was and why it was rejected, with lines and columns.
 */
export interface GenerationFailure {
  success: false;
  error: {
    code: "generation_failed" | ProgramIssue["code"];
    message: string;
    /** Why each tier failed, in the order they were tried. */
    tiers: TierFailure[];
    /** The last program tried, when a tier wrote one. */
    program?: string;
    /** The tier that wrote it. */
    provider?: string;
    /** Why it was rejected. */
    errors?: ProgramIssue[];
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

type TierOutcome =
  | Omit<GenerationResult, "generationMs">
  | (TierFailure & { rejected?: { program: string; issues: ProgramIssue[] }; hint?: string });

/**
 * Tries tiers in order, lazily: a tier is asked only when the ones before it could not answer,
 * so a template or rule hit sends nothing to any model server. Each candidate goes through
 * sanitize → cleanup → validate; a model candidate that fails runs the correction chain
 * (retry with the errors and hints at a higher temperature, then a fresh fixer prompt). An
 * answer that does not parse, is empty, or holds no single program is never accepted.
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
    const started = monotonicMs();
    const tiers: TierFailure[] = [];
    let rejected: { provider: string; program: string; issues: ProgramIssue[] } | null = null;
    const rules = this.options.rules ?? [];
    const examples = context.examples ?? retrieveExamples(intent, context.kit.tools);
    // A reading given by the caller (a rule's answer it could not trust) is the first hint.
    let hint: string | undefined = context.hint;
    for (const [index, provider] of this.providers.entries()) {
      if (context.signal?.aborted) break;
      if (provider.retries && !(await provider.available())) {
        tiers.push({
          provider: provider.name,
          reason: `not available: ${provider.unavailableReason?.() ?? "the server does not answer"}`,
        });
        continue;
      }
      this.options.onTier?.(provider);
      const modelFollows = this.providers.slice(index + 1).some((later) => later.retries);
      const outcome: TierOutcome = await this.tryProvider(
        provider,
        intent,
        { ...context, examples, modelFollows, ...(hint === undefined ? {} : { hint }) },
        rules,
      ).catch((error: unknown) => ({
        provider: provider.name,
        reason: error instanceof Error ? error.message : String(error),
      }));
      if ("program" in outcome)
        return { ...outcome, generationMs: Math.round(monotonicMs() - started) };
      const { rejected: last, hint: said, ...failure } = outcome;
      if (last) rejected = { provider: provider.name, ...last };
      hint ??= said;
      tiers.push(failure);
    }
    const summary = tiers.map((entry) => `${entry.provider}: ${entry.reason}`).join("; ");
    return {
      success: false,
      error: {
        code: rejected?.issues[0]?.code ?? "generation_failed",
        message: `No tier could write a valid program for this intent (${summary || "no providers configured"}).`,
        tiers,
        ...(rejected
          ? { program: rejected.program, provider: rejected.provider, errors: rejected.issues }
          : {}),
      },
      generationMs: Math.round(monotonicMs() - started),
    };
  }

  private async tryProvider(
    provider: Provider,
    intent: string,
    context: GenerationContext,
    rules: readonly string[],
  ): Promise<TierOutcome> {
    const attempts: CorrectionAttempt[] = [];
    const maxAttempts = provider.retries ? Math.max(1, this.options.maxAttempts ?? 3) : 1;
    const baseTemperature = context.temperature ?? 0.2;
    let feedback: AttemptFeedback | undefined;
    let rejected: { program: string; issues: ProgramIssue[] } | undefined;
    const failed = (reason: string, suggestion?: Suggestion, hint?: string) => ({
      provider: provider.name,
      reason,
      ...(attempts.length > 0 ? { attempts } : {}),
      ...(rejected ? { rejected } : {}),
      ...(suggestion ? { suggestion } : {}),
      ...(hint ? { hint } : {}),
    });
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let answer;
      try {
        answer = await provider.generate(intent, {
          ...context,
          feedback,
          temperature: baseTemperature + (attempt - 1) * (this.options.temperatureStep ?? 0.3),
        });
      } catch (error) {
        return failed(error instanceof Error ? error.message : String(error));
      }
      if (!answer && attempt > 1) return failed("gave no answer on retry");
      if (!answer) {
        const miss = await provider.explainMiss?.(intent, context).catch(() => undefined);
        const detail = miss ? `; ${miss.reason}` : "";
        return failed(`no match${detail}`, miss?.suggestion, miss?.hint);
      }
      const params = answer.params ?? {};
      const bound = Object.keys(params);
      const extracted = extractProgram(answer.raw);
      let program = extracted.program;
      let issues = extracted.problem
        ? [extracted.problem]
        : checkCandidate(program, context, bound, rules);
      attempts.push({
        strategy: attempt === 1 ? "initial" : feedback?.strategy === "fixer" ? "fixer" : "retry",
        program,
        errors: describeIssues(issues),
        accepted: issues.length === 0,
        ...(extracted.changes.length > 0 ? { changes: extracted.changes } : {}),
      });
      if (issues.length > 0 && !extracted.problem) {
        const cleaned = cleanup(program);
        if (cleaned.changes.length > 0) {
          program = cleaned.program;
          issues = checkCandidate(program, context, bound, rules);
          attempts.push({
            strategy: "cleanup",
            program,
            errors: describeIssues(issues),
            accepted: issues.length === 0,
            changes: cleaned.changes,
          });
        }
      }
      if (issues.length === 0) {
        return {
          success: true,
          program,
          params,
          tier: provider.tier,
          provider: provider.name,
          model: answer.model ?? null,
          ...(answer.template ? { template: answer.template } : {}),
          ...(answer.reading ? { reading: answer.reading } : {}),
          ...(answer.noneIsUnknown ? { noneIsUnknown: answer.noneIsUnknown } : {}),
          ...(answer.emptyIsChecked ? { emptyIsChecked: true as const } : {}),
          attempts: attempt,
          correction:
            attempts.length > 1 ? { strategy: attempts.at(-1)!.strategy, attempts } : null,
        };
      }
      rejected = { program, issues };
      feedback = {
        attempt,
        program,
        errors: issues,
        strategy: attempt + 1 === maxAttempts && maxAttempts >= 3 ? "fixer" : "retry",
      };
    }
    return failed(
      `invalid after ${maxAttempts} attempt${maxAttempts === 1 ? "" : "s"}: ${attempts.at(-1)?.errors[0] ?? "unknown error"}`,
    );
  }
}
