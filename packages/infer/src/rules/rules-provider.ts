import type {
  GenerationContext,
  Provider,
  ProviderAnswer,
  ProviderMiss,
} from "../provider-types.js";
import { matchRules, type RuleMatch, type RuleMiss } from "./match-rules.js";

/**
 * Tier 1: built-in rules for everyday requests. They fire only when the kit has the tools they
 * need, every word of the request is read and every slot is grounded in the workspace
 * (`context.workspace`); they step aside when a request param has a name they would bind. With
 * a model after them (`context.modelFollows`), a reading that guessed a word ("lsit" as "list")
 * is left to the model, with the reading as its hint.
 */
export class RulesProvider implements Provider {
  readonly tier = "rules" as const;
  readonly retries = false;
  /** The match `generate` just made, so `explainMiss` right after it does not read the request again (used once). */
  private last: { intent: string; context: GenerationContext; found: RuleMatch | RuleMiss } | null =
    null;

  constructor(readonly name = "rules") {}

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    this.last = null;
    const built = await this.match(intent, context);
    if (built.rule === null || this.declines(built, context)) return null;
    return {
      raw: built.program,
      params: built.params,
      reading: built.reading,
      ...(built.noneIsUnknown ? { noneIsUnknown: built.noneIsUnknown } : {}),
      ...(built.emptyIsChecked ? { emptyIsChecked: true as const } : {}),
    };
  }

  /** Why no rule answered, with the closest rule and a phrasing it answers, and a hint for a model. */
  async explainMiss(intent: string, context: GenerationContext): Promise<ProviderMiss> {
    const built = await this.match(intent, context);
    if (built.rule !== null) {
      if (built.guesses.length > 0)
        return {
          reason: `rule ${built.rule} guessed a word (${built.guesses.join(", ")}); a model checks that reading`,
          hint: `${built.reading} (${built.guesses.join(", ")})`,
        };
      return { reason: `rule ${built.rule} matched, but the request has a param it would bind` };
    }
    const closest = built.closest;
    return {
      reason: built.reason,
      ...(closest
        ? {
            suggestion: {
              rule: closest.rule,
              summary: closest.summary,
              example: closest.example,
              ...(closest.leftOut ? { leftOut: closest.leftOut } : {}),
              ...(closest.reading ? { reading: closest.reading } : {}),
            },
          }
        : {}),
      ...(closest?.leftOut && closest.reading
        ? {
            hint: `without ${closest.leftOut.map((word) => `'${word}'`).join(" and ")}: ${closest.reading}`,
          }
        : {}),
    };
  }

  /** True when a match is left to others: a param of a name it binds, or a guessed word with a model after the rules. */
  private declines(built: RuleMatch, context: GenerationContext): boolean {
    return (
      Object.keys(built.params).some((name) => Object.hasOwn(context.params, name)) ||
      (built.guesses.length > 0 && context.modelFollows === true)
    );
  }

  private async match(intent: string, context: GenerationContext): Promise<RuleMatch | RuleMiss> {
    const last = this.last;
    this.last = null;
    if (
      last &&
      last.intent === intent &&
      last.context.workspace === context.workspace &&
      last.context.kit === context.kit
    )
      return last.found;
    const found = await matchRules(intent, {
      tools: new Set(context.kit.tools.map((tool) => tool.name)),
      ...(context.workspace ? { workspace: context.workspace } : {}),
    });
    this.last = { intent, context, found };
    return found;
  }
}
