import { CODE_RULES } from "./code-rules.js";
import { FILE_RULES } from "./file-rules.js";
import type { GenerationContext, Provider, ProviderAnswer } from "../provider-types.js";
import type { IntentRule, RuleProgram } from "./rule-types.js";
import { SEARCH_RULES } from "./search-rules.js";
import { SIZE_RULES } from "./size-rules.js";

/**
 * Every built-in rule, in the order they are tried: reading a named file first (so "show
 * README.md" is never a listing), then content searches (TODOs, imports, text), then listings
 * and counts of files, sizes, and the code-search tools.
 */
export const INTENT_RULES: readonly IntentRule[] = Object.freeze([
  ...FILE_RULES.slice(0, 2),
  ...SEARCH_RULES,
  ...FILE_RULES.slice(2),
  ...SIZE_RULES,
  ...CODE_RULES,
]);

/** Intents longer than this are left to the other tiers: everyday requests are short, and it bounds the rules' regex work. */
export const MAX_RULE_INTENT_LENGTH = 300;

/** An intent as the rules read it: one space between words, no punctuation at the very end (as templates). */
export function normaliseRuleIntent(intent: string): string {
  return intent
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!?,;:…]+$/u, "");
}

/** The first rule that understands the intent with the tools at hand, and its program. */
export function matchRules(
  intent: string,
  tools: ReadonlySet<string>,
  rules: readonly IntentRule[] = INTENT_RULES,
): (RuleProgram & { rule: string }) | null {
  const text = normaliseRuleIntent(intent);
  if (text.length > MAX_RULE_INTENT_LENGTH) return null;
  for (const rule of rules) {
    if (!rule.needs.every((tool) => tools.has(tool))) continue;
    for (const pattern of rule.patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      const built = rule.build(match.groups ?? {});
      if (built) return { ...built, rule: rule.id };
    }
  }
  return null;
}

/** Tier 1: built-in intent patterns that fire only when the tools they need are in the kit. */
export class RulesProvider implements Provider {
  readonly tier = "rules" as const;
  readonly retries = false;

  constructor(readonly name = "rules") {}

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    const tools = new Set(context.kit.tools.map((tool) => tool.name));
    const built = matchRules(intent, tools);
    // A rule steps aside when the request already has a param of a name it would bind.
    if (!built || Object.keys(built.params).some((name) => Object.hasOwn(context.params, name)))
      return null;
    return { raw: built.program, params: built.params };
  }
}
