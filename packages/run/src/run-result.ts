import type { RunErrorValue } from "./run-error.js";
import type { TraceEntry } from "./tools/trace-entry.js";
import type { SkippedCount } from "./tools/skipped-tally.js";

/** Counters of a run. */
export interface RunStats {
  steps: number;
  toolCalls: number;
  durationMs: number;
  toolMs: number;
  /** Which parts of the result were cut at the output cap: `output`, `stdout`, `variables`. */
  truncated: string[];
}

/** The result of `run` (language spec section 7). A run never throws for a program's fault. */
export interface RunResult {
  success: boolean;
  output: unknown;
  error: RunErrorValue | null;
  stdout: string;
  trace: TraceEntry[];
  variables: Record<string, unknown>;
  filesRead: string[];
  filesModified: string[];
  /**
   * What the run's tools left out and said so (files under `node_modules`, gitignored, binary,
   * …), by reason, the largest first; absent when nothing was.
   */
  skipped?: SkippedCount[];
  stats: RunStats;
}
