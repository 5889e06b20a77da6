import type { RunProgress } from "@lackpy/run";

/**
 * Progress of delegate, generate and runProgram, for progress lines and MCP progress
 * notifications: the tier being asked, the run starting, how far it has come (`run`, at most
 * every `PROGRESS_INTERVAL_MS`, in both run modes), and its end.
 */
export type ProgressEvent =
  | { kind: "tier"; provider: string; tier: string }
  | { kind: "running" }
  | ({ kind: "run" } & RunProgress)
  | { kind: "done" };
