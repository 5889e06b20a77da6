import { discardChild, releaseChild } from "./child-pool.js";
import { deathError } from "./death-error.js";
import { invokeHostTool, toolErrorData } from "./host-tool-call.js";
import type { ToolFunction, TraceEntry } from "../tools/trace-entry.js";
import type { ChildDeath, IsolatedChild } from "./isolated-child.js";
import type { ChildMessage, RunRequest, ToolRequest } from "./isolation-protocol.js";
import type { Limits } from "../limits.js";
import type { RunErrorValue } from "../run-error.js";
import { failedResult } from "../run-program.js";
import type { RunResult } from "../run-result.js";
import { summarise } from "../builtins/serialize.js";
import { ToolCallSignals } from "../tools/tool-call-context.js";
import { revealSecretArguments, secretMarkers, type SecretTarget } from "./secret-arguments.js";
import type { SecretVault } from "../secrets/secret-vault.js";

/** Extra time the host grants past a limit before it kills a child that did not stop itself. */
const GRACE_MS = 150;
/** How long a new child may take to start (Node's start-up, on a loaded machine). */
const START_TIMEOUT_MS = 15_000;

/** The error of a run cancelled through its `AbortSignal`. */
export const CANCELLED: RunErrorValue = { code: "cancelled", message: "The run was cancelled." };

/**
 * The host's side of one isolated run: sends the program once the child is ready, answers its
 * tool calls, watches the time the child spends evaluating (time in tools excluded, but no more
 * of it than `toolTimeoutMs`), and settles exactly once: with the child's result (the child goes
 * back to the pool) or with a failure (timeout, cancellation, death; the child is discarded).
 */
export class IsolatedRun {
  private readonly limits: Limits;
  private readonly hostTrace: TraceEntry[] = [];
  private readonly toolSignals: ToolCallSignals;
  private startedAt = performance.now();
  private toolMs = 0;
  private toolsInFlight = 0;
  private toolStartedAt = 0;
  private settled = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onAbort = () => this.fail(CANCELLED);

  constructor(
    private readonly child: IsolatedChild,
    private readonly request: RunRequest,
    private readonly tools: Readonly<Record<string, ToolFunction>>,
    private readonly vault: SecretVault,
    private readonly signal: AbortSignal | undefined,
    private readonly resolve: (result: RunResult) => void,
  ) {
    this.limits = request.limits;
    this.toolSignals = new ToolCallSignals(signal);
  }

  /** Starts the run: attaches to the child and sends the program once the child listens. */
  start(): void {
    this.signal?.addEventListener("abort", this.onAbort, { once: true });
    this.child.attach({
      message: (message) => this.receive(message),
      death: (death: ChildDeath) => this.fail(deathError(death, this.limits.memoryMb)),
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
    this.child.whenReady((ready) => {
      // A child that died first reports its death to the listener above.
      if (this.settled || !ready) return;
      clearTimeout(this.timer);
      this.startedAt = performance.now();
      try {
        if (!this.child.send(this.request)) return;
      } catch (error) {
        return this.fail(sendFailure(error));
      }
      this.watch();
    });
  }

  private receive(message: ChildMessage): void {
    if (this.settled || message.type === "ready" || message.id !== this.request.id) return;
    if (message.type === "done") this.finish(message.result, true);
    else void this.answerTool(message).catch((error: unknown) => this.fail(sendFailure(error)));
  }

  private finish(result: RunResult, healthy: boolean): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.signal?.removeEventListener("abort", this.onAbort);
    // A tool still running (past its time limit, or its child died) must not change anything now.
    this.toolSignals.end();
    if (healthy) releaseChild(this.child);
    else discardChild(this.child);
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
      durationMs: round(performance.now() - this.startedAt),
    };
    this.finish(result, false);
  }

  /** Kills the child once its evaluation time is past the limit and the grace. */
  private watch(): void {
    const toolCapMs = this.limits.toolTimeoutMs + GRACE_MS;
    const inToolMs = this.toolsInFlight > 0 ? performance.now() - this.toolStartedAt : 0;
    const evaluationMs =
      performance.now() - this.startedAt - this.toolMs - Math.min(inToolMs, toolCapMs);
    const leftMs = this.limits.timeoutMs + GRACE_MS - evaluationMs;
    if (leftMs > 0) this.timer = setTimeout(() => this.watch(), leftMs + 1);
    else
      this.fail({
        code: "limit_time",
        message: `The program ran for more than ${this.limits.timeoutMs} ms and was stopped.`,
        hint: "do less work per run; avoid regular expressions with nested repetition such as (a+)+",
      });
  }

  /** The tool `name` as the host's own request describes it: a child cannot change what it refuses. */
  private secretTarget(name: string): SecretTarget {
    const specOf = (tool: string) => this.request.toolSpecs.find((spec) => spec.name === tool);
    return { spec: specOf(name), toolNames: this.request.toolNames, specOf };
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
    const begun = performance.now();
    if (this.toolsInFlight++ === 0) this.toolStartedAt = begun;
    // The child fails the run at the tool time limit and the run's end aborts the call; this
    // timer, a grace period later, aborts it even if the child's verdict never arrives.
    const call = this.toolSignals.begin();
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
      entry.success = true;
      if (!this.settled)
        this.child.send({ type: "tool-result", callId: request.callId, ok: true, value });
    } catch (error) {
      // A tool that echoes a secret in its error has the secret's text replaced by its marker,
      // here, so the value never reaches the child.
      const data = this.vault.redactError(toolErrorData(error));
      entry.error = data.message;
      if (!this.settled)
        this.child.send({ type: "tool-result", callId: request.callId, ok: false, error: data });
    } finally {
      clearTimeout(toolTimer);
      entry.durationMs = round(performance.now() - begun);
      if (--this.toolsInFlight === 0)
        this.toolMs += Math.min(
          performance.now() - this.toolStartedAt,
          this.limits.toolTimeoutMs + GRACE_MS,
        );
    }
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** A message the structured clone could not copy (the host's side of the value boundary). */
function sendFailure(error: unknown): RunErrorValue {
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: "runtime_error",
    message: `A value could not be sent to the isolated run: ${message}`,
  };
}
