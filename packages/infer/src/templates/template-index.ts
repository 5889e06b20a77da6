/**
 * Templates indexed by the literal words of their patterns, so that matching an intent tries a
 * few candidates instead of every template. A word of a pattern is a run of characters between
 * spaces (or the pattern's start and end) that no placeholder touches: every intent the pattern
 * matches has that word as one of its space-separated words, up to ASCII case. Each template is
 * filed under its rarest word and is a candidate only when the intent has all of its words; the
 * pattern's expression, compiled once per template and kept with it, decides, exactly as
 * `matchTemplates` does. Words with a character outside ASCII are not indexed (case-insensitive
 * matching of those is not a plain `toLowerCase`, while an ASCII character only ever matches an
 * ASCII one), so a template with no ASCII word is tried for every intent. No file system here:
 * any store of templates (a folder, a database) builds one from its list.
 */
import {
  checkPlaceholders,
  intentForMatching,
  patternExpression,
  patternSpecificity,
  type TemplateMatch,
} from "./template-match.js";
import type { Template } from "./template.js";

/** What matching needs to know of a pattern besides its expression (see `patternWords`). */
export interface PatternWords {
  /** Its indexed words, lower case, each once. */
  readonly words: readonly string[];
  /** Its literal characters (`patternSpecificity`): the most specific match wins. */
  readonly specificity: number;
}

/** Options of `TemplateIndex.build`. */
export interface TemplateIndexOptions<T extends Template> {
  /** The index of an earlier list: templates that are the same objects keep their compiled patterns. */
  previous?: TemplateIndex<T> | null;
  /** The words of a template's pattern when they are already known (e.g. saved by a store with the template). */
  known?: (template: T) => PatternWords | undefined;
}

/** What is worked out from a template's pattern once: its words, specificity and, on first use, its expression. */
interface CompiledPattern extends PatternWords {
  readonly pattern: string;
  expression: RegExp | null;
}

interface IndexEntry<T> {
  readonly template: T;
  /** Its place in the list: ties of specificity keep the list's order. */
  readonly position: number;
  readonly compiled: CompiledPattern;
}

/** Printable ASCII: an ASCII character only ever matches ASCII ones, case-insensitively. */
const ASCII_RUN = /^[\x21-\x7e]+$/;
const PLACEHOLDER_IN_RUN = /\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** The templates of one moment, indexed for matching; build a new one when they change. */
export class TemplateIndex<T extends Template = Template> {
  /** The templates, in the order given. */
  readonly templates: readonly T[];
  private readonly buckets = new Map<string, IndexEntry<T>[]>();
  /** Templates with a pattern but no indexed word: candidates for every intent. */
  private readonly unfiled: IndexEntry<T>[] = [];
  private readonly compiledFor = new Map<T, CompiledPattern>();
  private readonly names = new Map<string, T>();

  private constructor(templates: readonly T[], options: TemplateIndexOptions<T>) {
    this.templates = templates;
    const previous = options.previous ?? null;
    const entries: IndexEntry<T>[] = [];
    const frequency = new Map<string, number>();
    templates.forEach((template, position) => {
      if (!this.names.has(template.name)) this.names.set(template.name, template);
      if (template.pattern === null) return;
      let compiled = this.compiledFor.get(template) ?? previous?.compiledFor.get(template);
      if (compiled?.pattern !== template.pattern) {
        const { words, specificity } = options.known?.(template) ?? patternWords(template.pattern);
        compiled = { pattern: template.pattern, words, specificity, expression: null };
      }
      this.compiledFor.set(template, compiled);
      entries.push({ template, position, compiled });
      for (const word of compiled.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    });
    for (const entry of entries) {
      let rarest: string | null = null;
      for (const word of entry.compiled.words)
        if (rarest === null || frequency.get(word)! < frequency.get(rarest)!) rarest = word;
      if (rarest === null) {
        this.unfiled.push(entry);
        continue;
      }
      const bucket = this.buckets.get(rarest);
      if (bucket) bucket.push(entry);
      else this.buckets.set(rarest, [entry]);
    }
  }

  /** Indexes `templates`. Throws `invalid_template` for a pattern that repeats a placeholder. */
  static build<T extends Template>(
    templates: readonly T[],
    options: TemplateIndexOptions<T> = {},
  ): TemplateIndex<T> {
    return new TemplateIndex(templates, options);
  }

  /** The first template of that name, if any. */
  get(name: string): T | undefined {
    return this.names.get(name);
  }

  /** The words of a template's pattern as indexed (undefined for a template not in the index, or without a pattern). */
  wordsOf(template: T): PatternWords | undefined {
    const compiled = this.compiledFor.get(template);
    return compiled && { words: compiled.words, specificity: compiled.specificity };
  }

  /**
   * Every template whose pattern matches the intent, most specific first (ties keep the list's
   * order); with `params`, templates that read request parameters the request does not give are
   * left out. The same answer as `matchTemplates(templates, intent, options)`.
   */
  match(intent: string, options: { params?: readonly string[] } = {}): TemplateMatch<T>[] {
    const text = intentForMatching(intent);
    const found: Array<{ entry: IndexEntry<T>; captures: Record<string, string> }> = [];
    for (const entry of this.candidates(text)) {
      const match = expressionOf(entry.compiled).exec(text);
      if (!match) continue;
      if (options.params && entry.template.params?.some((name) => !options.params!.includes(name)))
        continue;
      found.push({ entry, captures: { ...(match.groups ?? {}) } });
    }
    return found
      .sort(
        (a, b) =>
          b.entry.compiled.specificity - a.entry.compiled.specificity ||
          a.entry.position - b.entry.position,
      )
      .map(({ entry, captures }) => ({ template: entry.template, captures }));
  }

  /** How many templates `match` tries for this intent (the rest cannot match it). */
  candidateCount(intent: string): number {
    return this.candidates(intentForMatching(intent)).length;
  }

  private candidates(text: string): IndexEntry<T>[] {
    const words = new Set(text.toLowerCase().split(" "));
    const candidates = [...this.unfiled];
    for (const word of words) {
      const bucket = this.buckets.get(word);
      if (!bucket) continue;
      for (const entry of bucket)
        if (entry.compiled.words.every((needed) => words.has(needed))) candidates.push(entry);
    }
    return candidates;
  }
}

/**
 * The words every intent a pattern matches has, and the pattern's specificity. The words are the
 * space-separated runs of its normalised text with no placeholder in them (a run with one is
 * glued to what the placeholder captures), ASCII only, lower case, each once. Throws
 * `invalid_template` for a pattern that repeats a placeholder.
 */
export function patternWords(pattern: string): PatternWords {
  const placeholders = pattern.includes("{");
  if (placeholders) checkPlaceholders(pattern);
  const words: string[] = [];
  for (const run of intentForMatching(pattern).split(" ")) {
    if (run === "" || !ASCII_RUN.test(run)) continue;
    if (placeholders && run.includes("{") && PLACEHOLDER_IN_RUN.test(run)) continue;
    const word = run.toLowerCase();
    if (!words.includes(word)) words.push(word);
  }
  return { words, specificity: placeholders ? patternSpecificity(pattern) : pattern.length };
}

function expressionOf(compiled: CompiledPattern): RegExp {
  compiled.expression ??= patternExpression(compiled.pattern);
  return compiled.expression;
}
