/**
 * Optional OpenTelemetry spans through `@opentelemetry/api` alone (an optional peer, loaded on
 * the first request after a host registered something with it). Without a registered tracer
 * provider the API's tracer answers with non-recording spans: the first one tells the service to
 * do nothing more for that request, so the hot paths carry one `startSpan` and a few `?.` checks.
 */
import type { Context, Span, Tracer } from "@opentelemetry/api";

type OtelApi = typeof import("@opentelemetry/api");

/** The instrumentation scope of lackpy's spans. */
export const TRACER_NAME = "@lackpy/service";

let api: OtelApi | null | undefined;
let loading: Promise<void> | null = null;

/** Where `@opentelemetry/api` 1.x keeps what a host registered (tracer provider, context manager). */
const OTEL_GLOBAL = Symbol.for("opentelemetry.js.api.1");

/**
 * Loads `@opentelemetry/api` once a host has registered anything with it; a promise to await the
 * first time, `null` once loaded (or missing), or while nothing is registered. The API is dozens
 * of small modules: a process that traces nothing (the CLI) does not load it at all.
 */
export function loadTelemetry(): Promise<void> | null {
  if (api !== undefined) return null;
  if ((globalThis as Record<symbol, unknown>)[OTEL_GLOBAL] === undefined) return null;
  loading ??= import("@opentelemetry/api").then(
    (module) => {
      api = module;
    },
    () => {
      api = null;
    },
  );
  return loading;
}

/** Span attributes; `undefined` and `null` values are left out. */
export type SpanAttributes = Record<
  string,
  string | number | boolean | readonly string[] | undefined | null
>;

/** A recording span of a request: children, attributes, failure, end. */
export interface TraceSpan {
  /** A child span, started now. */
  child(name: string, attributes?: SpanAttributes): TraceSpan;
  /** Adds attributes. */
  set(attributes: SpanAttributes): void;
  /** Marks the span failed with an error code (`error.type`) and message. */
  fail(code: string, message: string): void;
  /** Ends the span, now or at an earlier `performance.now()` time (the SDK's own clock base). */
  end(endTimeMs?: number): void;
}

type AttributeValue = string | number | boolean | string[];

function defined(attributes: SpanAttributes): Record<string, AttributeValue> {
  const kept: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(attributes))
    if (value !== undefined && value !== null)
      kept[key] = Array.isArray(value)
        ? [...(value as readonly string[])]
        : (value as AttributeValue);
  return kept;
}

/** A recording OpenTelemetry span and the context that makes it the parent of its children. */
class OtelSpan implements TraceSpan {
  constructor(
    private readonly otel: OtelApi,
    private readonly tracer: Tracer,
    private readonly span: Span,
    private readonly context: Context,
  ) {}

  child(name: string, attributes: SpanAttributes = {}): TraceSpan {
    const span = this.tracer.startSpan(name, { attributes: defined(attributes) }, this.context);
    return new OtelSpan(this.otel, this.tracer, span, this.otel.trace.setSpan(this.context, span));
  }

  set(attributes: SpanAttributes): void {
    for (const [key, value] of Object.entries(defined(attributes)))
      this.span.setAttribute(key, value);
  }

  fail(code: string, message: string): void {
    this.span.setAttribute("error.type", code);
    this.span.setStatus({ code: this.otel.SpanStatusCode.ERROR, message });
  }

  end(endTimeMs?: number): void {
    this.span.end(endTimeMs);
  }
}

/**
 * A span under the host's active context (its own span, when it has one), or `null` when the API
 * is not installed or no provider records it: then nothing more should be traced for the request.
 */
export function startRootSpan(name: string, attributes: SpanAttributes = {}): TraceSpan | null {
  if (!api) return null;
  const tracer = api.trace.getTracer(TRACER_NAME);
  const parent = api.context.active();
  const span = tracer.startSpan(name, { attributes: defined(attributes) }, parent);
  if (!span.isRecording()) return null;
  return new OtelSpan(api, tracer, span, api.trace.setSpan(parent, span));
}

/** Code and message of anything thrown, for `fail`. */
function describeFailure(error: unknown): { code: string; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    code: typeof code === "string" ? code : error instanceof Error ? error.name : "error",
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Runs `work` inside `span`: a throw marks the span failed and goes on; the span ends either way. */
export async function withinSpan<T>(span: TraceSpan, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = describeFailure(error);
    span.fail(failure.code, failure.message);
    throw error;
  } finally {
    span.end();
  }
}
