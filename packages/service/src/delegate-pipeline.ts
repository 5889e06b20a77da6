import type { Grade } from "@lackpy/lang";
import type { RunResult } from "@lackpy/run";
import { generaliseProgram, normaliseIntent } from "./generalise-program.js";
import type { GenerationSettings, LackpyService } from "./lackpy-service.js";
import type { GenerateOutcome } from "./inference.js";
import { RatchetStore } from "./ratchet-store.js";
import { redactSecrets, type ResolvedParams } from "./resolve-params.js";
import type { DelegateResult, ProgressEvent, RunOptions } from "./service-types.js";

/** Options of `delegate`. */
export interface DelegateOptions extends RunOptions {
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  /** Prompt variant, intent id and temperature for the model tiers (evals). */
  generation?: GenerationSettings;
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
    correction: null,
  };
}

/**
 * The delegate pipeline: generate (templates, rules, models), validate again, enforce policy,
 * run in the configured mode, then feed the ratchet: template counters, and promotion of a
 * model-generated program that keeps succeeding for the same intent.
 */
export async function delegatePipeline(
  service: LackpyService,
  intent: string,
  options: DelegateOptions = {},
): Promise<DelegateResult> {
  const started = performance.now();
  const { kit, params } = await service.prepareRequest(options);
  const generated: GenerateOutcome = await service.generateFor(intent, kit, params, options);
  // The tiers' own time, as `generate` reports it (kit and toolbox setup are not generation).
  const generationMs = generated.generationMs;
  const base = emptyResult(kit.kit.grade);
  if (!generated.success) {
    return redactSecrets(
      {
        ...base,
        error: generated.error,
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
    values: { ...params.values, ...(generated.params ?? {}) },
  };
  const executionStarted = performance.now();
  const result: RunResult = await service.executeFor(generated.program, kit, runParams, options);
  const executionMs = Math.round(performance.now() - executionStarted);
  options.onProgress?.({ kind: "done" });
  const delegated: DelegateResult = {
    success: result.success,
    program: generated.program,
    params: generated.params ?? {},
    tier: generated.tier,
    provider: generated.provider,
    model: generated.model ?? null,
    grade: kit.kit.grade,
    output: result.output,
    stdout: result.stdout,
    error: result.error as DelegateResult["error"],
    trace: result.trace,
    filesRead: result.filesRead,
    filesModified: result.filesModified,
    correction: generated.correction ?? null,
    generationMs,
    executionMs,
    totalMs: Math.round(performance.now() - started),
  };
  const promoted = await feedRatchet(
    service,
    intent,
    kit.name,
    generated,
    result.success,
    result.output,
  );
  if (promoted) delegated.promoted = promoted;
  return redactSecrets(delegated, params.secrets);
}

async function feedRatchet(
  service: LackpyService,
  intent: string,
  kitName: string,
  generated: Extract<GenerateOutcome, { success: true }>,
  success: boolean,
  output: unknown,
): Promise<string | undefined> {
  const config = service.config();
  if (generated.tier === "templates" && generated.template) {
    await service.templatesDir
      .record(generated.template, success, config.ratchet.demoteAfterFailures)
      .catch(() => undefined);
    return undefined;
  }
  if (
    !success ||
    !config.ratchet.auto ||
    (generated.tier !== "ollama" && generated.tier !== "anthropic")
  )
    return undefined;
  const store = new RatchetStore(service.workspace);
  // Promotion needs min_successes of this program and agreement: the intent's last
  // 2 × min_successes successful answers (of any program) all gave this output.
  const { entry, agreed } = await store.recordSuccess(
    intent,
    generated.program,
    kitName,
    output,
    2 * config.ratchet.minSuccesses,
  );
  if (entry.promoted || entry.successes < config.ratchet.minSuccesses || !agreed) return undefined;
  const candidate = generaliseProgram(
    intent,
    generated.program,
    Object.keys(generated.params ?? {}),
  );
  if (!candidate) return undefined;
  const name = templateNameFor(intent);
  try {
    await service.create(candidate.program, {
      name,
      pattern: candidate.pattern,
      kit: kitName,
      params: candidate.params,
      force: false,
    });
  } catch {
    return undefined;
  }
  await store.markPromoted(intent, generated.program, kitName, name);
  return name;
}

/** A plain template name derived from an intent: `auto-count-lines-in-arg`. */
export function templateNameFor(intent: string): string {
  const slug = normaliseIntent(intent)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return `auto-${slug || "intent"}-${hash(intent)}`;
}

function hash(text: string): string {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++)
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return (value >>> 0).toString(36).slice(0, 6);
}
