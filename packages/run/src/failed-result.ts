import type { RunErrorValue } from "./run-error.js";
import type { RunResult } from "./run-result.js";

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
