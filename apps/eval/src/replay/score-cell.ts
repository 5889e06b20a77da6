/**
 * Scores one delegate: 0 when the gate failed (no valid program, or it did not run), 1 when it
 * ran but the answer is wrong, 2 when the answer passes the intent's check. Failed cells get a
 * failure mode; a cell with no recorded answer is `fixture_miss`, never a pass.
 */
import { classifyFailure, type FailureMode, type ModelCallRecord } from "@lackpy/infer";
import type { ValidationErrorCode } from "@lackpy/lang";
import type { DelegateResult } from "@lackpy/service";
import { checkAnswer } from "./checks.js";
import type { NumberSource, TierName } from "../results/report-types.js";
import type { Intent } from "../inputs/types.js";

/** The outcome of one cell. */
export interface Cell {
  provider: string;
  model: string;
  source: NumberSource;
  variant: string;
  /** The tier under test (for a failed generation, the tier that was asked). */
  tier: TierName;
  intentId: string;
  trial: number;
  /** The intent's kit, file (`code`, `edit`, `files`, `read`) and difficulty, for breakdowns. */
  kit: Intent["kit"];
  category: string;
  difficulty: Intent["difficulty"];
  score: 0 | 1 | 2;
  mode: FailureMode | "fixture_miss" | "no_answer" | null;
  /** The first program was rejected, so the correction chain ran. */
  firstRejected: boolean;
  /** A program was accepted (by any correction step). */
  accepted: boolean;
  /** The step of the correction chain that produced the accepted program, or `none`. */
  acceptedBy: CorrectionStep;
  stale: boolean;
  /** Sum of the recorded latencies of the cell's model calls (null without model calls). */
  latencyMs: number | null;
  tokensIn: number;
  tokensOut: number;
  modelCalls: number;
  program: string | null;
  detail: string;
  /** Hash of the first prompt the cell sent to the model (null for tiers without a model). */
  promptHash: string | null;
  /**
   * The earlier prompt variant whose first prompt for this intent and trial was byte-identical:
   * the cell then replays that variant's answers and is counted there, once.
   */
  sameAsVariant: string | null;
}

/** Steps of the correction chain; `none` when no program was accepted. */
export type CorrectionStep = "initial" | "cleanup" | "retry" | "fixer" | "none";

function acceptedStep(result: DelegateResult): CorrectionStep {
  const strategy = result.correction?.strategy ?? "initial";
  return (
    (["initial", "cleanup", "retry", "fixer"] as const).find((step) => step === strategy) ??
    "initial"
  );
}

/** What the replay counters said about one cell. */
export interface ReplayTrace {
  missed: boolean;
  stale: boolean;
  used: readonly ModelCallRecord[];
  /** Hash of the first prompt sent, when a model was asked. */
  promptHash?: string | null;
}

const NO_TRACE: ReplayTrace = { missed: false, stale: false, used: [] };

/** Attempt errors are `code: message` lines; lines of another shape are left out. */
function parseErrors(errors: readonly string[]): { code: ValidationErrorCode; message: string }[] {
  return errors.flatMap((text) => {
    const match = /^(\w+): ([\s\S]*)$/.exec(text);
    return match ? [{ code: match[1] as ValidationErrorCode, message: match[2] }] : [];
  });
}

/** Scores a delegate result against the intent's check, reading files from `workspace` for file checks. */
export function scoreCell(
  result: DelegateResult,
  intent: Intent,
  workspace: string,
  label: Pick<Cell, "provider" | "model" | "source" | "variant" | "tier" | "trial">,
  trace: ReplayTrace = NO_TRACE,
): Cell {
  const used = trace.used;
  const base = {
    ...label,
    intentId: intent.id,
    kit: intent.kit,
    category: intent.category ?? "-",
    difficulty: intent.difficulty,
    promptHash: trace.promptHash ?? null,
    sameAsVariant: null,
    stale: trace.stale,
    latencyMs: used.length ? used.reduce((sum, record) => sum + (record.latencyMs ?? 0), 0) : null,
    tokensIn: used.reduce((sum, record) => sum + (record.tokensIn ?? 0), 0),
    tokensOut: used.reduce((sum, record) => sum + (record.tokensOut ?? 0), 0),
    modelCalls: used.length,
    program: result.program,
  };
  if (result.program === null) {
    const tiers = (result.error?.tiers ?? []) as {
      reason: string;
      attempts?: { program: string; errors: string[] }[];
    }[];
    const attempts = tiers.flatMap((tier) => tier.attempts ?? []);
    const last = attempts.at(-1);
    const mode = trace.missed
      ? "fixture_miss"
      : last
        ? classifyFailure({ program: last.program, errors: parseErrors(last.errors) })
        : "no_answer";
    return {
      ...base,
      score: 0,
      mode,
      firstRejected: attempts.length > 0,
      accepted: false,
      acceptedBy: "none",
      program: last?.program ?? null,
      detail: trace.missed
        ? "no recorded answer"
        : tiers.map((tier) => tier.reason).join("; ") || "no answer",
    };
  }
  const corrected = result.correction !== null;
  if (!result.success) {
    const runError = result.error
      ? { code: result.error.code, message: result.error.message }
      : null;
    return {
      ...base,
      score: 0,
      mode: classifyFailure({ program: result.program, runError }),
      firstRejected: corrected,
      accepted: true,
      acceptedBy: acceptedStep(result),
      detail: `run failed: ${runError?.code}: ${runError?.message}`,
    };
  }
  const verdict = checkAnswer(intent.check, { output: result.output, workspace });
  return {
    ...base,
    score: verdict.pass ? 2 : 1,
    mode: verdict.pass ? null : classifyFailure({ program: result.program, runError: null }),
    firstRejected: corrected,
    accepted: true,
    acceptedBy: acceptedStep(result),
    detail: verdict.detail,
  };
}
