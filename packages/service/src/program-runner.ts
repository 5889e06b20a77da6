import type { ValidatedProgram } from "@lackpy/lang";
import { run, type RunResult } from "@lackpy/run/node";
import type { LackpyConfig } from "./config-types.js";
import { enforcePolicy } from "./policy.js";
import type { ProgramCache } from "./program-cache.js";
import { redactSecrets, type ResolvedParams } from "./resolve-params.js";
import type { KitForRequest, RunOptions, ServiceValidation } from "./service-types.js";

/**
 * Runs programs for a prepared kit and params: the policy first, then validation (cached, or
 * skipped when the caller hands over a program validated for this kit and params), the run in
 * the configured mode with secret params opaque to the program, and exact-match redaction of
 * secret values that tools echo (in their results or error messages) from the result.
 */
export class ProgramRunner {
  constructor(
    private readonly settings: LackpyConfig,
    private readonly programs: ProgramCache,
  ) {}

  /** Runs `source` (or a program already validated for this kit and params). */
  async execute(
    source: string | ValidatedProgram,
    kit: KitForRequest,
    params: ResolvedParams,
    options: RunOptions,
  ): Promise<RunResult> {
    enforcePolicy(kit.name, kit.kit.grade, this.settings);
    let program: ValidatedProgram;
    if (typeof source === "string") {
      const checked = this.programs.check(source, {
        tools: kit.kit.tools,
        params: Object.keys(params.values),
        secretParams: params.secretNames,
        rules: options.rules ?? [],
      });
      if (!checked.program)
        return redactSecrets(invalidRunResult(checked.validation.errors), params.secrets);
      program = checked.program;
    } else {
      program = source;
    }
    const result = await run(program, {
      tools: kit.kit.callables,
      toolSpecs: kit.kit.tools,
      params: params.values,
      secretParams: params.secretNames,
      limits: { ...this.settings.run.limits, ...(options.limits ?? {}) },
      mode: options.mode ?? this.settings.run.mode,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return redactSecrets(result, params.secrets);
  }
}

/** A run result for a program that failed validation. */
export function invalidRunResult(errors: ServiceValidation["errors"]): RunResult {
  const first = errors[0];
  return {
    success: false,
    output: null,
    error: {
      code: "invalid_program",
      message: first
        ? `${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`
        : "The program is invalid.",
      errors,
    },
    stdout: "",
    trace: [],
    variables: {},
    filesRead: [],
    filesModified: [],
    stats: { steps: 0, toolCalls: 0, durationMs: 0, toolMs: 0 },
  } as unknown as RunResult;
}
