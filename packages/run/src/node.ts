export { run, runIsolated } from "./run-isolated.js";
export { closeWorkerPool, prewarmWorkerPool } from "./worker-pool.js";
export { runInProcess, prepareProgram } from "./run-program.js";
export type { RunOptions } from "./run-program.js";
export type { RunResult, RunStats } from "./run-result.js";
export type { TraceEntry, ToolFunction } from "./interpreter.js";
export type { ToolCallContext } from "./tool-call-context.js";
export { RunError } from "./run-error.js";
export type { RunErrorCode, RunErrorValue } from "./run-error.js";
