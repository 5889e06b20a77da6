import { ToolError } from "../tool-error.js";

/**
 * What a run passes as `this` when it calls a tool: `signal` aborts when the call runs past the
 * run's tool time limit, when the run is cancelled, and when the run ends for any reason. A
 * tool written as a `function` (not an arrow function) reads it as `this.signal`.
 */
export interface ToolCallContext {
  /** Aborted once the call's result can no longer be used; stop, and never commit a change after it. */
  readonly signal: AbortSignal;
  /**
   * The run's staging area (a `FileStaging` of `@lackpy/kit/node`), when the host stages writes:
   * the builtin file tools then write to it instead of the disk, and read through it.
   */
  readonly staging?: unknown;
  /**
   * Counts what the call left out (files under `node_modules`, binary files, …) into the run's
   * `skipped`; the run keeps, per reason, the largest count of the calls over one `scope` and
   * adds up the scopes. Absent when the caller keeps no count.
   */
  readonly noteSkipped?: (skipped: readonly SkippedCount[], scope: string) => void;
}

/** The signal of a tool call's `this`, when the caller passed a `ToolCallContext`. */
export function signalOf(context: unknown): AbortSignal | undefined {
  const signal = (context as Partial<ToolCallContext> | null | undefined)?.signal;
  return typeof signal === "object" && signal !== null && typeof signal.aborted === "boolean"
    ? signal
    : undefined;
}

/** Throws the `aborted` `ToolError` when the call's signal has been aborted. */
export function refuseWhenAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted)
    throw new ToolError(
      "aborted",
      `The tool call ended (it timed out, or its run ended or was cancelled) before ${what}; nothing was changed.`,
      { hint: "ask for less work per tool call" },
    );
}

/** How many files (or other items) a tool call left out, and why: one row of `RunResult.skipped`. */
export interface SkippedCount {
  /** Why, as the words that follow the count: `files under node_modules`, `binary files`. */
  reason: string;
  count: number;
}

/**
 * Tells the run calling a tool what the call left out, through its `this` (`ToolCallContext`'s
 * `noteSkipped`); nothing happens when the caller keeps no such count. `scope` is what the call
 * covered (its pattern): the run counts the rows of calls over the same scope once.
 */
export function noteSkipped(
  context: unknown,
  skipped: readonly SkippedCount[],
  scope: string,
): void {
  const note = (context as Partial<ToolCallContext> | null | undefined)?.noteSkipped;
  if (typeof note === "function") note.call(context, skipped, scope);
}
