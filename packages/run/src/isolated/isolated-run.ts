import { monotonicMs, type ToolSpec } from "@lackpy/lang";
import { requestChild, type ChildLease } from "./child-pool.js";
import { deathError } from "./death-error.js";
import { invokeHostTool, toolErrorData } from "./host-tool-call.js";
import type { ToolFunction, TraceEntry } from "../tools/trace-entry.js";
import { childKey, type ChildDeath, type IsolatedChild } from "./isolated-child.js";
import type { ChildToolRequest } from "../tools/child-tool.js";
import type { ReadScope } from "./read-scope.js";
import type { ChildMessage, RunRequest, ToolRequest } from "./isolation-protocol.js";
import { TIME_LIMIT_HINT, timeLimitMessage, type Limits } from "../limits.js";
import type { RunErrorValue } from "../run-error.js";
import { failedResult, type RunOptions } from "../run-program.js";
import type { RunResult } from "../run-result.js";
import { summarise } from "../builtins/serialize.js";
import { ToolCallSignals } from "../tools/tool-call-context.js";
import { SkippedNotes } from "../tools/skipped-tally.js";
import {
  hideSecretResult,
  revealSecretArguments,
  secretMarkers,
  type SecretTarget,
} from "./secret-arguments.js";
import type { SecretVault } from "../secrets/secret-vault.js";
import type { ProgressListener, RunProgress } from "../run-progress.js";

/** Extra time the host grants past the deadline before it kills a child that did not stop itself. */
const GRACE_MS = 150;
/** How long a new child may take to start (Node's start-up, on a loaded machine). */
const START_TIMEOUT_MS = 15_000;

/** A run's child tools: what to send the child, the scope its child needs, the news functions to read after host calls, and what takes their reports. */
export interface ChildTools {
  scope: ReadScope;
  requests: ChildToolRequest[];
  news: (readonly [string, () => unknown])[];
  /** What takes each child tool's reports, by tool name (`ChildTool.report`). */
  reports: ReadonlyMap<string, (report: unknown) => void>;
}

/** The error of a run cancelled through its `AbortSignal`. */
export const CANCELLED: RunErrorValue = { code: "cancelled", message: "The run was cancelled." };

/**
 * The host's side of one isolated run: waits for a child from the pool (in a queue when every
 * slot is taken), sends the program once the child is ready, answers its tool calls, holds the
 * run to its deadline (`timeoutMs` of wall-clock time from the validated call, waiting in the queue and
 * tool calls included; only a new child's start-up is not counted), and settles exactly once:
 * with the child's result (the child goes back to the pool) or with a failure (deadline,
 * cancellation, death; the child is discarded, or the run leaves the queue).
 */
export class IsolatedRun {
  private readonly limits: Limits;
  /** The run's tool specs as the host has them (the request carries their text for the child). */
  private readonly toolSpecs: readonly ToolSpec[];
  private readonly hostTrace: TraceEntry[] = [];
  private readonly toolSignals: ToolCallSignals;
  private readonly signal: AbortSignal | undefined;
  /** When the deadline's clock started: the call, moved on by a new child's start-up time. */
  private startedAt = monotonicMs();
  private child: IsolatedChild | null = null;
  private lease: ChildLease | null = null;
  private granted = false;
  /** True when the child granted serves the run's child tools (it has their scope). */
  private servesOwnTools = false;
  private toolMs = 0;
  private toolsInFlight = 0;
  private toolStartedAt = 0;
  private settled = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onAbort = () => this.fail(CANCELLED);

  constructor(
    private readonly request: RunRequest,
    private readonly tools: Readonly<Record<string, ToolFunction>>,
    private readonly vault: SecretVault,
    options: Pick<RunOptions, "signal" | "toolContext" | "toolSpecs">,
    private readonly resolve: (result: RunResult) => void,
    private readonly childTools: ChildTools | null = null,
    private readonly onProgress?: ProgressListener,
  ) {
    this.limits = request.limits;
    this.toolSpecs = options.toolSpecs ?? [];
    this.signal = options.signal;
    this.toolSignals = new ToolCallSignals(options.signal, options.toolContext);
  }

  /** Starts the run: asks the pool for a child, and fails at the deadline if none frees up first. */
  start(): void {
    this.signal?.addEventListener("abort", this.onAbort, { once: true });
    this.waitForChild(this.limits.timeoutMs);
    this.lease = requestChild(
      { memoryMb: this.limits.memoryMb, scope: this.childTools?.scope ?? null },
      (child) => this.begin(child),
    );
  }

  /** Fails the run once `leftMs` pass without a child. */
  private waitForChild(leftMs: number): void {
    this.timer = setTimeout(() => this.fail(queueTimeout(this.limits.timeoutMs)), leftMs);
  }

  /** Runs the program on the child the pool granted, once it listens. */
  private begin(child: IsolatedChild): void {
    this.child = child;
    this.granted = true;
    clearTimeout(this.timer);
    if (this.settled) {
      // Cancelled in the same turn: the child goes straight back.
      this.lease?.release(child);
      return;
    }
    const scope = this.childTools?.scope ?? null;
    this.servesOwnTools = scope !== null && child.key === childKey(child.memoryMb, scope);
    const grantedAt = monotonicMs();
    child.attach({
      message: (message) => this.receive(message),
      death: (death: ChildDeath) => {
        // A child under a read scope that never started (the scope keeps it from loading its own
        // code): the run asks again, for a child whose tools the host serves.
        if (this.servesOwnTools && !child.ready && !this.settled && this.lease) {
          clearTimeout(this.timer);
          this.startedAt += monotonicMs() - grantedAt;
          this.child = null;
          this.granted = false;
          this.waitForChild(this.limits.timeoutMs - (monotonicMs() - this.startedAt));
          this.lease.retryWithoutScope(child);
          return;
        }
        this.fail(deathError(death, this.limits.memoryMb));
      },
    });
    this.timer = setTimeout(
      () =>
        this.fail({
          code: "runtime_error",
          message: `The isolated process did not start within ${START_TIMEOUT_MS / 1000} s.`,
          hint: "the machine may be overloaded; run the program again",
        }),
      START_TIMEOUT_MS,
    );
    child.whenReady((ready) => {
      // A child that died first reports its death to the listener above.
      if (this.settled || !ready) return;
      clearTimeout(this.timer);
      // A new child's start-up is the pool's cost, not the program's: it is not counted.
      const now = monotonicMs();
      this.startedAt += now - grantedAt;
      const childTools = this.servesOwnTools ? (this.childTools?.requests ?? []) : [];
      try {
        if (!child.send({ ...this.request, elapsedMs: now - this.startedAt, childTools })) return;
      } catch (error) {
        return this.fail(sendFailure(error));
      }
      this.watch();
    });
  }

  private receive(message: ChildMessage): void {
    if (this.settled || message.type === "ready" || message.id !== this.request.id) return;
    if (message.type === "done") this.finish(message.result, true);
    else if (message.type === "progress") this.reportProgress(message.progress);
    else {
      // What the child's own tools did comes before the call it made after them.
      for (const [name, report] of Object.entries(message.reports ?? {}))
        try {
          this.childTools?.reports.get(name)?.(report);
        } catch {
          // The child runs the program: a report its tool's host side cannot take is dropped.
        }
      void this.answerTool(message).catch((error: unknown) => this.fail(sendFailure(error)));
    }
  }

  /** Passes on the child's report; a listener that fails does not fail the run. */
  private reportProgress(progress: RunProgress): void {
    try {
      this.onProgress?.(progress);
    } catch {
      // The run goes on.
    }
  }

  private finish(result: RunResult, healthy: boolean): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.signal?.removeEventListener("abort", this.onAbort);
    if (!this.granted) this.lease?.leave();
    // A tool still running (past its time limit, or its child died) must not change anything now.
    this.toolSignals.end();
    if (this.child) {
      if (healthy) this.lease?.release(this.child);
      else this.lease?.discard(this.child);
    }
    this.resolve(result);
  }

  private fail(error: RunErrorValue): void {
    if (this.settled) return;
    const result = failedResult(error);
    result.trace = this.hostTrace.map((entry) => ({
      ...entry,
      args: entry.args.map((arg) => summarise(arg, this.limits.maxOutputBytes)),
    }));
    result.stats = {
      ...result.stats,
      toolCalls: this.hostTrace.length,
      toolMs: round(this.toolMs),
      durationMs: round(monotonicMs() - this.startedAt),
    };
    this.finish(result, false);
  }

  /** Kills the child once the run is past its deadline and the grace (the child stops itself at the deadline). */
  private watch(): void {
    const leftMs = this.startedAt + this.limits.timeoutMs + GRACE_MS - monotonicMs();
    if (leftMs > 0) this.timer = setTimeout(() => this.watch(), leftMs + 1);
    else
      this.fail({
        code: "limit_time",
        message: timeLimitMessage(this.limits.timeoutMs, " and was stopped"),
        hint: `${TIME_LIMIT_HINT}; avoid regular expressions with nested repetition such as (a+)+`,
      });
  }

  /** The tool `name` as the host's own request describes it: a child cannot change what it refuses. */
  private secretTarget(name: string): SecretTarget {
    const specOf = (tool: string) => this.toolSpecs.find((spec) => spec.name === tool);
    return { spec: specOf(name), toolNames: this.request.toolNames, specOf };
  }

  /** What the child's own tools must learn after a host tool call (`ChildTool.news`), as a reply's `news`. */
  private news(): { news?: Record<string, unknown> } {
    if (!this.servesOwnTools || !this.childTools?.news.length) return {};
    const news: Record<string, unknown> = {};
    let any = false;
    for (const [name, read] of this.childTools.news) {
      const value = read();
      if (value === undefined) continue;
      news[name] = value;
      any = true;
    }
    return any ? { news } : {};
  }

  private async answerTool(request: ToolRequest): Promise<void> {
    const entry: TraceEntry = {
      step: 0,
      tool: request.name,
      // Summarised only if the run fails here (a finished run reports the child's trace).
      args: secretMarkers(request.args, request.secrets),
      result: null,
      durationMs: 0,
      success: false,
      error: null,
    };
    this.hostTrace.push(entry);
    const begun = monotonicMs();
    if (this.toolsInFlight++ === 0) this.toolStartedAt = begun;
    // The child fails the run at the tool time limit and the run's end aborts the call; this
    // timer, a grace period later, aborts it even if the child's verdict never arrives (the
    // deadline is the watch's: it ends the run, which aborts every call).
    const skipped = new SkippedNotes();
    const call = this.toolSignals.begin(skipped);
    const toolTimer = setTimeout(
      () =>
        call.abort(
          new Error(`Tool ${request.name} took longer than ${this.limits.toolTimeoutMs} ms.`),
        ),
      this.limits.toolTimeoutMs + GRACE_MS,
    );
    try {
      const value = await invokeHostTool(
        this.tools,
        request.name,
        revealSecretArguments(
          request.args,
          request.secrets,
          this.vault,
          this.secretTarget(request.name),
        ),
        call.context,
        this.limits.maxSize,
      );
      // What contains a secret's text (an echo) is held here; the child gets markers.
      const hidden = hideSecretResult(value, this.vault, request.name);
      entry.success = true;
      if (!this.settled)
        this.child?.send({
          type: "tool-result",
          callId: request.callId,
          ok: true,
          ...hidden,
          ...this.news(),
          ...(skipped.notes.length > 0 ? { skipped: skipped.notes } : {}),
        });
    } catch (error) {
      // A tool that echoes a secret in its error has the secret's text replaced by its marker,
      // here, so the value never reaches the child.
      const data = this.vault.redactError(toolErrorData(error));
      entry.error = data.message;
      if (!this.settled)
        this.child?.send({
          type: "tool-result",
          callId: request.callId,
          ok: false,
          error: data,
          ...this.news(),
        });
    } finally {
      clearTimeout(toolTimer);
      entry.durationMs = round(monotonicMs() - begun);
      if (--this.toolsInFlight === 0) this.toolMs += monotonicMs() - this.toolStartedAt;
    }
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** The error of a run whose deadline passed while it waited for a child. */
function queueTimeout(timeoutMs: number): RunErrorValue {
  return {
    code: "limit_time",
    message: timeLimitMessage(
      timeoutMs,
      ": it waited for a free isolated process and never started",
    ),
    hint: "run it again when fewer programs are running; the person running lackpy can raise [run] max_children",
  };
}

/** A message the structured clone could not copy (the host's side of the value boundary). */
function sendFailure(error: unknown): RunErrorValue {
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: "runtime_error",
    message: `A value could not be sent to the isolated run: ${message}`,
  };
}
