import type { SkippedSink } from "./skipped-tally.js";

/**
 * What a tool receives as `this` when a run calls it: `fn.call(context, ...args)`, so the
 * program's arguments keep their positions. `signal` aborts when the call runs past the tool
 * time limit, when the run is cancelled, and when the run ends for any reason; a tool that
 * changes anything checks it right before it commits the change.
 */
export interface ToolCallContext {
  /** Aborted once the call's result can no longer be used. */
  readonly signal: AbortSignal;
  /**
   * Tells the run what the call left out: rows of `{ reason, count }` (`skipped` of the run's
   * result) for a `scope`, what the call covered (its pattern). See `SkippedTally`.
   */
  noteSkipped(skipped: readonly { reason: string; count: number }[], scope: string): void;
}

/** One tool call in progress: the `this` to call the tool with, and how to abort it on its own. */
export interface ToolCall {
  readonly context: ToolCallContext;
  /** Aborts this call's signal (its time limit passed). */
  abort(reason: unknown): void;
}

/** Fields every tool call of a run carries in its `this` besides `signal` (see `RunOptions.toolContext`). */
export type ToolContextFields = Readonly<Record<string, unknown>>;

/** The names a tool call's `this` has of its own, which no tool context field replaces. */
const RESERVED = new Set(["signal", "noteSkipped"]);

/** A run's tool context fields with their keys. */
interface RunFields {
  readonly keys: readonly string[];
  readonly values: ToolContextFields;
}

/** The `this` of one tool call: its signal is made the first time the tool reads it. */
class CallContext implements ToolCallContext {
  readonly #call: PendingCall;

  constructor(call: PendingCall, fields: RunFields | null) {
    this.#call = call;
    if (fields)
      for (let index = 0; index < fields.keys.length; index++) {
        const key = fields.keys[index];
        (this as Record<string, unknown>)[key] = fields.values[key];
      }
  }

  get signal(): AbortSignal {
    return this.#call.signal();
  }

  noteSkipped(skipped: readonly { reason: string; count: number }[], scope: string): void {
    this.#call.skipped?.note(skipped, scope);
  }
}

/** One tool call. Most tools never read their signal, so nothing is made until one does. */
class PendingCall implements ToolCall {
  readonly context: ToolCallContext;
  #controller: AbortController | null = null;
  #aborted = false;
  #reason: unknown = undefined;

  constructor(
    private readonly owner: ToolCallSignals,
    fields: RunFields | null,
    readonly skipped: SkippedSink | undefined,
  ) {
    // Not frozen (freezing costs more than the rest of a call): the call's state is private, and
    // a tool that adds properties to its `this` changes only its own object.
    this.context = new CallContext(this, fields);
  }

  signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
      else this.owner.follow(this.#controller);
    }
    return this.#controller.signal;
  }

  abort(reason: unknown): void {
    if (this.#controller) this.#controller.abort(reason);
    else if (!this.#aborted) {
      this.#aborted = true;
      this.#reason = reason;
    }
  }
}

const RUN_ENDED = new Error("The run ended.");

/**
 * The tool calls of one run. Each call gets a signal that aborts with its own `abort`, with the
 * run's cancellation signal, or with `end()`, which the run calls once it has a result. Signals
 * are made lazily, when a tool first reads `this.signal`: a call whose tool never looks costs
 * two small objects, not an AbortController. A signal that was made is one plain controller the
 * run aborts itself (no `AbortSignal.any`, which costs tens of microseconds a call).
 */
export class ToolCallSignals {
  #controllers: AbortController[] = [];
  #ended = false;
  #onCancel: (() => void) | null = null;

  /** The run's tool context fields, their keys listed once (`signal` and `noteSkipped` left out). */
  readonly #fields: RunFields | null;

  constructor(
    private readonly runSignal?: AbortSignal,
    fields?: ToolContextFields,
  ) {
    const keys = fields ? Object.keys(fields).filter((key) => !RESERVED.has(key)) : [];
    this.#fields = keys.length > 0 ? { keys, values: fields! } : null;
  }

  /** Starts a call: its `this` carries the run's signal and `fields`; what it notes as skipped goes to `skipped`. */
  begin(skipped?: SkippedSink): ToolCall {
    return new PendingCall(this, this.#fields, skipped);
  }

  /** Makes a call's controller follow the run: aborted at once if the run is over or cancelled, else kept until it is. */
  follow(controller: AbortController): void {
    if (this.#ended) return controller.abort(RUN_ENDED);
    if (this.runSignal?.aborted) return controller.abort(this.runSignal.reason);
    this.#controllers.push(controller);
    if (this.runSignal && !this.#onCancel) {
      this.#onCancel = () => this.#abortAll(this.runSignal!.reason);
      this.runSignal.addEventListener("abort", this.#onCancel, { once: true });
    }
  }

  /** Aborts the signal of every call, finished or not: the run is over. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#onCancel) this.runSignal!.removeEventListener("abort", this.#onCancel);
    this.#abortAll(RUN_ENDED);
  }

  #abortAll(reason: unknown): void {
    const controllers = this.#controllers;
    this.#controllers = [];
    for (const controller of controllers) controller.abort(reason);
  }
}
