import type { ParamSpec, ToolExample, ToolSpec } from "@lackpy/lang";
import type { WorkspaceView } from "@lackpy/kit";
import type { ProgramIssue } from "./program-issue.js";

/** What infer needs of a kit: the tools (named as the program calls them) and their prompt description. */
export interface KitView {
  tools: readonly ToolSpec[];
  description?: string;
  aliases?: Readonly<Record<string, string>>;
}

/** Feedback from a failed attempt, for a retry. */
export interface AttemptFeedback {
  attempt: number;
  program: string;
  errors: readonly (Pick<ProgramIssue, "code" | "message" | "hint" | "line"> & {
    column?: number;
  })[];
  strategy: "retry" | "fixer";
}

/** Everything a provider may use to write a program. */
export interface GenerationContext {
  kit: KitView;
  /** Parameter names with type and description; never secret values. */
  params: Readonly<Record<string, ParamSpec>>;
  examples?: readonly ToolExample[];
  feedback?: AttemptFeedback;
  temperature?: number;
  /** Prompt variant, for evals: `baseline`, `examples`, `constraints`, `full` (the default). */
  variant?: string;
  /** Eval bookkeeping carried into recordings. */
  intentId?: string;
  signal?: AbortSignal;
  /**
   * True when a model tier comes after this one (the dispatcher sets it): the rules then answer
   * only a reading that takes every word as written, and leave a guess to the model.
   */
  modelFollows?: boolean;
  /**
   * How a tier before this one read the request but did not answer (a rule's reading with a
   * guessed word, or without the words no rule reads): a model gets it as a hint to check.
   */
  hint?: string;
  /**
   * A read-only view of the workspace (the service fills it with `createWorkspaceView`): the
   * rules tier grounds the folders and files a request names in it. Without it, rules that
   * need a folder or file do not answer.
   */
  workspace?: WorkspaceView;
}

/** A rule, or another tier's need, that comes close to a request it could not answer ("did you mean"). */
export interface Suggestion {
  /** The rule's id (`list-files`). */
  rule: string;
  /** The need it answers, in a few words. */
  summary: string;
  /** A phrasing it answers. */
  example: string;
  /** The words of the request left out to get `example`, when `example` is the request without them. */
  leftOut?: string[];
  /** How the rule reads `example`. */
  reading?: string;
}

/** Why a tier that answers without a model did not answer, and what comes close. */
export interface ProviderMiss {
  reason: string;
  suggestion?: Suggestion;
  /** How this tier read the request though it did not answer, for the model tiers after it (`GenerationContext.hint`). */
  hint?: string;
}

/** A provider's answer: raw model text, or a program with bound parameters (templates, rules). */
export interface ProviderAnswer {
  raw: string;
  /** Parameters the program reads (template captures); always strings from the intent. */
  params?: Record<string, string>;
  /** The template that answered (tier 0). */
  template?: string;
  /** What the program answers, in one line a person can check (templates and rules). */
  reading?: string;
  /** An answer of none is not an answer (a rule's `noneIsUnknown`: true, or what none means). */
  noneIsUnknown?: true | string;
  /** With `noneIsUnknown`, an empty list is a checked answer: only null is none (a rule's `emptyIsChecked`). */
  emptyIsChecked?: true;
  model?: string;
  tokensIn?: number;
  tokensOut?: number;
}

/** A tier: templates, rules, a local model or a hosted model. */
export interface Provider {
  /** The config key, e.g. `ollama` or `local`. */
  readonly name: string;
  readonly tier: "templates" | "rules" | "ollama" | "anthropic";
  /** Model providers retry with feedback; templates and rules answer once. */
  readonly retries: boolean;
  available(): Promise<boolean>;
  /** Why the last `available()` said no, naming the host or URL and model, or the package to install. */
  unavailableReason?(): string | undefined;
  /** The answer, or null when this tier cannot handle the intent. */
  generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null>;
  /** After `generate` gave null: why, and the closest thing it does answer (the rules tier). */
  explainMiss?(intent: string, context: GenerationContext): Promise<ProviderMiss>;
}
