import type { ValidatedProgram } from "@lackpy/lang";
import { RunError } from "./run-error.js";
import { runInProcess, type RunOptions } from "./run-program.js";
import type { RunResult } from "./run-result.js";

/** The execution modes. */
export const RUN_MODES = Object.freeze(["in-process", "isolated"] as const);

/** Runs a program in-process (the browser-safe entry); for isolated mode import `run` from `@lackpy/run/node`. */
export async function run(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  if (options.mode === "isolated") {
    throw new RunError(
      'Isolated mode needs child processes: import { run } from "@lackpy/run/node".',
    );
  }
  if (options.mode !== undefined && options.mode !== "in-process")
    throw new RunError(`Unknown mode '${String(options.mode)}'.`, "use in-process or isolated");
  return runInProcess(program, options);
}
