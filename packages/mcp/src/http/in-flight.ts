import type http from "node:http";
import { sendError } from "./http-answers.js";

/** One MCP request being served: how to cancel it, where to answer, and its JSON-RPC id. */
export interface Exchange {
  controller: AbortController;
  response: http.ServerResponse;
  /** The JSON-RPC id of the request (undefined for a notification or an unreadable body). */
  rpcId?: string | number | null;
}

/** The JSON-RPC error a request cut short by a drain ends with, when its SSE stream had started. */
const SHUTTING_DOWN = { code: -32000, message: "The server is shutting down." };

/** The MCP requests in flight, for the cap, `/healthz`, and the drain. */
export class InFlight {
  private readonly exchanges = new Set<Exchange>();
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.exchanges.size;
  }

  add(exchange: Exchange): void {
    this.exchanges.add(exchange);
  }

  delete(exchange: Exchange): void {
    this.exchanges.delete(exchange);
    if (this.exchanges.size > 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves once nothing is in flight. */
  idle(): Promise<void> {
    if (this.exchanges.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Answers every request still in flight with `shutting_down`, then cancels its work: a 503
   * when nothing was sent yet, else a JSON-RPC error for its id at the end of its SSE stream.
   * Returns how many were answered.
   */
  answerAll(): number {
    let answered = 0;
    for (const exchange of this.exchanges) {
      const { response } = exchange;
      if (!response.headersSent) {
        response.setHeader("Connection", "close");
        sendError(
          response,
          503,
          "shutting_down",
          "The server is shutting down; this request was cut short.",
          "retry it on another instance",
        );
        answered += 1;
      } else if (!response.writableEnded) {
        const sse = String(response.getHeader("content-type") ?? "").includes("text/event-stream");
        if (sse && exchange.rpcId !== undefined) {
          const error = {
            ...SHUTTING_DOWN,
            data: { code: "shutting_down", hint: "retry it on another instance" },
          };
          response.write(
            `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: exchange.rpcId, error })}\n\n`,
          );
          answered += 1;
        }
        response.end();
      }
      exchange.controller.abort();
    }
    return answered;
  }
}
