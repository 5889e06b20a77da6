/** A program a rule wrote for an intent, with the string params it binds. */
export interface RuleProgram {
  program: string;
  params: Record<string, string>;
}

/** Named groups of a rule's match. */
export type RuleGroups = Readonly<Record<string, string | undefined>>;

/** A built-in intent rule: whole-intent patterns, the tools it needs, and the program it writes. */
export interface IntentRule {
  /** A short name, for docs and tests (`todos`, `count-files`). */
  id: string;
  /** Tools the kit must have for the rule to fire. */
  needs: readonly string[];
  /** Whole-intent patterns (anchored, case-insensitive); the first that matches is used. */
  patterns: readonly RegExp[];
  /** The program for a match, or null when the match names something the rule does not understand. */
  build(groups: RuleGroups): RuleProgram | null;
}

/** A case-insensitive regex over the whole (normalised) intent. */
export function intentPattern(source: string): RegExp {
  return new RegExp(`^${source}$`, "i");
}
