import type { FailureMode } from "@lackpy/infer";
import type { RatchetReport } from "./ratchet-types.js";
import type { Interval } from "./stats.js";
import type { NumberSource, TierName } from "./tier-types.js";

export type { NumberSource, TierName } from "./tier-types.js";

/** One fixture file that fed the report. */
export interface FixtureInfo {
  provider: string;
  model: string;
  source: NumberSource;
  path: string;
  records: number;
  promptBuilderVersion?: string;
  /** Intents with a recording of their own wording; the report's rows cover these only. */
  recordedIntents?: number;
  /** True when some intent has no recording (`recordedIntents` < `meta.intents`): a partial recording. */
  partial?: boolean;
  /** Cells of the recorded intents, variants and trials that the file does not hold (left out of the rows). */
  unrecordedCells?: number;
  /** Why the file was recorded against an older prompt (empty when its prompt builder is today's). */
  staleReasons?: string[];
  /** Cells answered from a recording of a prompt that has changed since. */
  staleCells?: number;
  /** Cells whose recording has no answer for a prompt the replay asked (fixture_miss, scored 0). */
  missingCells?: number;
  /** Set when the file was recorded against another workspace fixture: its answers are checked against changed files. */
  workspaceChanged?: string | null;
  /** Synthetic profiles: what the profile does, and the effect its code gives each prompt feature. */
  description?: string;
  effects?: string[];
  /** Recorded: what the model server said about the model (digest, quantisation, server version, model ids returned). */
  modelInfo?: Record<string, string>;
}

/** Scores of one provider × model × prompt variant × tier. */
export interface SummaryRow {
  provider: string;
  model: string;
  source: NumberSource;
  variant: string;
  tier: TierName;
  /** Cells scored: intents × trials, without the cells whose prompt was identical to an earlier variant's. */
  cells: number;
  /** Intents among those cells. */
  intents: number;
  /** Cells left out because their prompt was byte-identical to `identicalTo`'s, where they are counted. */
  identicalPrompts: number;
  identicalTo: string | null;
  passes: number;
  /** Share of cells scoring 2 (correct), with its 95% Wilson interval. */
  passRate: number;
  passInterval: Interval | null;
  /** Share of cells scoring at least 1 (a valid program that ran without error). */
  gateRate: number;
  gateInterval: Interval | null;
  /** Cells the tier answered at all (a program was accepted); for rules, the intents a rule matched. */
  answered: number;
  /** answered / cells: how much the tier answers. */
  coverage: number;
  coverageInterval: Interval | null;
  /** passes / answered: how often it is right when it answers (null when it never answered). */
  accuracy: number | null;
  accuracyInterval: Interval | null;
  /** pass^k: the chance that all k trials of an intent are correct, averaged over intents (bootstrap interval over intents). */
  passK: number;
  k: number;
  passKInterval: Interval | null;
  /** Of cells whose first program was rejected, the share the correction chain turned into an accepted program. */
  correctionRate: number | null;
  correctionInterval: Interval | null;
  /** Cells with no recorded answer: always scored 0, never a pass. */
  fixtureMisses: number;
  /** Cells answered by a recording whose prompt has changed since (matched by intent, variant and attempt). */
  stale: number;
  /** Median recorded model latency per cell, in ms; null for synthetic rows (loopback time, not a model's) and tiers without a model. */
  latencyMsMedian: number | null;
  /** Tokens the server reported; null for synthetic rows (characters / 4, not a tokenizer). */
  tokensIn: number | null;
  tokensOut: number | null;
  /** USD at the price table's rate, recorded Anthropic rows only (null elsewhere or without a price). */
  costUsd: number | null;
  /** Cells by the correction step whose program was accepted (`none`: no program accepted). */
  steps: Record<"initial" | "cleanup" | "retry" | "fixer" | "none", number>;
}

/** Pass rate of one row over the intents of one kit, file (category) or difficulty. */
export interface BreakdownRow {
  provider: string;
  model: string;
  source: NumberSource;
  variant: string;
  tier: TierName;
  dimension: "kit" | "category" | "difficulty";
  value: string;
  cells: number;
  passes: number;
  passRate: number;
  passInterval: Interval | null;
}

/** The identity of a summary row. */
export type RowKey = Pick<SummaryRow, "provider" | "model" | "source" | "variant" | "tier">;

/** The difference of pass rates between two rows, paired by intent, with its bootstrap interval. */
export interface Comparison {
  /** `variant`: two variants of one model; `model`: two models at one variant; `baseline`: this run against the baseline report. */
  kind: "variant" | "model" | "baseline";
  a: RowKey;
  b: RowKey;
  /** Pass rates of a and b over the intents they share. */
  passRateA: number;
  passRateB: number;
  /** `a − b` in shares; the interval is the 95% percentile bootstrap over intents. */
  difference: number;
  interval: Interval;
  /** The interval excludes 0, over at least MIN_PAIRED_INTENTS intents. */
  significant: boolean;
  intents: number;
}

/**
 * One behaviour profile at one kit size: the intents' own kits (`own`, 4 to 9 tools) or the
 * 150-tool kit (`large`), one cell per intent at the default prompt variant.
 */
export interface KitSizeRow {
  provider: string;
  model: string;
  source: NumberSource;
  kit: "own" | "large";
  /** Tools in the kits the intents ran with: the fewest and the most. */
  toolsMin: number;
  toolsMax: number;
  cells: number;
  passes: number;
  passRate: number;
  passInterval: Interval | null;
  /** Cells whose prompt left out a tool the intent's gold programs call (the ranking dropped it). */
  droppedTools: number;
  /** Bytes of each cell's first system prompt, in the intents' order. */
  promptBytes: number[];
  /** Bytes of the first system prompt of a cell: the median and the largest. */
  promptBytesMedian: number;
  promptBytesMax: number;
}

/** One scored cell, in the JSON report, so every figure can be recomputed. */
export interface ReportCell {
  provider: string;
  model: string;
  source: NumberSource;
  variant: string;
  tier: TierName;
  intentId: string;
  trial: number;
  kit: string;
  category: string;
  difficulty: string;
  score: 0 | 1 | 2;
  mode: string | null;
  accepted: boolean;
  acceptedBy: string;
  stale: boolean;
  sameAsVariant: string | null;
  modelCalls: number;
  program: string | null;
}

/** Failed cells per failure mode. */
export type FailureCounts = Partial<Record<FailureMode | "fixture_miss" | "no_answer", number>>;

/** What made `pnpm bench` fail or pass, with the settings it judged by. */
export interface GateOutcome {
  /** The outcome in one plain sentence: why the run fails, or what was checked. */
  verdict: string;
  /** Every reason the run fails (empty: exit 0). */
  failures: string[];
  /** Things a reader should know that do not fail the run (stale recorded fixtures, synthetic regressions). */
  notes: string[];
  settings: {
    maxAddedTemplateErrors: number;
    maxTemplateWrongShare: number | null;
    strictStale: boolean;
    baseline: string | null;
  };
}

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
  comparisons: Comparison[];
  breakdowns: BreakdownRow[];
  failureModes: FailureCounts;
  /** The same counts split by where the cells' numbers come from. */
  failureModesBySource: Partial<Record<NumberSource, FailureCounts>>;
  ratchet: RatchetReport;
  /** Pass rate and prompt size with the intents' own kits and in the 150-tool kit (absent when not measured). */
  kitSizes?: KitSizeRow[];
  /** Set when a baseline report was given: each row's change since, significant regressions first. */
  baseline: { path: string; createdAt: string; changes: Comparison[] } | null;
  gate: GateOutcome;
  cells: ReportCell[];
}
