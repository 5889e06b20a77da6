import type { WorkspaceView } from "@lackpy/kit";
import type { Token } from "./read-request.js";

/** A program a rule wrote for an intent, with the string params it binds and how it read the request. */
export interface RuleProgram {
  program: string;
  params: Record<string, string>;
  /** What the program answers, in one line a person can check ("the number of TypeScript files (**\/*.{ts,tsx,mts,cts})"). */
  reading: string;
  /**
   * An answer of none (`[]`, `0`, null) means only that the tools found nothing, not that there is
   * nothing (a definition the parser cannot see): such an answer is not given (`GenerationResult`).
   * A string says what none means instead ("found none, or several files define it").
   */
  noneIsUnknown?: true | string;
  /**
   * With `noneIsUnknown`: the program answers `[]` only after checking there is nothing (no
   * file mentions the name), and null when its tools found nothing: only null is no answer.
   */
  emptyIsChecked?: true;
}

/** What a rule may use besides the request: the kit's tool names and a read-only view of the workspace. */
export interface RuleContext {
  tools: ReadonlySet<string>;
  /** Without a view, no folder or file a request names can be grounded, so rules that need one do not answer. */
  workspace?: WorkspaceView;
}

/** The tokens each named group of a rule's pattern took. */
export type RuleSlots = Readonly<Record<string, readonly Token[]>>;

/**
 * A built-in intent rule: a need people have ("list files by type or folder"), example
 * phrasings, the tools it needs, patterns over the request's concepts, and the program it
 * writes. `build` grounds the slots first: it answers a program only when every slot names
 * something real, and otherwise says why it does not answer.
 */
export interface IntentRule {
  /** A short name, for docs, tests and "did you mean" (`list-files`). */
  id: string;
  /** The need in a few words, for `lackpy rules`. */
  summary: string;
  /** At least two phrasings the rule answers (on a workspace where what they name exists). */
  examples: readonly string[];
  /** Tools the kit must have for the rule to fire. */
  needs: readonly string[];
  /** Patterns over the request's concepts and slots (see `rulePattern`); the first that matches is used. */
  patterns: readonly RulePattern[];
  /** The program for a match, or why the match cannot be answered (a slot that names nothing). */
  build(
    slots: RuleSlots,
    context: RuleContext,
  ): Promise<RuleProgram | string> | RuleProgram | string;
}

/** Pattern shorthands: each `{name}` stands for a group of tokens. */
const MACROS: Readonly<Record<string, string>> = {
  kind: "(?:(?<kind>K(?: and K)*)|(?<source>source))",
  scope:
    "(?: in (?:(?<scope>D)(?: (?<shallow>shallow))?|(?<scopeFile>F)|(?<scopeKind>K(?: and K)*)(?: file| script)?(?: in (?<kindTop>toplevel))?|(?<scopeTop>toplevel)))?",
  folder: "(?<folder>D)",
  file: "(?<file>F)",
  term: "(?<term>[^ ]+)",
  n: "(?<n>N)",
  ask: "(?:(?:show|find) )?",
};

/**
 * A pattern over a request's forms (concepts and slot letters joined by single spaces), anchored
 * at both ends, with `{kind}`, `{scope}`, `{folder}`, `{file}`, `{term}`, `{n}` and `{ask}`
 * shorthands. A pattern names every token it accepts, so a request with a word no pattern
 * expects is not answered.
 */
export function rulePattern(source: string): RulePattern {
  return new RulePattern(source);
}

/**
 * A rule's pattern as written, made into its regular expression the first time a line is tried
 * against it: a one-shot `lackpy delegate` tries a few dozen of the rules' 230-odd patterns
 * (decision 169), and making the others cost it their shorthands expanded and each expression
 * parsed at load (decision 180).
 */
export class RulePattern {
  #body: string | undefined;
  #regex: RegExp | undefined;

  constructor(readonly source: string) {}

  /** The pattern with its shorthands expanded, unanchored. */
  get body(): string {
    return (this.#body ??= this.source.replace(
      /\{(\w+)\}/g,
      (whole, name: string) => MACROS[name] ?? whole,
    ));
  }

  /** `^(?:body)$`, with match indices (a `|` in the body stays inside the anchors). */
  get regex(): RegExp {
    return (this.#regex ??= new RegExp(`^(?:${this.body})$`, "d"));
  }
}
