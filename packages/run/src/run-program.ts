import { validateProgram, type Node, type ToolSpec, type ValidatedProgram } from "@lackpy/lang";
import { BREAK, CONTINUE } from "./evaluators.js";
import { Interpreter, type ToolFunction } from "./interpreter.js";
import { resolveLimits, type Limits } from "./limits.js";
import { hoistDeclarations } from "./patterns.js";
import { ProgramFault, type RunErrorValue } from "./run-error.js";
import type { RunResult } from "./run-result.js";
import { toOutput } from "./serialize.js";
import { describeError } from "./describe-error.js";
import { toParamData } from "./plain-data.js";
import { SecretVault } from "./secret-vault.js";

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
  /** Heap in use in bytes, for the memory pre-checks of bulk operations (isolated mode passes the worker's). */
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

/** Validates a source (or takes a validated program) with the tools and params the run will have. */
export function prepareProgram(
  program: string | ValidatedProgram,
  options: RunOptions,
): { program: ValidatedProgram } | { result: RunResult } {
  if (isValidated(program)) return { program };
  const toolNames = Object.keys(options.tools ?? {});
  const specs = new Map((options.toolSpecs ?? []).map((spec) => [spec.name, spec]));
  const tools: ToolSpec[] = toolNames.map((name) => specs.get(name) ?? { name });
  const secrets = new Set(options.secretParams ?? []);
  const { validation, program: validated } = validateProgram(program, {
    tools,
    params: Object.fromEntries(
      [...Object.keys(options.params ?? {}), ...secrets].map((name) => [
        name,
        secrets.has(name) ? { secret: true } : null,
      ]),
    ),
    rules: options.rules ?? [],
  });
  if (validated) return { program: validated };
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

/** How a run holds its secret params: `here` (a vault in this process) or `host` (an isolated child: the markers go to the host). */
export type SecretHolder = "here" | "host";

/** Runs a program in this thread; limits are checked between steps. Never throws for a program's fault. */
export async function runInProcess(
  source: string | ValidatedProgram,
  options: RunOptions = {},
  secretHolder: SecretHolder = "here",
): Promise<RunResult> {
  const limits = resolveLimits(options.limits);
  const secretNames = options.secretParams ?? [];
  const vault =
    secretHolder === "here" ? new SecretVault(secretValues(options), secretNames) : null;
  const prepared = prepareProgram(source, options);
  if ("result" in prepared) return prepared.result;
  const interpreter = new Interpreter({
    tools: options.tools ?? {},
    toolSpecs: options.toolSpecs,
    params: options.params ?? {},
    secrets: { names: secretNames, vault },
    limits,
    heapUsedBytes: options.heapUsedBytes,
    signal: options.signal,
  });
  let output: unknown = null;
  let error: RunErrorValue | null = null;
  try {
    output = await evaluateProgram(interpreter, prepared.program.ast);
    interpreter.checkTime();
  } catch (thrown) {
    error = toErrorValue(thrown, interpreter);
  } finally {
    // A tool still running (timed out, or left behind) must not change anything from now on.
    interpreter.toolSignals.end();
  }
  return finishResult(interpreter, output, error);
}

/** The secret params' values as plain data (a value that is not plain data is a caller mistake). */
export function secretValues(options: RunOptions): Record<string, unknown> {
  const params = options.params ?? {};
  const values: Record<string, unknown> = {};
  for (const name of options.secretParams ?? [])
    if (Object.hasOwn(params, name)) values[name] = toParamData(params[name], name);
  return values;
}

/** Runs the top-level statements; the value of a final expression statement is the output. */
export async function evaluateProgram(interpreter: Interpreter, program: Node): Promise<unknown> {
  const statements: Node[] = program.body;
  hoistDeclarations(statements, interpreter.programScope);
  let last = statements.length - 1;
  while (last >= 0 && statements[last].type === "EmptyStatement") last--;
  let output: unknown = null;
  for (let index = 0; index < statements.length; index++) {
    const value = await interpreter.evaluate(statements[index], interpreter.programScope);
    if (index === last && statements[index].type === "ExpressionStatement") output = value;
  }
  return output === undefined ? null : output;
}

/** Turns anything thrown during a run into an error value (never rethrows). */
export function toErrorValue(thrown: unknown, interpreter: Interpreter): RunErrorValue {
  if (thrown instanceof ProgramFault)
    return { code: thrown.code, message: thrown.message, ...thrown.details };
  const position = interpreter.current?.loc?.start;
  const where = position ? { line: position.line, column: position.column } : {};
  if (thrown === BREAK || thrown === CONTINUE)
    return {
      code: "runtime_error",
      message: "break and continue can only be used inside a loop.",
      ...where,
    };
  if (thrown instanceof RangeError && /call stack/i.test(thrown.message))
    return { code: "limit_steps", message: "The program nested too deeply.", ...where };
  const message = describeError(thrown).message;
  return { code: "runtime_error", message: `${message.replace(/\.$/, "")}.`, ...where };
}

/** Builds the result: output, stdout, variables and trace, each capped. */
export function finishResult(
  interpreter: Interpreter,
  output: unknown,
  error: RunErrorValue | null,
): RunResult {
  const cap = interpreter.limits.maxOutputBytes;
  const truncated: string[] = [];
  const shownOutput = toOutput(output, cap);
  if (shownOutput.truncated) truncated.push("output");
  const variables: Record<string, unknown> = {};
  for (const [name, binding] of interpreter.programScope.vars)
    if (binding.initialized) variables[name] = binding.value;
  const shownVariables = toOutput(variables, cap);
  if (shownVariables.truncated) truncated.push("variables");
  if (interpreter.stdoutTruncated) truncated.push("stdout");
  return {
    success: error === null,
    output: error === null ? shownOutput.value : null,
    error,
    stdout: interpreter.stdout.length ? `${interpreter.stdout.join("\n")}\n` : "",
    trace: interpreter.trace,
    variables: shownVariables.value as Record<string, unknown>,
    filesRead: [...interpreter.filesRead],
    filesModified: [...interpreter.filesModified],
    stats: {
      steps: interpreter.steps,
      toolCalls: interpreter.toolCalls,
      durationMs: Math.round((performance.now() - interpreter.startedAt) * 1000) / 1000,
      toolMs: Math.round(interpreter.toolMs * 1000) / 1000,
      truncated,
    },
  };
}
