import type { Grade } from "@lackpy/lang";
import type { LackpyConfig } from "../config/config-types.js";
import type {
  GenerateStageOptions,
  PreparedRequest,
  ProgramGenerator,
} from "../program/program-generator.js";
import type { ProgramRunner } from "../program/program-runner.js";
import { feedRatchet, type RatchetOutcome } from "./ratchet.js";
import type { RatchetStore } from "../store/ratchet-store.js";
import { redactSecrets, type ResolvedParams } from "../program/resolve-params.js";
import type { DelegateResult, RunOptions, ServiceRunResult } from "../service-types.js";
import { loadTelemetry, startRootSpan, withinSpan, type TraceSpan } from "../program/telemetry.js";
import type { TemplateStore } from "../store/template-store.js";

/** Options of `delegate`. */
export interface DelegateOptions extends RunOptions, GenerateStageOptions {}

/** The collaborators of the delegate pipeline, one per stage. */
export interface DelegateStages {
  generator: ProgramGenerator;
  runner: ProgramRunner;
  ratchet: {
    settings: LackpyConfig["ratchet"];
    templates: TemplateStore;
    history: RatchetStore;
  };
}

function emptyResult(
  grade: Grade,
): Omit<DelegateResult, "generationMs" | "executionMs" | "totalMs"> {
  return {
    success: false,
    program: null,
    params: {},
    tier: null,
    provider: null,
    model: null,
    grade,
    output: null,
    stdout: "",
    error: null,
    trace: [],
    filesRead: [],
    filesModified: [],
    filesCreated: [],
    correction: null,
    promoted: null,
    demoted: null,
  };
}

/**
 * The delegate pipeline over a prepared request: generate (tier 0 from memory, then rules and
 * models), run (policy, the validated program, the configured mode), then feed the ratchet
 * (template counters and demotion, or the model program's successes and its promotion, and the
 * tier that answered). Secret values are
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
  const started = performance.now();
  const { kit, params } = request;
  const generated = await stages.generator.generate(intent, request, options, span);
  const outcome = generated.outcome;
  // The tiers' own time, as `generate` reports it (kit and toolbox setup are not generation).
  const generationMs = outcome.generationMs;
  if (!outcome.success) {
    noteDelegate(stages, null, false);
    return redactSecrets(
      {
        ...emptyResult(kit.kit.grade),
        error: outcome.error,
        generationMs,
        executionMs: 0,
        totalMs: Math.round(performance.now() - started),
      },
      params.secrets,
    );
  }
  options.onProgress?.({ kind: "running" });
  const runParams: ResolvedParams = {
    ...params,
    values: { ...params.values, ...outcome.params },
  };
  const executionStarted = performance.now();
  const result: ServiceRunResult = await stages.runner.execute(
    generated.validated ?? outcome.program,
    kit,
    runParams,
    options,
    span,
  );
  const executionMs = Math.round(performance.now() - executionStarted);
  options.onProgress?.({ kind: "done" });
  let ratchet: RatchetOutcome = { promoted: null, demoted: null };
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
  noteDelegate(stages, outcome.tier, result.success);
  return redactSecrets(
    {
      success: result.success,
      program: outcome.program,
      params: outcome.params,
      tier: outcome.tier,
      provider: outcome.provider,
      model: outcome.model ?? null,
      grade: kit.kit.grade,
      output: result.output,
      stdout: result.stdout,
      error: result.error as DelegateResult["error"],
      trace: result.trace,
      filesRead: result.filesRead,
      filesModified: result.filesModified,
      filesCreated: result.filesCreated,
      correction: outcome.correction ?? null,
      generationMs,
      executionMs,
      totalMs: Math.round(performance.now() - started),
      promoted: ratchet.promoted,
      demoted: ratchet.demoted,
      ...(result.limitsLowered ? { limitsLowered: result.limitsLowered } : {}),
    },
    params.secrets,
  );
}

/** Remembers which tier answered (for `status`); the ratchet's trouble never fails a delegate. */
function noteDelegate(stages: DelegateStages, tier: string | null, success: boolean): void {
  try {
    stages.ratchet.history.recordDelegate(tier, success);
  } catch (error) {
    stages.ratchet.history.noteError(error);
  }
}
