import { monotonicMs } from "@lackpy/lang";
import { progressMessage, type ProgressEvent } from "@lackpy/service";

/** How long a call with a `progressToken` may go without a notification, in ms: then one is sent. */
export const PROGRESS_HEARTBEAT_MS = 1000;

/** The part of a request handler's context progress needs: the request's `_meta` and `notify`. */
export interface ProgressContext {
  mcpReq: {
    _meta?: { progressToken?: unknown } & Record<string, unknown>;
    notify(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
  };
}

/** What a tool handler gives the service (`onProgress`, only when the client asked) and calls when it is done. */
export interface ProgressNotifier {
  onProgress?: (event: ProgressEvent) => void;
  stop(): void;
}

/**
 * `notifications/progress` for a call whose client passed a `progressToken`: one for each stage
 * and each report of the run (tool calls, files read, time; at most every `PROGRESS_INTERVAL_MS`,
 * in both run modes), and at least one every `PROGRESS_HEARTBEAT_MS` while it waits (a model, a
 * long tool call), so a client that resets its timeout on progress never cuts a long run.
 * `progress` is the milliseconds since the call began, always increasing; no `total`: how long
 * a program runs is not known before it ends. Nothing is sent after `stop`.
 */
export function progressNotifier(context: ProgressContext): ProgressNotifier {
  const token = context.mcpReq._meta?.progressToken;
  if (typeof token !== "string" && typeof token !== "number") return { stop: () => undefined };
  const startedAt = monotonicMs();
  let stopped = false;
  let sent = 0;
  let sentAt = startedAt;
  /** What the call is doing: a stage in words, or the run's latest counts and when they came. */
  let latest: { message: string } | { run: Extract<ProgressEvent, { kind: "run" }>; at: number } = {
    message: "working",
  };
  const send = () => {
    const now = monotonicMs();
    const message =
      "run" in latest
        ? progressMessage({ ...latest.run, elapsedMs: latest.run.elapsedMs + (now - latest.at) })
        : `${latest.message}, ${((now - startedAt) / 1000).toFixed(1)} s`;
    sent = Math.max(sent + 1, Math.round(now - startedAt));
    sentAt = now;
    context.mcpReq
      .notify({
        method: "notifications/progress",
        params: { progressToken: token, progress: sent, message },
      })
      .catch(() => undefined);
  };
  const heartbeat = setInterval(() => {
    if (!stopped && monotonicMs() - sentAt >= PROGRESS_HEARTBEAT_MS) send();
  }, PROGRESS_HEARTBEAT_MS / 4);
  heartbeat.unref?.();
  return {
    onProgress(event) {
      if (stopped || event.kind === "done") return;
      latest =
        event.kind === "run"
          ? { run: event, at: monotonicMs() }
          : { message: progressMessage(event) };
      send();
    },
    stop() {
      stopped = true;
      clearInterval(heartbeat);
    },
  };
}
