import type { NumberSource, TierName } from "./tier-types.js";
import type { Interval } from "./stats.js";

/** The request streams the ratchet simulation offers. */
export type RatchetScenario = "intents" | "wordings";

/** Smallest and largest value over the seeds. */
export type Range = readonly [number, number];

/** One window of a ratchet simulation: means over the seeds, with their range. */
export interface RatchetWindow {
  /** Counts from 1. */
  index: number;
  /** Requests in this window (per seed). */
  intents: number;
  /** Share of the window's requests answered by each tier (0..1; the rest failed generation), mean over seeds. */
  tierShare: Record<TierName, number>;
  tierShareRange: Record<TierName, Range>;
  /** The ceiling: share of the window's requests whose wording came earlier in the stream, so a template could have answered it. */
  repeatShare: number;
  repeatShareRange: Range;
  /** Model calls made in this window, mean over seeds. */
  modelCalls: number;
  modelCallsRange: Range;
  /** Requests answered without a model call (templates or rules), mean over seeds. */
  modelCallsSaved: number;
  /** Requests a template answered wrongly (per the intent's check), mean over seeds. */
  wrongFromTemplates: number;
  wrongFromTemplatesRange: Range;
  /** Requests a rule answered wrongly (per the intent's check), mean over seeds. */
  wrongFromRules: number;
  wrongFromRulesRange: Range;
  /** Requests that ended without a correct answer, from any tier, mean over seeds. */
  wrong: number;
}

/** One simulation: a model and a scenario over several seeds. */
export interface RatchetSimulation {
  /** `primary`: the model chosen for the ratchet (the best recorded one by default); `stress`: a model simulated to show what the ratchet does with it (the consistently wrong profile). */
  role: "primary" | "stress";
  scenario: RatchetScenario;
  /** What the scenario's stream is, in a sentence. */
  scenarioDescription: string;
  provider: string;
  model: string;
  source: NumberSource;
  /** The first seed (the others follow it), and all of them. */
  seed: number;
  seeds: number[];
  /** Requests per seed. */
  requests: number;
  windowSize: number;
  /** Agreeing successful runs before a promotion (the product's default). */
  minSuccesses: number;
  windows: RatchetWindow[];
  /** Templates promoted per seed: mean and range. */
  templatesPromoted: number;
  templatesPromotedRange: Range;
  /** Totals over every seed. */
  modelCalls: number;
  modelCallsSaved: number;
  /** Answers served by templates, and how many were wrong (from the answers actually served, checked). */
  templateAnswers: number;
  wrongFromTemplates: number;
  /** wrongFromTemplates / templateAnswers with its Wilson interval (null without template answers). */
  wrongFromTemplatesShare: number | null;
  wrongFromTemplatesInterval: Interval | null;
  /** Wrong template answers where the model alone, asked the same request, would have been right: errors the ratchet added. */
  addedErrors: number;
  /** Template answers where the model alone would also have been wrong (or failed). */
  modelAloneWrong: number;
  /**
   * Answers served by the rules tier, and how many were wrong, counted as template answers are:
   * an answer is right only when it passes the intent's check. The service grounds each rule in
   * the workspace copy, so a rule whose folder or file is not there does not answer at all.
   */
  ruleAnswers: number;
  wrongFromRules: number;
  /** wrongFromRules / ruleAnswers with its Wilson interval (null without rule answers). */
  wrongFromRulesShare: number | null;
  wrongFromRulesInterval: Interval | null;
  /** Share of requests (all seeds) answered by templates, and the ceiling (share of repeats). */
  templateShare: number;
  /** Share of requests (all seeds) answered by the rules. */
  ruleShare: number;
  repeatShare: number;
}

/** One request of a simulation, so any figure can be recomputed. */
export interface RatchetLogEntry {
  /** Index into `ratchet.simulations`. */
  simulation: number;
  seed: number;
  /** 1-based position in the stream. */
  request: number;
  window: number;
  intentId: string;
  /** The wording's id: the intent id, or `<id>@p<n>` for a paraphrase. */
  wording: string;
  /** An earlier request of this seed had the same wording. */
  repeat: boolean;
  /** The tier that answered, null when generation failed. */
  tier: TierName | null;
  correct: boolean;
  /** For template answers: whether the model alone would have been right on the same request. */
  modelAloneCorrect: boolean | null;
  /** The template this request promoted, if any. */
  promoted: string | null;
}

/** The ratchet section of the report: the primary simulation's fields, every simulation, and the request log. */
export interface RatchetReport extends RatchetSimulation {
  /**
   * Why the primary simulation's model was chosen: named with `--ratchet-model`, the best recorded
   * model with a recording of every intent, or (no such model) the best synthetic profile. Null
   * when nothing was simulated.
   */
  chosenAs?: "asked" | "best-recorded" | "best-synthetic" | null;
  simulations: RatchetSimulation[];
  log: RatchetLogEntry[];
}
