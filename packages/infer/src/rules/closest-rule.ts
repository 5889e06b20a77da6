/**
 * "Did you mean": the rule whose example phrasings share the most concepts with a request that
 * no rule answered, by the Jaccard index of their sets of forms (slots count as one form `X`,
 * kinds as `K`, numbers as `N`). Only rules the kit can use are proposed.
 */
import { readRequest, type Token } from "./read-request.js";
import type { IntentRule } from "./rule-types.js";

/** The rule closest to a request, with its summary and first example phrasing. */
export interface ClosestRule {
  rule: string;
  summary: string;
  example: string;
}

/** Below this share of shared forms, no rule is close enough to propose. */
const MIN_SIMILARITY = 0.3;

const SLOT_FORMS = new Set(["W", "Q", "P", "F", "D", "G", "R"]);

/** A request's forms as a set, with every slot as `X`. */
function formSet(tokens: readonly Token[]): Set<string> {
  return new Set(tokens.map((token) => (SLOT_FORMS.has(token.form) ? "X" : token.form)));
}

const EXAMPLE_FORMS = new WeakMap<IntentRule, Set<string>[]>();

function exampleForms(rule: IntentRule): Set<string>[] {
  let forms = EXAMPLE_FORMS.get(rule);
  if (!forms) {
    forms = rule.examples.map((example) => formSet(readRequest(example)));
    EXAMPLE_FORMS.set(rule, forms);
  }
  return forms;
}

/** The Jaccard index of two sets of forms; 0 when they share no concept (sharing only slots is not closeness). */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  let concepts = 0;
  for (const form of a)
    if (b.has(form)) {
      shared++;
      if (form !== "X" && form !== "K" && form !== "N") concepts++;
    }
  const union = a.size + b.size - shared;
  return union === 0 || concepts === 0 ? 0 : shared / union;
}

/** The usable rule most like the request, or null when none shares enough of its concepts. */
export function closestRule(
  tokens: readonly Token[],
  rules: readonly IntentRule[],
  tools: ReadonlySet<string>,
): ClosestRule | null {
  const request = formSet(tokens);
  let best: { rule: IntentRule; score: number; example: string } | null = null;
  for (const rule of rules) {
    if (!rule.needs.every((tool) => tools.has(tool))) continue;
    exampleForms(rule).forEach((forms, index) => {
      const score = jaccard(request, forms);
      if (score > (best?.score ?? 0)) best = { rule, score, example: rule.examples[index]! };
    });
  }
  const found = best as { rule: IntentRule; score: number; example: string } | null;
  return found && found.score >= MIN_SIMILARITY
    ? { rule: found.rule.id, summary: found.rule.summary, example: found.example }
    : null;
}
