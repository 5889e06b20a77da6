/**
 * OpenTelemetry export for the HTTP server, configured by the standard `OTEL_*` variables and
 * only when they ask for it (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`
 * or `OTEL_TRACES_EXPORTER=otlp`; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn
 * it off). The SDK and the OTLP/HTTP exporter are optional peers loaded here and nowhere else,
 * so no other command pays for them. The SDK reads the rest itself (headers, timeouts,
 * `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, the sampler); spans go out as OTLP/HTTP JSON.
 */
import { McpServeError } from "./mcp-serve-error.js";

/** The packages export needs (the versions lackpy is tested with). */
export const OTLP_PACKAGES = Object.freeze([
  "@opentelemetry/api@1.9.1",
  "@opentelemetry/sdk-trace-node@2.12.0",
  "@opentelemetry/exporter-trace-otlp-http@0.223.0",
  "@opentelemetry/resources@2.12.0",
]);

/** A running export: `shutdown` sends what is buffered and stops. */
export interface OtlpExport {
  endpoint: string;
  shutdown(): Promise<void>;
}

/** Where the environment asks spans to go, or null when it does not ask for export. */
export function otlpEndpoint(env: Record<string, string | undefined>): string | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return null;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "").split(",").map((name) => name.trim());
  if (exporters.includes("none")) return null;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (base) return `${base.replace(/\/+$/, "")}/v1/traces`;
  return exporters.includes("otlp") ? "http://localhost:4318/v1/traces" : null;
}

/**
 * Registers a tracer provider that exports over OTLP/HTTP when the environment asks for it;
 * null when it does not. Throws `invalid_option` naming the packages when they are missing.
 */
export async function startOtlpExport(
  env: Record<string, string | undefined>,
): Promise<OtlpExport | null> {
  const endpoint = otlpEndpoint(env);
  if (!endpoint) return null;
  let modules;
  try {
    modules = await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  } catch {
    throw new McpServeError(
      "invalid_option",
      "OTEL_* variables ask for trace export, but the OpenTelemetry SDK is not installed.",
      {
        hint: `install ${OTLP_PACKAGES.join(" ")} next to lackpy, or unset OTEL_EXPORTER_OTLP_ENDPOINT`,
      },
    );
  }
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources] = modules;
  const named = env.OTEL_SERVICE_NAME
    ? resources.emptyResource()
    : resources.resourceFromAttributes({ "service.name": "lackpy" });
  const provider = new NodeTracerProvider({
    resource: resources
      .defaultResource()
      .merge(named)
      .merge(resources.detectResources({ detectors: [resources.envDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint }))],
  });
  provider.register();
  return { endpoint, shutdown: () => provider.shutdown() };
}
