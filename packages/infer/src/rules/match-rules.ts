/**
 * Matching a request to the rules: read it into tokens, ground them in the workspace, render
 * their forms as one line ("count K file in D") and try each rule's patterns in order. A rule
 * that matches builds its program from the tokens its groups took, or says why it cannot (a
 * folder that is not there); the first program wins. When none answers, the miss names the
 * closest rule and an example of its phrasing.
 */
import { closestRule, type ClosestRule } from "./closest-rule.js";
import { groundRequest } from "./ground-request.js";
import { INTENT_RULES } from "./intent-rules.js";
import { readRequest, type Token } from "./read-request.js";
import type { IntentRule, RuleContext, RuleProgram, RuleSlots } from "./rule-types.js";

/** Intents longer than this are left to the other tiers: everyday requests are short, and it bounds the rules' work. */
export const MAX_RULE_INTENT_LENGTH = 300;

/** A rule answered: its id, program and params. */
export interface RuleMatch extends RuleProgram {
  rule: string;
}

/** No rule answered: why, and the closest rule with an example phrasing ("did you mean"). */
export interface RuleMiss {
  rule: null;
  reason: string;
  closest: ClosestRule | null;
}

/** A request's forms as one line, and where each token starts in it. */
export function renderForms(tokens: readonly Token[]): { line: string; starts: number[] } {
  const starts: number[] = [];
  let line = "";
  for (const token of tokens) {
    if (line !== "") line += " ";
    starts.push(line.length);
    line += token.form;
  }
  return { line, starts };
}

/** The tokens each named group of a match took. */
function slotsOf(
  match: RegExpExecArray,
  tokens: readonly Token[],
  starts: readonly number[],
): RuleSlots {
  const slots: Record<string, Token[]> = {};
  for (const [name, span] of Object.entries(match.indices?.groups ?? {})) {
    if (!span) continue;
    slots[name] = tokens.filter(
      (_, index) => starts[index]! >= span[0] && starts[index]! < span[1],
    );
  }
  return slots;
}

/**
 * The first rule that answers the intent with the tools at hand and the workspace as it is, or
 * a miss with the reason and the closest rule.
 */
export async function matchRules(
  intent: string,
  context: RuleContext,
  rules: readonly IntentRule[] = INTENT_RULES,
): Promise<RuleMatch | RuleMiss> {
  const text = intent.trim();
  if (text.length > MAX_RULE_INTENT_LENGTH)
    return {
      rule: null,
      reason: `longer than ${MAX_RULE_INTENT_LENGTH} characters`,
      closest: null,
    };
  const tokens = await groundRequest(readRequest(text), context.workspace);
  const { line, starts } = renderForms(tokens);
  let reason: string | null = null;
  let refused: IntentRule | null = null;
  for (const rule of rules) {
    if (!rule.needs.every((tool) => context.tools.has(tool))) continue;
    for (const pattern of rule.patterns) {
      const match = pattern.exec(line);
      if (!match) continue;
      const built = await rule.build(slotsOf(match, tokens, starts), context);
      if (typeof built !== "string") return { ...built, rule: rule.id };
      reason ??= built;
      refused ??= rule;
    }
  }
  if (refused && reason)
    return {
      rule: null,
      reason: `rule ${refused.id} matched, but ${reason}`,
      closest: { rule: refused.id, summary: refused.summary, example: refused.examples[0]! },
    };
  const closest = closestRule(tokens, rules, context.tools);
  const unknown = tokens.find(
    (token, index) =>
      token.form === "P" || (token.form === "W" && tokens[index - 1]?.form === "in"),
  );
  return {
    rule: null,
    reason: unknown
      ? `'${unknown.raw}' is not a folder or file ${context.workspace ? "in the workspace" : "the rules can see (no workspace view)"}`
      : "no rule matched",
    closest,
  };
}
