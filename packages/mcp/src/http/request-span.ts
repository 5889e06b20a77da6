/**
 * A span per MCP request through `@opentelemetry/api` (an optional peer, loaded once): named by
 * the JSON-RPC method and tool (`tools/call run_program`), carrying the request id, the outcome
 * and the status, continuing the caller's trace when the request has a `traceparent`, and active
 * while the request is served, so the service's spans (decision 29) nest under it. Without the
 * package, or without a registered provider, it costs a no-op span.
 */
import type http from "node:http";

type Api = typeof import("@opentelemetry/api");
type Span = import("@opentelemetry/api").Span;

/** What a request span is told when its request is answered. */
export interface RequestOutcome {
  status: number;
  outcome: string;
  tool?: string;
}

/** Starts request spans. */
export interface RequestTracer {
  /** Runs `work` inside a span of the request; `end` closes it with what the request came to. */
  run<T>(
    request: http.IncomingMessage,
    attributes: { requestId: string; method?: string; tool?: string; workspace: string },
    work: (end: (outcome: RequestOutcome) => void) => Promise<T>,
  ): Promise<T>;
}

/** The tracer, or null when `@opentelemetry/api` is not installed. */
export async function loadRequestTracer(): Promise<RequestTracer | null> {
  const api = await import("@opentelemetry/api").catch(() => null);
  return api ? tracerWith(api) : null;
}

function tracerWith(api: Api): RequestTracer {
  const getter = {
    keys: (carrier: http.IncomingHttpHeaders) => Object.keys(carrier),
    get: (carrier: http.IncomingHttpHeaders, key: string) => carrier[key],
  };
  return {
    run(request, attributes, work) {
      const parent = api.propagation.extract(api.context.active(), request.headers, getter);
      const name = [attributes.method ?? "mcp", attributes.tool].filter(Boolean).join(" ");
      const span: Span = api.trace.getTracer("@lackpy/mcp").startSpan(
        name,
        {
          kind: api.SpanKind.SERVER,
          attributes: {
            "lackpy.request_id": attributes.requestId,
            "lackpy.workspace": attributes.workspace,
            "http.request.method": request.method ?? "POST",
            ...(attributes.method ? { "mcp.method.name": attributes.method } : {}),
            ...(attributes.tool ? { "gen_ai.tool.name": attributes.tool } : {}),
          },
        },
        parent,
      );
      let ended = false;
      const end = (outcome: RequestOutcome) => {
        if (ended) return;
        ended = true;
        span.setAttribute("http.response.status_code", outcome.status);
        span.setAttribute("lackpy.outcome", outcome.outcome);
        if (outcome.outcome !== "ok") {
          span.setAttribute("error.type", outcome.outcome);
          span.setStatus({ code: api.SpanStatusCode.ERROR });
        }
        span.end();
      };
      return api.context.with(api.trace.setSpan(parent, span), () => work(end));
    },
  };
}
