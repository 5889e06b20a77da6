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

/** The `this` of one tool call: its signal is made the first time the tool reads it. */
class CallContext implements ToolCallContext {
  readonly #call: PendingCall;

  constructor(call: PendingCall) {
    this.#call = call;
  }

  get signal(): AbortSignal {
    return this.#call.signal();
  }
}

/** One tool call. Most tools never read their signal, so nothing is made until one does. */
class PendingCall implements ToolCall {
  readonly context: ToolCallContext;
  #controller: AbortController | null = null;
  #signal: AbortSignal | null = null;
  #aborted = false;
  #reason: unknown = undefined;

  constructor(private readonly owner: ToolCallSignals) {
    // Not frozen (freezing costs more than the rest of a call): the call's state is private, and
    // a tool that adds properties to its `this` changes only its own object.
    this.context = new CallContext(this);
  }

  signal(): AbortSignal {
    if (!this.#signal) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
      this.#signal = AbortSignal.any([this.#controller.signal, ...this.owner.runSignals()]);
    }
    return this.#signal;
  }

  abort(reason: unknown): void {
    if (this.#controller) this.#controller.abort(reason);
    else if (!this.#aborted) {
      this.#aborted = true;
      this.#reason = reason;
    }
  }
}

/**
 * The tool calls of one run. Each call gets a signal that aborts with its own `abort`, with the
 * run's cancellation signal, or with `end()`, which the run calls once it has a result. Signals
 * are made lazily, when a tool first reads `this.signal`: a call whose tool never looks costs
 * two small objects, not an AbortController.
 */
export class ToolCallSignals {
  #ended: AbortController | null = null;
  #hasEnded = false;

  constructor(private readonly runSignal?: AbortSignal) {}

  /** Starts a call. */
  begin(): ToolCall {
    return new PendingCall(this);
  }

  /** The signals every call's signal follows: the run's end, and the caller's cancellation. */
  runSignals(): AbortSignal[] {
    if (!this.#ended) {
      this.#ended = new AbortController();
      if (this.#hasEnded) this.#ended.abort(new Error("The run ended."));
    }
    return this.runSignal ? [this.#ended.signal, this.runSignal] : [this.#ended.signal];
  }

  /** Aborts the signal of every call, finished or not: the run is over. */
  end(): void {
    this.#hasEnded = true;
    this.#ended?.abort(new Error("The run ended."));
  }
}
