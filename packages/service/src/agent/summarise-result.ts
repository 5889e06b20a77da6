import type { SkippedCount, TraceEntry } from "@lackpy/run";
import type { LoweredLimit } from "../result/limit-notes.js";
import type { FileChange, PendingCall } from "../change-types.js";
import {
  DEFAULT_TRACE_DETAIL,
  shapeResult,
  type TraceDetail,
  type TraceToolSummary,
  type TruncatedPart,
} from "../result/shape-result.js";

/** One tool of a run's trace summary: the service's `{ tool, calls, totalMs, failed?, error? }`. */
export type CallSummary = TraceToolSummary;

/** The fields of a `runProgram` or `delegate` result (with its full trace) that a summary reads. */
export interface SummarisableResult {
  success: boolean;
  output: unknown;
  stdout: string;
  error: { code: string; message: string } | null;
  trace: readonly TraceEntry[];
  filesModified: readonly string[];
  program?: string | null;
  params?: Readonly<Record<string, unknown>>;
  tier?: string | null;
  limitsLowered?: readonly LoweredLimit[];
  skipped?: readonly SkippedCount[];
  dryRun?: boolean;
  changes?: readonly FileChange[];
  changeId?: string;
  runId?: string | null;
  pending?: readonly PendingCall[];
}

/** One validation error of an invalid program. */
export interface ProgramProblem {
  code: string;
  message: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** The error of a failed call, as the model reads it. */
export interface LackpyToolError extends ProgramProblem {
  tool?: string;
  /** Every validation error, for `invalid_program`. */
  errors?: ProgramProblem[];
}

/**
 * What the calling model gets back, the answer first: the fields of an MCP `run_program` or
 * `delegate` result that a model acts on, named as there, without the files a run read.
 */
export interface LackpyToolResult {
  success: boolean;
  output?: unknown;
  stdout?: string;
  /** What the answer left out (files under `node_modules`, gitignored, binary, …), by reason: the answer covers the rest. */
  skipped?: SkippedCount[];
  error?: LackpyToolError;
  /** The program lackpy ran (delegate mode). */
  program?: string;
  /** The values the program's parameters had, e.g. a template's `pattern` (delegate mode). */
  params?: Record<string, unknown>;
  /** The tier that wrote the program (delegate mode). */
  tier?: string;
  /**
   * The tool calls: one line per tool with its call count and total time (`summary`, the
   * default), every call with its arguments and result (`full`), or none (`none`).
   */
  trace: TraceToolSummary[] | TraceEntry[];
  filesModified?: string[];
  /** The file changes with their diffs: what a dry run would do, or what landed. */
  changes?: FileChange[];
  /** A dry run's handle: the host applies exactly these changes with `service.applyChanges(changeId)`. */
  changeId?: string;
  /** The id `undo` takes to restore what the run changed. */
  runId?: string;
  /** Calls a dry run did not make (tools with effects beyond the workspace files). */
  pending?: PendingCall[];
  /** Output, stdout or a diff cut at the limit, with its full size. */
  truncated?: TruncatedPart[];
  /** Limits the tool's options asked above the workspace's `[run.maxima]`, and what the run used. */
  limitsLowered?: LoweredLimit[];
}

function problem(value: unknown): ProgramProblem {
  const { code, message, line, column, hint } = value as ProgramProblem;
  return {
    code,
    message,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(hint === undefined ? {} : { hint }),
  };
}

function summariseError(error: NonNullable<SummarisableResult["error"]>): LackpyToolError {
  const { tool, errors } = error as { tool?: string; errors?: unknown };
  return {
    ...problem(error),
    ...(tool === undefined ? {} : { tool }),
    ...(Array.isArray(errors) && errors.length > 0 ? { errors: errors.map(problem) } : {}),
  };
}

/**
 * A run or delegate result sized for a model's context, the answer first: `shapeResult` with the
 * trace detail (`summary` by default: one line per tool with its calls and total time) and
 * `maxChars` as the output cap, keeping what a model acts on (the output, stdout, the error with
 * its validation errors and hints, the program a delegate ran, the tool calls, the files changed
 * with their diffs, a dry run's `changeId` and pending calls) and leaving out what it does not
 * (run statistics, the files read, the generation's details).
 */
export function summariseResult(
  result: SummarisableResult,
  options: { maxChars: number; trace?: TraceDetail },
): LackpyToolResult {
  const shaped = shapeResult(result, {
    trace: options.trace ?? DEFAULT_TRACE_DETAIL,
    maxOutputChars: options.maxChars,
  });
  // Filled in the order a model reads it: the answer first, the trace after the program.
  const summary = { success: result.success } as LackpyToolResult;
  if (result.success) summary.output = shaped.output;
  if (result.stdout !== "") summary.stdout = shaped.stdout;
  if (result.skipped?.length) summary.skipped = [...result.skipped];
  if (result.error) summary.error = summariseError(result.error);
  if (result.program) summary.program = result.program;
  if (result.params && Object.keys(result.params).length > 0) summary.params = { ...result.params };
  if (result.tier) summary.tier = result.tier;
  summary.trace = shaped.trace as TraceToolSummary[] | TraceEntry[];
  if (result.filesModified.length > 0) summary.filesModified = [...result.filesModified];
  if (shaped.changes && shaped.changes.length > 0) summary.changes = [...shaped.changes];
  if (result.changeId) summary.changeId = result.changeId;
  if (result.runId) summary.runId = result.runId;
  if (result.pending && result.pending.length > 0) summary.pending = [...result.pending];
  if (shaped.truncated) summary.truncated = shaped.truncated;
  if (result.limitsLowered?.length) summary.limitsLowered = [...result.limitsLowered];
  return summary;
}
