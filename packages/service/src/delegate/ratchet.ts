import type { RunResult } from "@lackpy/run";
import { createTemplate } from "./create-template.js";
import { generaliseProgram, isEmptyProgram, referencedNames } from "./generalise-program.js";
import type { LackpyConfig } from "../config/config-types.js";
import type { Generated } from "../program/program-generator.js";
import type { RatchetRequest, RatchetStore } from "../store/ratchet-store.js";
import type { ResolvedParams } from "../program/resolve-params.js";
import { ServiceError } from "../service-error.js";
import type { KitForRequest, Promotion } from "../service-types.js";
import type { TemplateStore } from "../store/template-store.js";
import { templateNameFor } from "./template-name.js";

/** What the ratchet learns from one delegate. */
export interface RatchetInput {
  intent: string;
  kit: KitForRequest;
  params: ResolvedParams;
  generated: Generated;
  result: Pick<RunResult, "success" | "output">;
}

/**
 * The ratchet stage: a template's counters (and demotion), or, for a program a model wrote that
 * ran successfully, its success in the history and its promotion to a template once it has
 * `min_successes` and the same request (intent, kit, param values) got the same output at least
 * `min_successes` times in a row, with no other output among its last 2 × `min_successes`. A promotion that fails is
 * recorded in the history (status and template list show it), never dropped.
 */
export function feedRatchet(
  input: RatchetInput,
  settings: LackpyConfig["ratchet"],
  stores: { templates: TemplateStore; history: RatchetStore },
): Promotion | null {
  const { generated, result } = input;
  const outcome = generated.outcome;
  if (!outcome.success) return null;
  if (outcome.tier === "templates") {
    if (generated.template)
      stores.templates.record(generated.template, result.success, settings.demoteAfterFailures);
    return null;
  }
  if (!result.success || !settings.auto) return null;
  if (outcome.tier !== "ollama" && outcome.tier !== "anthropic") return null;
  if (isEmptyProgram(outcome.program)) return null;
  const request: RatchetRequest = {
    intent: input.intent,
    kit: input.kit.name,
    params: ratchetParams(input.params),
  };
  const record = stores.history.recordSuccess(
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
    return null;
  const name = templateNameFor(input.intent);
  const requestParams = Object.keys(input.params.values);
  const candidate = generaliseProgram(input.intent, outcome.program, [
    ...Object.keys(outcome.params),
    ...requestParams,
  ]);
  if (!candidate) {
    stores.history.recordFailure(request, {
      template: name,
      program: outcome.program,
      code: "not_generalisable",
      message: "The intent contains { or }, which a template pattern cannot hold.",
      hint: "reword the intent without braces, or save the program with lackpy create",
    });
    return null;
  }
  try {
    createTemplate(
      candidate.program,
      {
        name,
        pattern: candidate.pattern,
        params: [...candidate.params, ...referencedNames(candidate.program, requestParams)],
      },
      input.kit,
      stores.templates,
    );
  } catch (error) {
    if (error instanceof ServiceError && error.code === "template_exists") {
      // Another process promoted the same request a moment ago: nothing failed.
      const existing = stores.templates.snapshot().templates.find((item) => item.name === name);
      if (existing?.program === candidate.program.trim()) {
        stores.history.markPromoted(request, outcome.program, name);
        return null;
      }
    }
    stores.history.recordFailure(request, {
      template: name,
      program: candidate.program,
      code: error instanceof ServiceError ? error.code : "promotion_failed",
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof ServiceError && error.hint ? { hint: error.hint } : {}),
    });
    return null;
  }
  stores.history.markPromoted(request, outcome.program, name);
  return { template: name, agreeingRuns: record.agreeingRuns };
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
