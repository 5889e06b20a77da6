/**
 * Matching intents against template patterns. Both sides are normalised the same way before
 * they are compared: surrounding whitespace is trimmed, runs of whitespace become one space,
 * and punctuation at the very end (`. ! ? , ; : …`) is dropped; letters compare without case.
 * Everything else is literal: words, their order, and punctuation inside the intent must match.
 * So "Find all TODO comments." and "find  all todo comments" are the same request, while
 * "find all TODO comment", "please find all TODO comments" and "find, all TODO comments" are not.
 * Captures keep the intent's own case and text (minus the trailing punctuation).
 */
import { InferError } from "../infer-error.js";
import { patternParams, type Template } from "./template.js";

const TRAILING_PUNCTUATION = /[\s.!?,;:\u2026]+$/;
const TRAILING_CHARACTER = /^[\s.!?,;:\u2026]$/;
/** Whitespace other than one space, or two spaces in a row. */
const SPACING_TO_FIX = /[^\S ]| {2}/;
const PLACEHOLDER = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;
const PLACEHOLDER_SPLIT = /(\{[A-Za-z_][A-Za-z0-9_]*\})/;
const MAX_COMPILED = 1024;
const compiled = new Map<string, RegExp>();

/** An intent as templates compare it: trimmed, single spaces, no trailing punctuation; case kept. */
export function intentForMatching(intent: string): string {
  let text = intent.trim();
  // Most text is already in shape; testing first is several times cheaper than replacing.
  if (SPACING_TO_FIX.test(text)) text = text.replace(/\s+/g, " ");
  if (TRAILING_CHARACTER.test(text.slice(-1))) text = text.replace(TRAILING_PUNCTUATION, "");
  return text;
}

/** An intent as the ratchet counts it: `intentForMatching` in lower case; two intents that normalise alike are the same request. */
export function normaliseIntent(intent: string): string {
  return intentForMatching(intent).toLowerCase();
}

/** Compiles a pattern (cached): `{name}` placeholders capture, everything else matches literally, case-insensitively, the whole normalised intent. */
export function compilePattern(pattern: string): RegExp {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const expression = patternExpression(pattern);
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(pattern, expression);
  return expression;
}

/** Compiles a pattern without the cache (`TemplateIndex` keeps its own per template); see `compilePattern`. */
export function patternExpression(pattern: string): RegExp {
  checkPlaceholders(pattern);
  const source = patternParts(pattern)
    .map((part) =>
      PLACEHOLDER.test(part)
        ? `(?<${part.slice(1, -1)}>.+?)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`, "i");
}

/** Throws `invalid_template` when a pattern repeats a placeholder (a regex cannot capture one name twice). */
export function checkPlaceholders(pattern: string): void {
  const names = patternParams(pattern);
  if (new Set(names).size !== names.length)
    throw new InferError("invalid_template", `The pattern '${pattern}' repeats a placeholder.`, {
      hint: "give each placeholder its own name",
    });
}

/**
 * A pattern's normalised text cut into literal parts and placeholders: literal text at even
 * indices (possibly empty), `{name}` at odd ones.
 */
export function patternParts(pattern: string): string[] {
  return intentForMatching(pattern).split(PLACEHOLDER_SPLIT);
}

/** The string captures when `intent` matches the template's pattern, else null. */
export function matchTemplate(
  template: Pick<Template, "pattern">,
  intent: string,
): Record<string, string> | null {
  if (!template.pattern) return null;
  const match = compilePattern(template.pattern).exec(intentForMatching(intent));
  return match ? { ...(match.groups ?? {}) } : null;
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
 * left out. This tries every template in turn; `TemplateIndex` gives the same answer from a few
 * candidates, for many templates.
 */
export function matchTemplates<T extends Template>(
  templates: readonly T[],
  intent: string,
  options: { params?: readonly string[] } = {},
): TemplateMatch<T>[] {
  const text = intentForMatching(intent);
  const matches: TemplateMatch<T>[] = [];
  for (const template of templates) {
    if (!template.pattern) continue;
    const match = compilePattern(template.pattern).exec(text);
    if (!match) continue;
    if (options.params && template.params?.some((name) => !options.params!.includes(name)))
      continue;
    matches.push({ template, captures: { ...(match.groups ?? {}) } });
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
