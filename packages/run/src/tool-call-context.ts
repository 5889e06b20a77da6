/**
 * What a tool receives as `this` when a run calls it: `fn.call(context, ...args)`, so the
 * program's arguments keep their positions. `signal` aborts when the call runs past the tool
 * time limit, when the run is cancelled, and when the run ends for any reason; a tool that
 * changes anything checks it right before it commits the change.
 */
export interface ToolCallContext {
  /** Aborted once the call's result can no longer be used. */
  readonly signal: AbortSignal;
}

/** One tool call in progress: the `this` to call the tool with, and how to abort it on its own. */
export interface ToolCall {
  readonly context: ToolCallContext;
  /** Aborts this call's signal (its time limit passed). */
  abort(reason: unknown): void;
}

/**
 * The tool calls of one run. Each call gets a signal that aborts with its own `abort`, with the
 * run's cancellation signal, or with `end()`, which the run calls once it has a result.
 */
export class ToolCallSignals {
  private readonly ended = new AbortController();

  constructor(private readonly runSignal?: AbortSignal) {}

  /** Starts a call. */
  begin(): ToolCall {
    const call = new AbortController();
    const sources = [call.signal, this.ended.signal];
    if (this.runSignal) sources.push(this.runSignal);
    const context = Object.freeze({ signal: AbortSignal.any(sources) });
    return { context, abort: (reason) => call.abort(reason) };
  }

  /** Aborts the signal of every call, finished or not: the run is over. */
  end(): void {
    this.ended.abort(new Error("The run ended."));
  }
}
