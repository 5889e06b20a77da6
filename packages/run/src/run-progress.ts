/** How far a run has come, for a progress line or an MCP client that waits on a long run. */
export interface RunProgress {
  /** Steps taken so far. */
  steps: number;
  /** Kit tool calls made (started) so far. */
  toolCalls: number;
  /** Distinct workspace files read so far (the paths tools declare they read). */
  filesRead: number;
  /** Milliseconds since the run's clock started. */
  elapsedMs: number;
}

/** Called as a run goes on, at most once every `PROGRESS_INTERVAL_MS`, never after it ends. */
export type ProgressListener = (progress: RunProgress) => void;

/** Least time between two progress reports of one run, in ms. */
export const PROGRESS_INTERVAL_MS = 250;
