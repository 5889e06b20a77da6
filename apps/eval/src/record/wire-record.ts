/** A recorded model call as it went over the wire: what the fetch tap saw sent and answered. */
import type { ModelCallRecord } from "@lackpy/infer";
import type { HttpExchange } from "./fetch-tap.js";
import type { RecordedCall } from "../inputs/fixtures.js";

const CONTENT_KEYS = new Set(["messages", "system"]);

/** Infer's record, corrected and completed with what the last exchange shows was sent and answered. */
export function fromWire(
  record: ModelCallRecord,
  exchange: HttpExchange | undefined,
  retries: number,
): RecordedCall {
  if (!exchange || typeof exchange.request !== "object" || exchange.request === null)
    return { ...record, temperature: null, sent: null, modelId: null, retries };
  const body = exchange.request as Record<string, unknown>;
  const options = (body.options ?? {}) as Record<string, unknown>;
  const temperature = body.temperature ?? options.temperature;
  const response = (exchange.response ?? {}) as Record<string, unknown>;
  return {
    ...record,
    temperature: typeof temperature === "number" ? temperature : null,
    latencyMs: exchange.durationMs,
    sent: Object.fromEntries(Object.entries(body).filter(([key]) => !CONTENT_KEYS.has(key))),
    modelId: typeof response.model === "string" ? response.model : null,
    retries,
  };
}
