import type { ValidatedProgram } from "@lackpy/lang";
import type { ToolFunction } from "@lackpy/kit";
import { run, type ChildTool, type RunProgress, type ToolContextFields } from "@lackpy/run/node";
import type { LackpyConfig } from "../config/config-types.js";
import { enforcePolicy } from "../trust/policy.js";
import type { ProgramCache } from "./program-cache.js";
import { redactSecrets, type ResolvedParams } from "./resolve-params.js";
import type {
  KitForRequest,
  RunOptions,
  ServiceRunResult,
  ServiceValidation,
} from "../service-types.js";
import { approvalLimits, clampLimits } from "./clamp-limits.js";
import { loadTelemetry, startRootSpan, type TraceSpan } from "./telemetry.js";
import { tracedTools } from "./traced-tools.js";
import { traceValidation } from "./validation-span.js";
import { notedWrites } from "./noted-writes.js";

/**
 * Runs programs for a prepared kit and params: the policy first, then validation (cached, or
 * skipped when the caller hands over a program validated for this kit and params), the run in
 * the configured mode with secret params opaque to the program and the request's limits lowered to
 * the workspace's maxima, and exact-match redaction of secret values from the result.
 */
export class ProgramRunner {
  constructor(
    private readonly settings: LackpyConfig,
    private readonly programs: ProgramCache,
    private readonly workspace: string,
  ) {}

  /**
   * Runs `source` (or a program already validated for this kit and params). The run is a
   * `lackpy.run` span under `parent` (a root span when no parent is given; none when `parent` is
   * null, i.e. the request is not traced), with an `execute_tool` span per tool call. `callables`
   * gives the run's tools for the validated program (the staged tools, and the builtin ones an
   * isolated child may answer itself); the kit's otherwise. A traced run's tools all run in the
   * host, where their spans are.
   */
  async execute(
    source: string | ValidatedProgram,
    kit: KitForRequest,
    params: ResolvedParams,
    options: RunOptions,
    parent?: TraceSpan | null,
    callables?: (program: ValidatedProgram) => RunTools,
  ): Promise<ServiceRunResult> {
    const loading = loadTelemetry();
    if (loading) await loading;
    enforcePolicy(kit.name, kit.kit.grade, this.settings);
    let program: ValidatedProgram;
    if (typeof source === "string") {
      const checked = this.programs.check(source, {
        tools: kit.kit.tools,
        params: Object.keys(params.values),
        secretParams: params.secretNames,
        rules: options.rules ?? [],
        otherKits: kit.otherKits,
        ...(options.kitHint ? { kitHint: options.kitHint } : {}),
      });
      if (!checked.program) {
        traceValidation(checked.validation.errors, {
          kit: kit.name,
          parent,
          redact: (text) => redactSecrets(text, params.secrets),
        });
        return redactSecrets(invalidRunResult(checked.validation.errors), params.secrets);
      }
      program = checked.program;
    } else {
      program = source;
    }
    const mode = options.mode ?? this.settings.run.mode;
    // A request's limits never go past the workspace's maxima (the result says which were
    // lowered), unless the person running lackpy set them.
    const { defaults, maxima } = options.approve
      ? approvalLimits(this.settings.run.limits, this.settings.run.maxima)
      : { defaults: this.settings.run.limits, maxima: this.settings.run.maxima };
    const requested = options.limitsSetByPerson
      ? { limits: { ...options.limits }, lowered: [] }
      : clampLimits(options.limits, maxima);
    const attributes = { "lackpy.kit": kit.name, "lackpy.run.mode": mode };
    const span =
      parent === undefined
        ? startRootSpan("lackpy.run", attributes)
        : (parent?.child("lackpy.run", attributes) ?? null);
    const created = new Set<string>();
    try {
      const given = callables?.(program);
      const callable = given ? given.callables : kit.kit.callables;
      const tools = notedWrites(
        callable,
        kit.kit.tools,
        this.workspace,
        created,
        program.validation.effects.tools,
      );
      const childTools = mode === "isolated" && !span ? given?.childTools?.() : undefined;
      // One shape of options every run (no optional spreads): the run reads absent ones as undefined.
      const result = await run(program, {
        tools: span
          ? tracedTools(tools, span, (text) => redactSecrets(text, params.secrets))
          : tools,
        toolSpecs: kit.kit.tools,
        params: params.values,
        secretParams: params.secretNames,
        limits: { ...defaults, ...requested.limits },
        mode,
        ...(options.signal ? { signal: options.signal } : {}),
        toolContext: given?.toolContext,
        ...(options.onProgress
          ? {
              onProgress: (progress: RunProgress) =>
                options.onProgress!({ kind: "run", ...progress }),
            }
          : {}),
        ...(childTools && Object.keys(childTools).length > 0 ? { childTools } : {}),
      });
      span?.set({
        "lackpy.success": result.success,
        "lackpy.run.steps": result.stats.steps,
        "lackpy.run.tool_calls": result.stats.toolCalls,
      });
      if (result.error)
        span?.fail(result.error.code, redactSecrets(result.error.message, params.secrets));
      // Only paths the run lists as written (a secret path is not listed) can be created ones.
      // The result is this call's own: it takes the field rather than being copied.
      const withCreated = Object.assign(result, {
        filesCreated:
          created.size === 0 ? [] : result.filesModified.filter((file) => created.has(file)),
      });
      const redacted = redactSecrets(withCreated, params.secrets);
      return requested.lowered.length > 0
        ? { ...redacted, limitsLowered: requested.lowered }
        : redacted;
    } finally {
      span?.end();
    }
  }
}

/** The tools of one run: what the program calls, what their `this` carries, and the builtin ones an isolated child may answer itself (made only for an isolated run). */
export interface RunTools {
  callables: Readonly<Record<string, ToolFunction>>;
  toolContext?: ToolContextFields;
  childTools?: () => Readonly<Record<string, ChildTool>>;
}

/** A run result for a program that failed validation. */
export function invalidRunResult(errors: ServiceValidation["errors"]): ServiceRunResult {
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
    filesCreated: [],
    stats: { steps: 0, toolCalls: 0, durationMs: 0, toolMs: 0 },
  } as unknown as ServiceRunResult;
}
