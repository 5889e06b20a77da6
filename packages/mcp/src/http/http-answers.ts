/**
 * Writing answers on a Node response: JSON, the door's coded errors (`{ error: { code, message,
 * hint, requestId } }`), and a web `Response` from the SDK's handler (a JSON body or an SSE
 * stream).
 */
import { once } from "node:events";
import type http from "node:http";

/** Writes `value` as JSON with `status` (nothing when the response was already answered). */
export function sendJson(response: http.ServerResponse, status: number, value: unknown): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(`${JSON.stringify(value)}\n`);
}

/** A coded refusal, with the request id when the response carries one. */
export function sendError(
  response: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  hint: string,
): void {
  const requestId = response.getHeader("x-request-id");
  sendJson(response, status, {
    error: { code, message, hint, ...(typeof requestId === "string" ? { requestId } : {}) },
  });
}

/** Writes a web `Response` (a JSON body or an SSE stream) to a Node response. */
export async function sendWebResponse(
  response: http.ServerResponse,
  answer: Response,
): Promise<void> {
  if (response.headersSent || response.destroyed) {
    await answer.body?.cancel().catch(() => undefined);
    return;
  }
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, key) => (headers[key] = value));
  response.writeHead(answer.status, headers);
  if (!answer.body) return void response.end();
  const reader = answer.body.getReader();
  response.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (response.writableEnded) return;
      if (!response.write(value)) await once(response, "drain");
    }
  } catch {
    // The client went away, or the exchange was cancelled: nothing more to send.
  }
  if (!response.writableEnded) response.end();
}
