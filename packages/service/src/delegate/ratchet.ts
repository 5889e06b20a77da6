import type { RunResult } from "@lackpy/run";
import { createTemplate } from "./create-template.js";
import { generaliseProgram, isEmptyProgram, referencedNames } from "./generalise-program.js";
import type { LackpyConfig } from "../config/config-types.js";
import type { Generated } from "../program/program-generator.js";
import type { ResolvedParams } from "../program/resolve-params.js";
import { ServiceError } from "../service-error.js";
import type { KitForRequest, Promotion, TemplateDemotion } from "../service-types.js";
import type { RatchetRequest, RatchetStore, TemplateStore } from "../store/store-types.js";
import { templateNameFor } from "./template-name.js";

/** What the ratchet learns from one delegate. */
export interface RatchetInput {
  intent: string;
  kit: KitForRequest;
  params: ResolvedParams;
  generated: Generated;
  result: Pick<RunResult, "success" | "output" | "error" | "trace">;
}

/** What the ratchet did with one delegate: the template it promoted, or the one it set aside. */
export interface RatchetOutcome {
  promoted: Promotion | null;
  demoted: TemplateDemotion | null;
}

const NOTHING: RatchetOutcome = { promoted: null, demoted: null };

/**
 * The ratchet stage: a template's counters (and the demotion of a ratchet template that keeps
 * failing; a failure caused by the request's own values counts against no template), or, for a program a model wrote that
 * ran successfully, its success in the history and its promotion to a template once it has
 * `min_successes` and the same request (intent, kit, param values) got the same output at least
 * `min_successes` times in a row, with no other output among its last 2 × `min_successes`. A promotion that fails is
 * recorded in the history (status and template list show it), never dropped.
 */
export async function feedRatchet(
  input: RatchetInput,
  settings: LackpyConfig["ratchet"],
  stores: { templates: TemplateStore; history: RatchetStore },
): Promise<RatchetOutcome> {
  const { generated, result } = input;
  const outcome = generated.outcome;
  if (!outcome.success) return NOTHING;
  if (outcome.tier === "templates") {
    if (!generated.template) return NOTHING;
    const values = [...Object.values(outcome.params), ...Object.values(input.params.values)];
    if (!result.success && failedOnRequestValues(result, values)) return NOTHING;
    const demoted = await stores.templates.record(generated.template, {
      success: result.success,
      demoteAfterFailures: settings.demoteAfterFailures,
      ...(result.error ? { lastError: `${result.error.code}: ${result.error.message}` } : {}),
    });
    return { promoted: null, demoted };
  }
  if (!result.success || !settings.auto) return NOTHING;
  if (outcome.tier !== "ollama" && outcome.tier !== "anthropic") return NOTHING;
  if (isEmptyProgram(outcome.program)) return NOTHING;
  const request: RatchetRequest = {
    intent: input.intent,
    kit: input.kit.name,
    params: ratchetParams(input.params),
  };
  const record = await stores.history.recordSuccess(
    request,
    outcome.program,
    result.output,
    2 * settings.minSuccesses,
  );
  if (
    record.entry.promoted ||
    record.entry.successes < settings.minSuccesses ||
    !record.agreed ||
    record.agreeingRuns < settings.minSuccesses
  )
    return NOTHING;
  const name = templateNameFor(input.intent);
  const requestParams = Object.keys(input.params.values);
  const candidate = generaliseProgram(input.intent, outcome.program, [
    ...Object.keys(outcome.params),
    ...requestParams,
  ]);
  if (!candidate) {
    await stores.history.recordFailure(request, {
      template: name,
      program: outcome.program,
      code: "not_generalisable",
      message: "The intent contains { or }, which a template pattern cannot hold.",
      hint: "reword the intent without braces, or save the program with lackpy create",
    });
    return NOTHING;
  }
  try {
    await createTemplate(
      candidate.program,
      {
        name,
        pattern: candidate.pattern,
        params: [...candidate.params, ...referencedNames(candidate.program, requestParams)],
        origin: "ratchet",
      },
      input.kit,
      stores.templates,
    );
  } catch (error) {
    if (ServiceError.is(error) && error.code === "template_exists") {
      // Another process promoted the same request a moment ago: nothing failed.
      const existing = await stores.templates.get(name).catch(() => null);
      if (existing?.program === candidate.program.trim()) {
        await stores.history.markPromoted(request, outcome.program, name);
        return NOTHING;
      }
    }
    await stores.history.recordFailure(request, {
      template: name,
      program: candidate.program,
      code: ServiceError.is(error) ? error.code : "promotion_failed",
      message: error instanceof Error ? error.message : String(error),
      ...(ServiceError.is(error) && error.hint ? { hint: error.hint } : {}),
    });
    return NOTHING;
  }
  await stores.history.markPromoted(request, outcome.program, name);
  return { promoted: { template: name, agreeingRuns: record.agreeingRuns }, demoted: null };
}

/**
 * Whether a template's run failed on a value the request gave, not on the template: a tool error
 * that says other arguments can succeed (`retriable`: a missing file, a bad path) from a call
 * with an argument that is exactly one of the request's values (a capture of the pattern or a
 * `--param`). A user's typo in a path counts against no template.
 */
export function failedOnRequestValues(
  result: Pick<RunResult, "error" | "trace">,
  values: readonly unknown[],
): boolean {
  const error = result.error;
  if (error?.code !== "tool_error" || error.retriable !== true) return false;
  const failed = result.trace.findLast(
    (entry) => !entry.success && (error.tool === undefined || entry.tool === error.tool),
  );
  if (!failed) return false;
  const given = new Set(values.filter((value) => typeof value === "string" && value !== ""));
  return failed.args.some((arg) => typeof arg === "string" && given.has(arg));
}

/** The request's params as the ratchet tells requests apart: values, secret ones by name only. */
function ratchetParams(params: ResolvedParams): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params.values).map(([name, value]) => [
      name,
      params.specs[name]?.secret ? "[secret]" : value,
    ]),
  );
}
