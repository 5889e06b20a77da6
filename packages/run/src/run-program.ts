import { validateProgram, type ToolSpec, type ValidatedProgram } from "@lackpy/lang";
import { finishResult } from "./finish-result.js";
import { resolveLimits, type Limits } from "./limits.js";
import {
  cacheValidation,
  cachedValidation,
  compiledProgram,
  validationKey,
} from "./compile/program-cache.js";
import { RunContext } from "./run-context.js";
import { ProgramFault, type RunErrorValue } from "./run-error.js";
import type { RunResult } from "./run-result.js";
import type { ToolFunction } from "./tools/trace-entry.js";
import type { ChildTool } from "./tools/child-tool.js";
import type { ToolContextFields } from "./tools/tool-call-context.js";
import { describeError } from "./tools/describe-error.js";
import { toParamData } from "./tools/plain-data.js";
import { loadRegexEngine } from "./regex/regex-engine.js";
import { SecretValue } from "./secrets/secret-value.js";
import { SecretVault } from "./secrets/secret-vault.js";

/** Options of a run. */
export interface RunOptions {
  /** Each callable name mapped to a function (sync or async). */
  tools?: Readonly<Record<string, ToolFunction>>;
  /** Tool metadata: which arguments are paths read or written, retriable errors, arity. */
  toolSpecs?: readonly ToolSpec[];
  params?: Readonly<Record<string, unknown>>;
  /**
   * Names of `params` that are secret: the program holds an opaque marker and may only pass it
   * (or a field of it) directly to a kit tool, which gets the value; output, trace, variables and
   * errors show `[secret:NAME]`. Misuse is `secret_access` (before the run when visible).
   */
  secretParams?: readonly string[];
  limits?: Partial<Limits>;
  /** `in-process` (default here); `isolated` needs `@lackpy/run/node`. */
  mode?: "in-process" | "isolated";
  /** Extra validation rules by name. */
  rules?: readonly string[];
  /** Heap in use in bytes, for the memory pre-checks of bulk operations (isolated mode passes its own). */
  heapUsedBytes?: () => number;
  /** Aborting it stops the run with the error code `cancelled`. */
  signal?: AbortSignal;
  /**
   * Fields each tool call's `this` carries besides its `signal`, in both modes (the host's tools
   * of an isolated run too): what a caller's own tools need of the run, such as the staging area
   * the builtin file tools of `@lackpy/kit` write to. A field named `signal` is left out.
   */
  toolContext?: ToolContextFields;
  /**
   * Isolated mode: kit tools (by name) the child may answer itself with a module of the host's
   * own code, under Node's permission model, falling back to the tool in `tools` for any call
   * it declines (see `ChildTool`). Not used with secret params, nor in-process.
   */
  childTools?: Readonly<Record<string, ChildTool>>;
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
  const secrets = new Set(options.secretParams ?? []);
  const paramNames = [...new Set([...Object.keys(options.params ?? {}), ...secrets])];
  const key =
    typeof program === "string"
      ? validationKey(program, {
          toolNames,
          toolSpecs: options.toolSpecs,
          // A secret param validates differently from a plain one of the same name.
          paramNames: paramNames.map((name) => (secrets.has(name) ? `${name}\u0002secret` : name)),
          rules: options.rules,
        })
      : null;
  const cached = key === null ? undefined : cachedValidation(key);
  if (cached) return { program: cached };
  const specs = new Map((options.toolSpecs ?? []).map((spec) => [spec.name, spec]));
  const tools: ToolSpec[] = toolNames.map((name) => specs.get(name) ?? { name });
  const { validation, program: validated } = validateProgram(program, {
    tools,
    params: Object.fromEntries(
      paramNames.map((name) => [name, secrets.has(name) ? { secret: true } : null]),
    ),
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
      errors: [...validation.errors],
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

/** How a run holds its secret params: `here` (a vault in this process) or `host` (an isolated child: the markers go to the host). */
export type SecretHolder = "here" | "host";

/** The secret params' values as plain data (a value that is not plain data is a caller mistake). */
export function secretValues(options: RunOptions): Record<string, unknown> {
  const params = options.params ?? {};
  const values: Record<string, unknown> = {};
  for (const name of options.secretParams ?? [])
    if (Object.hasOwn(params, name)) values[name] = toParamData(params[name], name);
  return values;
}

/**
 * Runs a program in this thread: validated (or taken validated), compiled once (both cached),
 * then run with every limit checked as steps are taken. Never throws for a program's fault.
 * Secret params are bound as markers; with `secretHolder` `here` their values wait in a vault
 * for the tool boundary, with `host` (an isolated child) the markers themselves go to the tools.
 * The deadline's clock starts once the program is ready to run, `elapsedMs` earlier when time
 * was already spent on the run elsewhere (an isolated host's queue).
 */
export async function runInProcess(
  source: string | ValidatedProgram,
  options: RunOptions = {},
  secretHolder: SecretHolder = "here",
  elapsedMs = 0,
): Promise<RunResult> {
  const limits = resolveLimits(options.limits);
  const secrets = new Set(options.secretParams ?? []);
  const vault =
    secretHolder === "here" ? new SecretVault(secretValues(options), [...secrets]) : null;
  const prepared = prepareProgram(source, options);
  if ("result" in prepared) return prepared.result;
  const tools = options.tools ?? {};
  const givenParams = options.params ?? {};
  const toolNames = Object.keys(tools);
  const paramNames = [...new Set([...Object.keys(givenParams), ...secrets])];
  let program;
  try {
    program = compiledProgram(prepared.program, toolNames, paramNames);
  } catch (thrown) {
    return failedResult(toErrorValue(thrown, null));
  }
  let params: unknown[];
  let makesRegex = program.makesRegex;
  try {
    params = paramNames.map((name) =>
      secrets.has(name)
        ? new SecretValue(name)
        : toParamData(givenParams[name], name, () => (makesRegex = true)),
    );
    // Matching stays synchronous: a run that can reach the regex engine loads it first.
    if (makesRegex) await loadRegexEngine();
  } catch (thrown) {
    return failedResult(toErrorValue(thrown, null));
  }
  // The deadline's clock starts once the program is ready (validated, compiled, the regex engine
  // loaded: the host's one-time costs), with any time already spent elsewhere on it.
  const startedAt = performance.now() - elapsedMs;
  const context = new RunContext({
    toolNames,
    tools,
    toolSpecs: options.toolSpecs,
    params,
    vault,
    limits,
    startedAt,
    heapUsedBytes: options.heapUsedBytes,
    signal: options.signal,
    ...(options.toolContext ? { toolContext: options.toolContext } : {}),
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
