/**
 * Runs a program's syntax tree: compiled once per tree (cached on it), then run with every limit
 * checked as steps are taken. The tree is one the host validated (`runInProcess`) or one an
 * isolated child checked the shape of (`checkProgramTree`): nothing here parses or validates,
 * so an isolated child's code holds no parser.
 */
import { monotonicMs, nodePosition } from "@lackpy/lang";
import { failedResult } from "./failed-result.js";
import { finishResult } from "./finish-result.js";
import { resolveLimits } from "./limits.js";
import { compiledProgram, type ProgramTree } from "./compile/program-cache.js";
import { RunContext } from "./run-context.js";
import { ProgramFault, type RunErrorValue } from "./run-error.js";
import type { RunOptions } from "./run-options.js";
import type { RunResult } from "./run-result.js";
import { describeError } from "./tools/describe-error.js";
import { toParamData } from "./tools/plain-data.js";
import { loadRegexEngine } from "./regex/regex-engine.js";
import { SecretValue } from "./secrets/secret-value.js";
import type { SecretVault } from "./secrets/secret-vault.js";

export type { ProgramTree } from "./compile/program-cache.js";

/**
 * Runs `program` in this thread. Secret params are bound as markers; with a `vault` their values
 * wait there for the tool boundary, without one (an isolated child) the markers themselves go to
 * the tools. The deadline's clock starts once the program is ready to run, `elapsedMs` earlier
 * when time was already spent on the run elsewhere (an isolated host's queue). Never throws for
 * a program's fault.
 */
export async function runProgramTree(
  program: ProgramTree,
  options: RunOptions,
  vault: SecretVault | null,
  elapsedMs = 0,
): Promise<RunResult> {
  const limits = resolveLimits(options.limits);
  const secrets = new Set(options.secretParams ?? []);
  const tools = options.tools ?? {};
  const givenParams = options.params ?? {};
  const toolNames = Object.keys(tools);
  const paramNames = [...new Set([...Object.keys(givenParams), ...secrets])];
  let compiled;
  try {
    compiled = compiledProgram(program, toolNames, paramNames);
  } catch (thrown) {
    return failedResult(toErrorValue(thrown, null));
  }
  let params: unknown[];
  let makesRegex = compiled.makesRegex;
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
  const startedAt = monotonicMs() - elapsedMs;
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
    onProgress: options.onProgress,
  });
  const frame = compiled.frame();
  let output: unknown = null;
  let error: RunErrorValue | null = null;
  try {
    output = compiled.run(context, frame);
    if (output instanceof Promise) output = await output;
    context.checkTime();
  } catch (thrown) {
    error = toErrorValue(thrown, context);
  } finally {
    // A tool still running (timed out, or left behind) must not change anything from now on.
    context.toolSignals.end();
  }
  return finishResult(context, compiled, frame, output, error);
}

/** Turns anything thrown during a run into an error value (never rethrows). */
export function toErrorValue(thrown: unknown, context: RunContext | null): RunErrorValue {
  if (thrown instanceof ProgramFault)
    return { code: thrown.code, message: thrown.message, ...thrown.details };
  const where = nodePosition(context?.current) ?? {};
  if (thrown instanceof RangeError && /call stack/i.test(thrown.message))
    return { code: "limit_steps", message: "The program nested too deeply.", ...where };
  const message = describeError(thrown).message;
  return { code: "runtime_error", message: `${message.replace(/\.$/, "")}.`, ...where };
}
