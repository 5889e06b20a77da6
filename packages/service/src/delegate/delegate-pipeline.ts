import { monotonicMs } from "@lackpy/lang";
import type { SkippedCount } from "@lackpy/run";
import { kitUse } from "../kit-use.js";
import type { LackpyConfig } from "../config/config-types.js";
import type { ChangeOutcome } from "../change-types.js";
import { runStaged, type StagedRunStages } from "../changes/run-staged.js";
import type {
  GenerateStageOptions,
  PreparedRequest,
  ProgramGenerator,
} from "../program/program-generator.js";
import { feedRatchet, type RatchetOutcome } from "./ratchet.js";
import { explainGenerationFailure, type TierReason } from "../result/explain-generation-failure.js";
import { unsureAnswer } from "./unsure-answer.js";
import { redactSecrets, type ResolvedParams } from "../program/resolve-params.js";
import type { DelegateResult, KitForRequest, RunOptions } from "../service-types.js";
import { loadTelemetry, startRootSpan, withinSpan, type TraceSpan } from "../program/telemetry.js";
import type { RatchetStore, TemplateStore } from "../store/store-types.js";

/** Options of `delegate`. */
export interface DelegateOptions extends RunOptions, GenerateStageOptions {
  /** Why the tiers already asked gave no answer (a rule's unsure answer), put before the models' reasons. */
  tiersBefore?: TierReason[];
}

/** The collaborators of the delegate pipeline, one per stage. */
export interface DelegateStages extends StagedRunStages {
  generator: ProgramGenerator;
  ratchet: {
    settings: LackpyConfig["ratchet"];
    templates: TemplateStore;
    history: RatchetStore;
  };
}

function emptyResult(
  kit: KitForRequest,
  dryRun: boolean,
): Omit<DelegateResult, "generationMs" | "executionMs" | "totalMs"> {
  return {
    dryRun,
    changes: [],
    applied: false,
    runId: null,
    pending: [],
    success: false,
    program: null,
    params: {},
    tier: null,
    provider: null,
    model: null,
    reading: null,
    grade: kit.kit.grade,
    kit: kitUse(kit),
    output: null,
    stdout: "",
    error: null,
    trace: [],
    filesRead: [],
    filesModified: [],
    filesCreated: [],
    // No program ran.
    stats: { steps: 0, toolCalls: 0, durationMs: 0, toolMs: 0, truncated: [] },
    correction: null,
    promoted: null,
    demoted: null,
  };
}

/**
 * The delegate pipeline over a prepared request: generate (tier 0 from memory, then rules and
 * models), run (policy, the validated program, the configured mode, its writes staged), settle
 * its changes (a dry run lands nothing, `approve` asks a person, the rest lands), then feed the
 * ratchet (template counters and demotion, or the model program's successes and its promotion,
 * and the tier that answered) unless it was a dry run or a person declined a change: neither
 * says whether the program did what was asked, and a dry run writes nothing, `.lackpy/` included.
 * Secret values are
 * redacted from the result. With an OpenTelemetry provider registered, the request is an
 * `invoke_agent lackpy` span with the tiers, model calls, run and tool calls under it.
 */
export async function delegatePipeline(
  intent: string,
  request: PreparedRequest,
  stages: DelegateStages,
  options: DelegateOptions = {},
): Promise<DelegateResult> {
  const loading = loadTelemetry();
  if (loading) await loading;
  const span = startRootSpan("invoke_agent lackpy", {
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.agent.name": "lackpy",
    "lackpy.kit": request.kit.name,
  });
  if (!span) return delegateStages(intent, request, stages, options, null);
  return withinSpan(span, async () => {
    const result = await delegateStages(intent, request, stages, options, span);
    span.set({
      "lackpy.success": result.success,
      "lackpy.tier": result.tier,
      "lackpy.provider": result.provider,
      "gen_ai.request.model": result.model,
      "lackpy.promoted": result.promoted?.template,
    });
    if (result.error) span.fail(result.error.code, result.error.message);
    return result;
  });
}

async function delegateStages(
  intent: string,
  request: PreparedRequest,
  stages: DelegateStages,
  options: DelegateOptions,
  span: TraceSpan | null,
): Promise<DelegateResult> {
  const started = monotonicMs();
  const { kit, params } = request;
  const generated = await stages.generator.generate(intent, request, options, span);
  const outcome = generated.outcome;
  // The tiers' own time, as `generate` reports it (kit and toolbox setup are not generation).
  const generationMs = outcome.generationMs;
  const dryRun = options.dryRun ?? false;
  if (!outcome.success) {
    if (!dryRun) await noteDelegate(stages, null, false);
    const before = options.tiersBefore ?? [];
    const error = { ...outcome.error, tiers: [...before, ...(outcome.error.tiers ?? [])] };
    return redactSecrets(
      {
        ...emptyResult(kit, dryRun),
        error: explainGenerationFailure(intent, error, stages.settings),
        generationMs,
        executionMs: 0,
        totalMs: Math.round(monotonicMs() - started),
      },
      params.secrets,
    );
  }
  options.onProgress?.({ kind: "running" });
  const runParams: ResolvedParams = {
    ...params,
    values: { ...params.values, ...outcome.params },
  };
  const executionStarted = monotonicMs();
  const result = await runStaged(
    generated.validated ?? outcome.program,
    { kit, params: runParams },
    stages,
    options,
    { source: "delegate", label: () => intent, parent: span },
  );
  const executionMs = Math.round(monotonicMs() - executionStarted);
  // An offline answer is given only when it is known to be right: "none" while the run left
  // out files that may be the answer goes to the models, or gets no answer.
  const unsure =
    outcome.tier === "templates" || outcome.tier === "rules"
      ? offlineUnsure(result, outcome.noneIsUnknown ?? false, outcome.emptyIsChecked === true)
      : null;
  if (unsure !== null) {
    const tiersBefore = [{ provider: outcome.provider, reason: `answered, but ${unsure}` }];
    if (!options.modelsOnly && (await stages.generator.hasModelTier()))
      return delegateStages(
        intent,
        request,
        stages,
        {
          ...options,
          modelsOnly: true,
          tiersBefore,
          // The models check the rule's reading: what it asked, and why its answer was not given.
          ...(outcome.reading
            ? { hint: `${outcome.reading} (its answer was not given: ${unsure})` }
            : {}),
        },
        span,
      );
    const error = {
      code: "generation_failed",
      message: `No tier could answer this request for sure (${outcome.provider}: answered, but ${unsure}).`,
      tiers: tiersBefore,
    };
    if (!dryRun) await noteDelegate(stages, null, false);
    return redactSecrets(
      {
        ...emptyResult(kit, dryRun),
        error: explainGenerationFailure(intent, error, stages.settings),
        generationMs,
        executionMs,
        totalMs: Math.round(monotonicMs() - started),
        ...(result.skipped ? { skipped: result.skipped } : {}),
      },
      params.secrets,
    );
  }
  options.onProgress?.({ kind: "done" });
  let ratchet: RatchetOutcome = { promoted: null, demoted: null };
  if (feedsRatchet(result)) {
    try {
      ratchet = await feedRatchet(
        { intent, kit, params, generated, result },
        stages.ratchet.settings,
        stages.ratchet,
      );
    } catch (error) {
      // The run's result stands; the ratchet's trouble (a file it cannot read or write) is shown by status.
      stages.ratchet.history.noteError(error);
    }
    await noteDelegate(stages, outcome.tier, result.success);
  }
  return redactSecrets(
    {
      dryRun: result.dryRun,
      changes: result.changes,
      applied: result.applied,
      runId: result.runId,
      ...(result.changeId === undefined ? {} : { changeId: result.changeId }),
      ...(result.declined === undefined ? {} : { declined: result.declined }),
      pending: result.pending,
      success: result.success,
      program: outcome.program,
      params: outcome.params,
      tier: outcome.tier,
      provider: outcome.provider,
      model: outcome.model ?? null,
      reading: outcome.reading ?? null,
      grade: kit.kit.grade,
      kit: kitUse(kit),
      output: result.output,
      stdout: result.stdout,
      error: result.error as DelegateResult["error"],
      trace: result.trace,
      filesRead: result.filesRead,
      filesModified: result.filesModified,
      filesCreated: result.filesCreated,
      stats: result.stats,
      correction: outcome.correction ?? null,
      generationMs,
      executionMs,
      totalMs: Math.round(monotonicMs() - started),
      promoted: ratchet.promoted,
      demoted: ratchet.demoted,
      ...(result.limitsLowered ? { limitsLowered: result.limitsLowered } : {}),
      ...(result.skipped ? { skipped: result.skipped } : {}),
    },
    params.secrets,
  );
}

/** Why a read-only offline run's answer is not known to be right (`unsureAnswer`), or null. */
function offlineUnsure(
  result: ChangeOutcome & { success: boolean; output: unknown; skipped?: SkippedCount[] },
  noneIsUnknown: boolean | string,
  emptyIsChecked: boolean,
): string | null {
  if (!result.success || result.changes.length > 0) return null;
  return unsureAnswer(result.output, result.skipped, noneIsUnknown, emptyIsChecked);
}

/** True when a delegate's outcome says whether its program did what was asked: not a dry run, nothing declined. */
function feedsRatchet(result: ChangeOutcome): boolean {
  return !result.dryRun && (result.declined ?? []).length === 0;
}

/** Remembers which tier answered (for `status`); the ratchet's trouble never fails a delegate. */
async function noteDelegate(
  stages: DelegateStages,
  tier: string | null,
  success: boolean,
): Promise<void> {
  try {
    await stages.ratchet.history.recordDelegate(tier, success);
  } catch (error) {
    stages.ratchet.history.noteError(error);
  }
}
