import type { Node } from "@lackpy/lang";
import type { ProgramFault } from "./run-error.js";
import type { RunContext } from "./run-context.js";
import { detachedText, summariseCounted } from "./builtins/serialize.js";
import type { ToolCall } from "./tools/tool-call-context.js";
import { Snapshot, type TraceEntry } from "./tools/trace-entry.js";
import { describeError, isProgramFault } from "./tools/describe-error.js";
import { toPlainData } from "./tools/plain-data.js";
import { loadRegexEngine } from "./regex/regex-engine.js";
import { toToolArgument } from "./tools/tool-argument.js";
import { NativeCallable } from "./values/values.js";
import { TIME_LIMIT_HINT, timeLimitMessage } from "./limits.js";
import { WALK_UNIT } from "./values/work-meter.js";
import { SecretValue, refuseSecretsForTool } from "./secrets/secret-value.js";

/**
 * Calls kit tool number `index`: plain-data arguments in, plain data out, traced, timed and
 * counted. A synchronous tool's value comes back synchronously; only a tool that returns a
 * promise (or another thenable) makes the call return a promise, raced against the tool-time
 * limit.
 */
export function callTool(
  context: RunContext,
  index: number,
  rawArgs: readonly unknown[],
  node: Node,
): unknown {
  // No tool call starts past the deadline (nor once the run is cancelled).
  const started = context.now();
  context.checkTime(node, started);
  // A tool that takes no secrets (the file tools) refuses a marker before the vault reveals it.
  refuseSecretsForTool(
    context.toolSpecAt(index),
    rawArgs,
    context.toolNames,
    (name) => context.toolSpec(name),
    node,
  );
  const limits = context.limits;
  if (++context.toolCalls > limits.maxToolCalls) {
    throw context.fault(
      "limit_tool_calls",
      `The program made more than ${limits.maxToolCalls} tool calls.`,
      node,
      "call tools fewer times, e.g. one find_files instead of many",
    );
  }
  const name = context.toolNames[index];
  const args: unknown[] = [];
  const traced: unknown[] = [];
  let secrets = false;
  for (let position = 0; position < rawArgs.length; position++) {
    const raw = rawArgs[position];
    const arg =
      typeof raw === "object" && raw !== null
        ? toToolArgument(raw, name, context, context.reveal)
        : raw;
    args.push(arg);
    // A secret argument is traced as its marker, never as the value the tool gets.
    if (raw instanceof SecretValue) {
      secrets = true;
      traced.push(raw.display);
    } else traced.push(traceValue(context, arg));
  }
  // Paths are listed once the call succeeded: a refused write modified nothing.
  const notePathsOnSuccess = (result: unknown) =>
    notePaths(context, index, args, secrets ? rawArgs : null, result);
  const entry: TraceEntry = {
    step: context.steps,
    tool: name,
    args: traced,
    result: null,
    durationMs: 0,
    success: false,
    error: null,
  };
  context.trace.push(entry);
  const call = context.toolSignals.begin(context.skipped);
  let value: unknown;
  let pending: boolean;
  try {
    value = context.tools[index].call(call.context, ...args);
    // Reading `then` can throw too (a revoked proxy): that is the tool's failure.
    pending = isThenable(value);
  } catch (error) {
    finishCall(context, entry, started);
    throw toolFault(context, name, error, entry, node);
  }
  if (pending)
    return awaitTool(context, entry, value as PromiseLike<unknown>, started, node, {
      call,
      notePathsOnSuccess,
    });
  try {
    const result = acceptResult(context, entry, value);
    notePathsOnSuccess(result.value);
    return result.loading ? result.loading.then(() => result.value) : result.value;
  } catch (error) {
    throw toolFault(context, name, error, entry, node);
  } finally {
    finishCall(context, entry, started);
  }
}

async function awaitTool(
  context: RunContext,
  entry: TraceEntry,
  pending: PromiseLike<unknown>,
  started: number,
  node: Node,
  { call, notePathsOnSuccess }: { call: ToolCall; notePathsOnSuccess: (result: unknown) => void },
): Promise<unknown> {
  const name = entry.tool;
  const timeoutMs = context.limits.toolTimeoutMs;
  // A call ends at its own time limit or at the run's deadline, whichever comes first.
  const leftMs = Math.max(0, context.remainingMs());
  const deadlineFirst = leftMs < timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const fault = deadlineFirst
          ? context.fault(
              "limit_time",
              timeLimitMessage(context.limits.timeoutMs, ` (it was waiting for tool ${name})`),
              node,
              TIME_LIMIT_HINT,
              { tool: name },
            )
          : context.fault(
              "limit_tool_time",
              `Tool ${name} took longer than ${timeoutMs} ms.`,
              node,
              "ask the tool for less at a time",
              { tool: name },
            );
        // The race is lost first: a tool that settles when its signal aborts cannot win it.
        reject(fault);
        call.abort(fault);
      },
      deadlineFirst ? leftMs : timeoutMs,
    );
  });
  try {
    const result = acceptResult(context, entry, await Promise.race([pending, timeout]));
    notePathsOnSuccess(result.value);
    if (result.loading) await result.loading;
    return result.value;
  } catch (error) {
    throw toolFault(context, name, error, entry, node);
  } finally {
    clearTimeout(timer);
    finishCall(context, entry, started);
  }
}

/** A tool's result as plain data, with the loading of the regex engine it waits for when it holds a regex. */
function acceptResult(
  context: RunContext,
  entry: TraceEntry,
  value: unknown,
): { value: unknown; loading: Promise<void> | undefined } {
  let loading: Promise<void> | undefined;
  const plain =
    typeof value === "string" || typeof value === "number" || typeof value === "boolean"
      ? value
      : toPlainData(value, entry.tool, {
          maxItems: context.limits.maxSize,
          onRegex: () => (loading ??= loadRegexEngine()),
          // An isolated child's host hid the secrets in it already, as markers.
          keepSecretMarkers: context.vault === null,
        });
  // Whatever contains a secret's text (an echo) reaches the program as a marker, not as data.
  const result = context.vault
    ? context.vault.hide(plain, entry.tool, {
        charge: (units) => context.chargeWork(units * WALK_UNIT),
      })
    : plain;
  entry.success = true;
  entry.result = traceValue(context, result);
  return { value: result, loading };
}

function finishCall(context: RunContext, entry: TraceEntry, started: number): void {
  const now = context.now();
  entry.durationMs = now - started;
  context.toolMs += entry.durationMs;
  context.reportProgress(now);
  // A synchronous tool cannot be interrupted: a run past its deadline ends at its next step.
  if (context.pastDeadline(now)) context.checkTimeSoon();
}

/** Longest string the trace keeps whole however much it holds already (a path, a line of text). */
export const TRACE_SHORT_CHARS = 256;

/**
 * A tool argument or result as the trace keeps it. The trace's tool data, every call's together,
 * is kept whole up to `maxOutputBytes`; past that, each long string or object is cut now to what
 * is left (at least `TRACE_SHORT_CHARS`, at most `maxOutputBytes`), as the end of the run would cut it. So a run that reads
 * thousands of files holds each file's text only as long as the program does: its memory does
 * not grow with the bytes it reads. Objects are summarised now in any case (the program or the
 * tool may change them later); short strings and other primitives are kept and summarised at the end.
 */
function traceValue(context: RunContext, value: unknown): unknown {
  const isText = typeof value === "string";
  if (!isText && (typeof value !== "object" || value === null)) return value;
  // Kept strings are copies: a piece of a text (a line, a slice) would keep the whole text alive.
  if (isText && value.length <= TRACE_SHORT_CHARS) return detachedText(value);
  const left = context.traceTextLeft;
  const allowance = Math.min(context.limits.maxOutputBytes, Math.max(TRACE_SHORT_CHARS, left));
  if (isText && value.length <= allowance) {
    context.traceTextLeft = Math.max(0, left - value.length);
    return detachedText(value);
  }
  const summary = summariseCounted(value, allowance);
  context.traceTextLeft = Math.max(0, left - summary.usedBytes);
  return new Snapshot(summary.value);
}

function toolFault(
  context: RunContext,
  name: string,
  error: unknown,
  entry: TraceEntry,
  node: Node,
): ProgramFault {
  if (isProgramFault(error)) {
    entry.error = error.message;
    return error;
  }
  // A tool may throw anything; reading it must not throw again. One that echoes a secret it
  // was given has the secret's text replaced by its marker.
  const { code, ...read } = describeError(error);
  const described: typeof read & { toolCode?: string } =
    code === undefined ? read : { ...read, toolCode: code };
  const {
    message,
    hint,
    toolCode,
    retriable: toolRetriable,
  } = context.vault ? context.vault.redactError(described) : described;
  entry.error = message;
  const retriable = toolRetriable || context.toolSpec(name)?.retriable === true;
  return context.fault("tool_error", `Tool ${name} failed: ${message}`, node, hint, {
    tool: name,
    ...(toolCode !== undefined ? { toolCode } : {}),
    ...(retriable ? { retriable: true } : {}),
  });
}

/**
 * Notes the paths a successful call read and wrote; a secret path (`rawArgs` holds its marker) is
 * not listed, and neither is the written path of a call that returned `false` (a tool's way to
 * say it wrote nothing).
 */
function notePaths(
  context: RunContext,
  index: number,
  args: readonly unknown[],
  rawArgs: readonly unknown[] | null,
  result: unknown,
): void {
  const specArgs = context.toolSpecAt(index)?.args;
  if (!specArgs) return;
  for (let index = 0; index < specArgs.length; index++) {
    const path = specArgs[index].path;
    if (!path || typeof args[index] !== "string") continue;
    if (rawArgs?.[index] instanceof SecretValue) continue;
    if (path === "read") context.filesRead.add(args[index] as string);
    if (path === "write" && result !== false) context.filesModified.add(args[index] as string);
  }
}

/**
 * Kit tool number `index` as a callback value (`files.map(read_file)`). It gets as many
 * arguments as its required ones (at least one), so `paths.map(write_file)` cannot write each
 * index as a file's content.
 */
export function toolCallable(index: number, name: string): NativeCallable {
  return new NativeCallable(name, (context: RunContext, args, node) => {
    const required = (context.toolSpec(name)?.args ?? []).filter((arg) => !arg.optional).length;
    return callTool(context, index, args.slice(0, Math.max(1, required)), node);
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
