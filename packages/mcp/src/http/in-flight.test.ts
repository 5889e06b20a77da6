import http from "node:http";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { InFlight } from "./in-flight.js";

describe("InFlight.answerAll", () => {
  it("answers a request that sent nothing yet with 503 shutting_down, and cancels its work", async () => {
    const inFlight = new InFlight();
    const controller = new AbortController();
    const server = http.createServer((_request, response) => {
      inFlight.add({ controller, response, rpcId: 1 });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    const answer = fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", body: "{}" });
    while (inFlight.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(inFlight.answerAll()).toBe(1);
    const response = await answer;
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: "shutting_down" } });
    expect(controller.signal.aborted).toBe(true);
    server.closeAllConnections();
    server.close();
  });
});
