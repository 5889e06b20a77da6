import type {
  GenerationContext,
  Provider,
  ProviderAnswer,
  ProviderMiss,
} from "../provider-types.js";
import { matchRules } from "./match-rules.js";

/**
 * Tier 1: built-in rules for everyday requests. They fire only when the kit has the tools they
 * need and every slot is grounded in the workspace (`context.workspace`); they step aside when a
 * request param has a name they would bind.
 */
export class RulesProvider implements Provider {
  readonly tier = "rules" as const;
  readonly retries = false;

  constructor(readonly name = "rules") {}

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    const built = await matchRules(intent, this.ruleContext(context));
    // A rule steps aside when the request already has a param of a name it would bind.
    if (
      built.rule === null ||
      Object.keys(built.params).some((name) => Object.hasOwn(context.params, name))
    )
      return null;
    return { raw: built.program, params: built.params };
  }

  /** Why no rule answered, with the closest rule and an example phrasing. */
  async explainMiss(intent: string, context: GenerationContext): Promise<ProviderMiss> {
    const built = await matchRules(intent, this.ruleContext(context));
    if (built.rule !== null)
      return { reason: `rule ${built.rule} matched, but the request has a param it would bind` };
    return {
      reason: built.reason,
      ...(built.closest
        ? {
            suggestion: {
              rule: built.closest.rule,
              summary: built.closest.summary,
              example: built.closest.example,
            },
          }
        : {}),
    };
  }

  private ruleContext(context: GenerationContext) {
    return {
      tools: new Set(context.kit.tools.map((tool) => tool.name)),
      ...(context.workspace ? { workspace: context.workspace } : {}),
    };
  }
}
