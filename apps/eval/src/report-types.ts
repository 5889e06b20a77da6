import type { FailureMode } from "@lackpy/infer";

/** Where a number comes from: recorded model outputs, synthetic behaviour profiles, or lackpy's own tiers. */
export type NumberSource = "recorded" | "synthetic" | "builtin";

/** The tiers, in order. */
export type TierName = "templates" | "rules" | "ollama" | "anthropic";

/** One fixture file that fed the report. */
export interface FixtureInfo {
  provider: string;
  model: string;
  source: NumberSource;
  path: string;
  records: number;
}

/** Scores of one provider × model × prompt variant × tier. */
export interface SummaryRow {
  provider: string;
  model: string;
  source: NumberSource;
  variant: string;
  tier: TierName;
  /** Cells scored: intents × trials. */
  cells: number;
  /** Share of cells scoring 2 (correct). */
  passRate: number;
  /** Share of cells scoring at least 1 (a valid program that ran without error). */
  gateRate: number;
  /** pass^k: the chance that all k trials of an intent are correct, averaged over intents. */
  passK: number;
  k: number;
  /** Of cells whose first program was rejected, the share the correction chain turned into an accepted program. */
  correctionRate: number | null;
  /** Cells with no recorded answer: always scored 0, never a pass. */
  fixtureMisses: number;
  /** Cells answered by a recording whose prompt has changed since (matched by intent, variant and attempt). */
  stale: number;
  /** Median recorded model latency per cell, in ms (null for tiers without a model). */
  latencyMsMedian: number | null;
  tokensIn: number;
  tokensOut: number;
  /** Cells by the correction step whose program was accepted (`none`: no program accepted). */
  steps: Record<"initial" | "cleanup" | "retry" | "fixer" | "none", number>;
}

/** One window of the ratchet simulation (`index` counts from 1). */
export interface RatchetWindow {
  index: number;
  /** Requests in this window. */
  intents: number;
  /** Share of this window's requests answered by each tier (0..1; the rest failed generation). */
  tierShare: Record<TierName, number>;
  /** Model calls made in this window. */
  modelCalls: number;
  /** Model calls avoided compared with sending every request to the model. */
  modelCallsSaved: number;
  /** Requests answered by a template whose answer failed its check (must be 0). */
  wrongFromTemplates: number;
  /** Requests that ended without a correct answer, from any tier. */
  wrong: number;
}

/** Failed cells per failure mode. */
export type FailureCounts = Partial<Record<FailureMode | "fixture_miss" | "no_answer", number>>;

/** The report written to `apps/eval/reports/latest.json`. */
export interface EvalReport {
  meta: {
    workspaceHash: string;
    createdAt: string;
    promptBuilderVersion: string;
    intents: number;
    variants: string[];
    fixtures: FixtureInfo[];
  };
  summary: SummaryRow[];
  failureModes: FailureCounts;
  /** The same counts split by where the cells' numbers come from. */
  failureModesBySource: Partial<Record<NumberSource, FailureCounts>>;
  ratchet: {
    seed: number;
    provider: string;
    model: string;
    source: NumberSource;
    requests: number;
    windowSize: number;
    windows: RatchetWindow[];
    templatesPromoted: number;
    modelCalls: number;
    modelCallsSaved: number;
    wrongFromTemplates: number;
  };
}
