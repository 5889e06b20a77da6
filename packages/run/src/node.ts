/**
 * The Node entry: both run modes and the isolated-mode child pool. It loads only the pool (and
 * the error class it throws for a bad option) until the first run, so a CLI can start the pool's
 * first child (`prewarmChildPool`) before it loads the rest and the child's start-up overlaps the
 * host's own.
 */
import type { ValidatedProgram } from "@lackpy/lang";
import type { RunOptions } from "./run-program.js";
import type { RunResult } from "./run-result.js";

let runner: Promise<typeof import("./isolated/run-isolated.js")> | undefined;
const loadRunner = () => (runner ??= import("./isolated/run-isolated.js"));

/** Runs a program in either mode: `isolated` (a child process from the warm pool) or `in-process` (default). */
export async function run(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  return (await loadRunner()).run(program, options);
}

/** Runs a program in a child process from the warm pool, under the heap limit `memoryMb`; tools run in the host. */
export async function runIsolated(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  return (await loadRunner()).runIsolated(program, options);
}

export {
  childPoolStats,
  closeChildPool,
  closeWorkerPool,
  configureChildPool,
  DEFAULT_CHILD_MEMORY_MB,
  DEFAULT_MAX_CHILDREN,
  RECENT_DEMAND_MS,
  prewarmChildPool,
  prewarmWorkerPool,
} from "./isolated/child-pool.js";
export type {
  ChildPoolOptions,
  ChildPoolStats,
  CloseChildPoolOptions,
} from "./isolated/child-pool.js";
export { startChildProcess } from "./isolated/start-child.js";
export type { EarlyEvents, StartedChild } from "./isolated/start-child.js";
export type { ChildTool, ChildToolHandler } from "./tools/child-tool.js";
// Types only: the values of the root entry (`runInProcess`, `RunError`, …) would load the interpreter.
export type { RunOptions } from "./run-program.js";
export type { RunResult, RunStats } from "./run-result.js";
export { PROGRESS_INTERVAL_MS } from "./run-progress.js";
export type { ProgressListener, RunProgress } from "./run-progress.js";
export type { SkippedCount } from "./tools/skipped-tally.js";
export type { TraceEntry, ToolFunction } from "./tools/trace-entry.js";
export type { ToolCallContext, ToolContextFields } from "./tools/tool-call-context.js";
export type { RunErrorCode, RunErrorValue } from "./run-error.js";
