import type { CompiledProgram } from "./compile/compile-program.js";
import type { Frame } from "./compile/compile-scope.js";
import type { RunContext } from "./run-context.js";
import type { RunErrorValue } from "./run-error.js";
import type { RunResult } from "./run-result.js";
import { summarise, toOutput } from "./builtins/serialize.js";
import { Snapshot } from "./tools/trace-entry.js";

/** A trace value as JSON data: snapshots as taken, short strings and plain numbers as they are, the rest summarised. */
function traced(value: unknown, maxBytes: number): unknown {
  if (value instanceof Snapshot) return value.value;
  if (typeof value === "string" && value.length <= maxBytes) return value;
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return summarise(value, maxBytes);
}

/** Builds the result once, at the end of a run: output, stdout, variables and trace, each capped. */
export function finishResult(
  context: RunContext,
  program: CompiledProgram,
  frame: Frame,
  output: unknown,
  error: RunErrorValue | null,
): RunResult {
  const cap = context.limits.maxOutputBytes;
  const truncated: string[] = [];
  const shownOutput = error === null ? toOutput(output, cap) : { value: null, truncated: false };
  if (shownOutput.truncated) truncated.push("output");
  const shownVariables = toOutput(program.variables(context, frame), cap);
  if (shownVariables.truncated) truncated.push("variables");
  if (context.stdoutTruncated) truncated.push("stdout");
  for (const entry of context.trace) {
    entry.args = entry.args.map((arg) => traced(arg, cap));
    entry.result = traced(entry.result, cap);
  }
  const skipped = context.skipped.list();
  return {
    success: error === null,
    output: shownOutput.value,
    error,
    stdout: context.stdout.length ? `${context.stdout.join("\n")}\n` : "",
    trace: context.trace,
    variables: shownVariables.value as Record<string, unknown>,
    filesRead: [...context.filesRead],
    filesModified: [...context.filesModified],
    ...(skipped.length > 0 ? { skipped } : {}),
    stats: {
      steps: context.steps,
      toolCalls: context.toolCalls,
      durationMs: Math.round((context.now() - context.startedAt) * 1000) / 1000,
      toolMs: Math.round(context.toolMs * 1000) / 1000,
      truncated,
    },
  };
}
