/**
 * Matching intents against template patterns (`pattern-matcher.ts`): both sides are normalised
 * alike (`intentForMatching`), letters compare without case, everything else is literal, and
 * `{name}` placeholders capture. Captures keep the intent's own case and text (minus the
 * trailing punctuation). This is the plain reference that tries every template in turn;
 * `TemplateIndex` gives the same answer from a few candidates.
 */
import { foldCase } from "./fold-case.js";
import { intentForMatching } from "./intent-for-matching.js";
import { compilePatternMatcher, patternProblem, type PatternMatcher } from "./pattern-matcher.js";
import type { Template } from "./template.js";

/**
 * The longest intent tier 0 matches, in characters once normalised: a longer request is left to
 * the other tiers, so matching costs at most this much per literal of each candidate.
 */
export const MAX_MATCHED_INTENT_CHARS = 4096;

const MAX_COMPILED = 1024;
const compiled = new Map<string, PatternMatcher>();

/** Compiles a pattern (cached); throws `invalid_template` for a pattern `patternProblem` refuses. */
export function compilePattern(pattern: string): PatternMatcher {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const matcher = compilePatternMatcher(pattern);
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(pattern, matcher);
  return matcher;
}

/** The string captures when `intent` matches the template's pattern, else null (a pattern with a problem never matches). */
export function matchTemplate(
  template: Pick<Template, "pattern">,
  intent: string,
): Record<string, string> | null {
  if (!template.pattern || patternProblem(template.pattern) !== null) return null;
  const text = intentForMatching(intent);
  if (text.length > MAX_MATCHED_INTENT_CHARS) return null;
  return compilePattern(template.pattern).match(text, foldCase(text));
}

/** How specific a pattern is: its literal characters (the most specific match wins). */
export function patternSpecificity(pattern: string): number {
  return pattern.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, "").length;
}

/** A template that matches an intent, with its captures. */
export interface TemplateMatch<T extends Template = Template> {
  template: T;
  captures: Record<string, string>;
}

/**
 * Every template whose pattern matches the intent, most specific first (ties keep the given
 * order). With `params`, a template that reads request parameters the request does not give is
 * left out. A template whose pattern has a problem never matches, and an intent longer than
 * `MAX_MATCHED_INTENT_CHARS` matches none.
 */
export function matchTemplates<T extends Template>(
  templates: readonly T[],
  intent: string,
  options: { params?: readonly string[] } = {},
): TemplateMatch<T>[] {
  const text = intentForMatching(intent);
  if (text.length > MAX_MATCHED_INTENT_CHARS) return [];
  const folded = foldCase(text);
  const matches: TemplateMatch<T>[] = [];
  for (const template of templates) {
    if (!template.pattern || patternProblem(template.pattern) !== null) continue;
    const captures = compilePattern(template.pattern).match(text, folded);
    if (!captures) continue;
    if (options.params && template.params?.some((name) => !options.params!.includes(name)))
      continue;
    matches.push({ template, captures });
  }
  return matches
    .map((match, index) => ({ match, index }))
    .sort(
      (a, b) =>
        patternSpecificity(b.match.template.pattern!) -
          patternSpecificity(a.match.template.pattern!) || a.index - b.index,
    )
    .map(({ match }) => match);
}
