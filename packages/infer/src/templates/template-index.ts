/**
 * Templates indexed by the literal words of their patterns, so that matching an intent tries a
 * few candidates instead of every template. A word of a pattern is a run of characters between
 * spaces (or the pattern's start and end) that no placeholder touches: every intent the pattern
 * matches has that word as one of its space-separated words, up to case. Words are kept folded
 * (`foldCase`, the case folding the match itself uses), so words in any script are indexed. Each
 * template is filed under its rarest word and is a candidate only when the intent has all of its
 * words; the pattern's matcher, compiled once per template and kept with it, decides, exactly as
 * `matchTemplates` does. A template whose pattern has a problem (`patternProblem`) is left out:
 * it never matches. No file system here: any store of templates (a folder, a database) builds one
 * from its list.
 */
import { foldCase } from "./fold-case.js";
import { intentForMatching } from "./intent-for-matching.js";
import {
  checkPattern,
  compilePatternMatcher,
  literalWords,
  patternParts,
  type PatternMatcher,
} from "./pattern-matcher.js";
import {
  MAX_MATCHED_INTENT_CHARS,
  patternSpecificity,
  type TemplateMatch,
} from "./template-match.js";
import type { Template } from "./template.js";

/** What matching needs to know of a pattern besides its matcher (see `patternWords`). */
export interface PatternWords {
  /** Its indexed words, folded (`foldCase`), each once. */
  readonly words: readonly string[];
  /** Its literal characters (`patternSpecificity`): the most specific match wins. */
  readonly specificity: number;
  /**
   * The word it is filed under (one of `words`; null when it has none), when an index filed it
   * before: any of its words gives the same answers, the rarest gives the fewest candidates.
   */
  readonly key?: string | null;
}

/** Options of `TemplateIndex.build`. */
export interface TemplateIndexOptions<T extends Template> {
  /** The index of an earlier list: templates that are the same objects keep their compiled patterns. */
  previous?: TemplateIndex<T> | null;
  /** The words of a template's pattern (at `position` in the list) when they are already known, e.g. saved by a store with the template. */
  known?: (template: T, position: number) => PatternWords | undefined;
}

/** What is worked out from a template's pattern once: its words, specificity, key and, on first use, its matcher. */
interface CompiledPattern extends PatternWords {
  readonly pattern: string;
  key: string | null | undefined;
  matcher: PatternMatcher | null;
}

interface IndexEntry<T> {
  readonly template: T;
  /** Its place in the list: ties of specificity keep the list's order. */
  readonly position: number;
  readonly compiled: CompiledPattern;
}

/** The templates of one moment, indexed for matching; build a new one when they change. */
export class TemplateIndex<T extends Template = Template> {
  /** The templates, in the order given. */
  readonly templates: readonly T[];
  private readonly buckets = new Map<string, IndexEntry<T>[]>();
  /** Templates with a pattern but no indexed word: candidates for every intent. */
  private readonly unfiled: IndexEntry<T>[] = [];
  private readonly entries: IndexEntry<T>[] = [];
  /** Made when first needed (a later build, `wordsOf`): a process that loads once never pays for it. */
  private compiledByTemplate: Map<T, CompiledPattern> | null = null;
  private names: Map<string, T> | null = null;
  private lookups = 0;

  private constructor(templates: readonly T[], options: TemplateIndexOptions<T>) {
    this.templates = templates;
    const previous = options.previous?.compiledMap();
    const unkeyed: IndexEntry<T>[] = [];
    for (let position = 0; position < templates.length; position++) {
      const template = templates[position]!;
      if (template.pattern === null) continue;
      let compiled = previous?.get(template);
      if (compiled?.pattern !== template.pattern) {
        const known = options.known?.(template, position);
        let analysed: PatternWords;
        try {
          analysed = known ?? patternWords(template.pattern);
        } catch {
          // A pattern with a problem never matches; its store lists it as a problem.
          continue;
        }
        const { words, specificity, key } = analysed;
        const fits = key === null ? words.length === 0 : key !== undefined && words.includes(key);
        compiled = {
          pattern: template.pattern,
          words,
          specificity,
          key: fits ? key : undefined,
          matcher: null,
        };
      }
      const entry = { template, position, compiled };
      this.entries.push(entry);
      if (compiled.key === undefined) unkeyed.push(entry);
      else this.file(entry, compiled.key);
    }
    if (unkeyed.length === 0) return;
    // Most are new: each goes under its rarest word. A few new ones among many filed before:
    // under their word with the fewest templates filed so far (no count of every word needed).
    const frequency = unkeyed.length * 2 > this.entries.length ? new Map<string, number>() : null;
    if (frequency)
      for (const entry of this.entries)
        for (const word of entry.compiled.words)
          frequency.set(word, (frequency.get(word) ?? 0) + 1);
    for (const entry of unkeyed) {
      let key: string | null = null;
      let fewest = Infinity;
      for (const word of entry.compiled.words) {
        const count = frequency ? frequency.get(word)! : (this.buckets.get(word)?.length ?? 0);
        if (count < fewest) {
          key = word;
          fewest = count;
        }
      }
      entry.compiled.key = key;
      this.file(entry, key);
    }
  }

  private file(entry: IndexEntry<T>, key: string | null): void {
    if (key === null) {
      this.unfiled.push(entry);
      return;
    }
    const bucket = this.buckets.get(key);
    if (bucket) bucket.push(entry);
    else this.buckets.set(key, [entry]);
  }

  /** Indexes `templates`; a template whose pattern has a problem is left out (it never matches). */
  static build<T extends Template>(
    templates: readonly T[],
    options: TemplateIndexOptions<T> = {},
  ): TemplateIndex<T> {
    return new TemplateIndex(templates, options);
  }

  /** The first template of that name, if any. */
  get(name: string): T | undefined {
    if (!this.names) {
      // The first lookup scans (a one-shot process looks up one name); later ones use a map.
      if (this.lookups++ === 0) return this.templates.find((template) => template.name === name);
      this.names = new Map();
      for (const template of this.templates)
        if (!this.names.has(template.name)) this.names.set(template.name, template);
    }
    return this.names.get(name);
  }

  /** The words of a template's pattern as indexed, and its key (undefined for a template not in the index, or without a pattern). */
  wordsOf(template: T): PatternWords | undefined {
    const compiled = this.compiledMap().get(template);
    return (
      compiled && { words: compiled.words, specificity: compiled.specificity, key: compiled.key }
    );
  }

  private compiledMap(): Map<T, CompiledPattern> {
    if (!this.compiledByTemplate) {
      this.compiledByTemplate = new Map();
      for (const entry of this.entries) this.compiledByTemplate.set(entry.template, entry.compiled);
    }
    return this.compiledByTemplate;
  }

  /**
   * Every template whose pattern matches the intent, most specific first (ties keep the list's
   * order); with `params`, templates that read request parameters the request does not give are
   * left out. The same answer as `matchTemplates(templates, intent, options)`.
   */
  match(intent: string, options: { params?: readonly string[] } = {}): TemplateMatch<T>[] {
    const text = intentForMatching(intent);
    if (text.length > MAX_MATCHED_INTENT_CHARS) return [];
    const folded = foldCase(text);
    const found: Array<{ entry: IndexEntry<T>; captures: Record<string, string> }> = [];
    for (const entry of this.candidates(folded)) {
      const captures = matcherOf(entry.compiled).match(text, folded);
      if (!captures) continue;
      if (options.params && entry.template.params?.some((name) => !options.params!.includes(name)))
        continue;
      found.push({ entry, captures });
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
    const text = intentForMatching(intent);
    return text.length > MAX_MATCHED_INTENT_CHARS ? 0 : this.candidates(foldCase(text)).length;
  }

  /** The entries an intent may match: `folded` is its `intentForMatching`, folded. */
  private candidates(folded: string): IndexEntry<T>[] {
    const words = new Set(folded.split(" "));
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
 * space-separated runs of its normalised text with no placeholder in them (`literalWords`),
 * folded, each once. Throws `invalid_template` for a pattern `patternProblem` refuses.
 */
export function patternWords(pattern: string): PatternWords {
  checkPattern(pattern);
  const words: string[] = [];
  for (const run of literalWords(patternParts(pattern))) {
    const word = foldCase(run);
    if (!words.includes(word)) words.push(word);
  }
  return {
    words,
    specificity: pattern.includes("{") ? patternSpecificity(pattern) : pattern.length,
  };
}

function matcherOf(compiled: CompiledPattern): PatternMatcher {
  compiled.matcher ??= compilePatternMatcher(compiled.pattern);
  return compiled.matcher;
}
