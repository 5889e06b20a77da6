import { validateProgram, type ToolSpec, type ValidatedProgram } from "@lackpy/lang";
import { finishResult } from "./finish-result.js";
import { resolveLimits, type Limits } from "./limits.js";
import {
  cacheValidation,
  cachedValidation,
  compiledProgram,
  validationKey,
} from "./program-cache.js";
import { RunContext } from "./run-context.js";
import { ProgramFault, type RunErrorValue } from "./run-error.js";
import type { RunResult } from "./run-result.js";
import type { ToolFunction } from "./trace-entry.js";
import { describeError } from "./describe-error.js";
import { toParamData } from "./plain-data.js";

/** Options of a run. */
export interface RunOptions {
  /** Each callable name mapped to a function (sync or async). */
  tools?: Readonly<Record<string, ToolFunction>>;
  /** Tool metadata: which arguments are paths read or written, retriable errors, arity. */
  toolSpecs?: readonly ToolSpec[];
  params?: Readonly<Record<string, unknown>>;
  limits?: Partial<Limits>;
  /** `in-process` (default here); `isolated` needs `@lackpy/run/node`. */
  mode?: "in-process" | "isolated";
  /** Extra validation rules by name. */
  rules?: readonly string[];
  /** Heap in use in bytes, for the memory pre-checks of bulk operations (isolated mode passes its own). */
  heapUsedBytes?: () => number;
  /** Aborting it stops the run with the error code `cancelled`. */
  signal?: AbortSignal;
}

function isValidated(program: unknown): program is ValidatedProgram {
  return (
    typeof program === "object" &&
    program !== null &&
    (program as ValidatedProgram).kind === "lackpy.validated"
  );
}

/**
 * Validates a source (or takes a validated program) with the tools and params the run will have.
 * Valid sources are cached: the same source with the same tools, specs, params and rules is
 * validated once.
 */
export function prepareProgram(
  program: string | ValidatedProgram,
  options: RunOptions,
): { program: ValidatedProgram } | { result: RunResult } {
  if (isValidated(program)) return { program };
  const toolNames = Object.keys(options.tools ?? {});
  const paramNames = Object.keys(options.params ?? {});
  const key =
    typeof program === "string"
      ? validationKey(program, {
          toolNames,
          toolSpecs: options.toolSpecs,
          paramNames,
          rules: options.rules,
        })
      : null;
  const cached = key === null ? undefined : cachedValidation(key);
  if (cached) return { program: cached };
  const specs = new Map((options.toolSpecs ?? []).map((spec) => [spec.name, spec]));
  const tools: ToolSpec[] = toolNames.map((name) => specs.get(name) ?? { name });
  const { validation, program: validated } = validateProgram(program, {
    tools,
    params: paramNames,
    rules: options.rules ?? [],
  });
  if (validated) {
    if (key !== null) cacheValidation(key, validated);
    return { program: validated };
  }
  const first = validation.errors[0];
  const more = validation.errors.length > 1 ? ` (and ${validation.errors.length - 1} more)` : "";
  return {
    result: failedResult({
      code: "invalid_program",
      message: `${first?.message ?? "The program is invalid."}${more}`,
      errors: validation.errors,
    }),
  };
}

/** A result for a run that never started. */
export function failedResult(error: RunErrorValue): RunResult {
  return {
    success: false,
    output: null,
    error,
    stdout: "",
    trace: [],
    variables: {},
    filesRead: [],
    filesModified: [],
    stats: { steps: 0, toolCalls: 0, durationMs: 0, toolMs: 0, truncated: [] },
  };
}

/**
 * Runs a program in this thread: validated (or taken validated), compiled once (both cached),
 * then run with every limit checked as steps are taken. Never throws for a program's fault.
 */
export async function runInProcess(
  source: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  const limits = resolveLimits(options.limits);
  const prepared = prepareProgram(source, options);
  if ("result" in prepared) return prepared.result;
  const tools = options.tools ?? {};
  const givenParams = options.params ?? {};
  const toolNames = Object.keys(tools);
  const paramNames = Object.keys(givenParams);
  let program;
  try {
    program = compiledProgram(prepared.program, toolNames, paramNames);
  } catch (thrown) {
    return failedResult(toErrorValue(thrown, null));
  }
  let params: unknown[];
  try {
    params = paramNames.map((name) => toParamData(givenParams[name], name));
  } catch (thrown) {
    return failedResult(toErrorValue(thrown, null));
  }
  const context = new RunContext({
    toolNames,
    tools,
    toolSpecs: options.toolSpecs,
    params,
    limits,
    heapUsedBytes: options.heapUsedBytes,
    signal: options.signal,
  });
  const frame = program.frame();
  let output: unknown = null;
  let error: RunErrorValue | null = null;
  try {
    output = program.run(context, frame);
    if (output instanceof Promise) output = await output;
    context.checkTime();
  } catch (thrown) {
    error = toErrorValue(thrown, context);
  } finally {
    // A tool still running (timed out, or left behind) must not change anything from now on.
    context.toolSignals.end();
  }
  return finishResult(context, program, frame, output, error);
}

/** Turns anything thrown during a run into an error value (never rethrows). */
export function toErrorValue(thrown: unknown, context: RunContext | null): RunErrorValue {
  if (thrown instanceof ProgramFault)
    return { code: thrown.code, message: thrown.message, ...thrown.details };
  const position = context?.current?.loc?.start;
  const where = position ? { line: position.line, column: position.column } : {};
  if (thrown instanceof RangeError && /call stack/i.test(thrown.message))
    return { code: "limit_steps", message: "The program nested too deeply.", ...where };
  const message = describeError(thrown).message;
  return { code: "runtime_error", message: `${message.replace(/\.$/, "")}.`, ...where };
}
