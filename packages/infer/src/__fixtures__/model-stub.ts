import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the stub answers: a model reply text, garbage, a hang, or an HTTP error. */
export type StubReply =
  | string
  | { garbage: string }
  | { hang: true }
  | { status: number; text?: string; headers?: Record<string, string> };

/** A loopback HTTP stub for the Ollama and Anthropic APIs (127.0.0.1 only): the real clients talk to it. */
export interface ModelStub {
  url: string;
  requests: { path: string; body: any }[];
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : null;
}

/** Starts a stub that answers chat calls with `replies` in order (the last one repeats). */
export async function startModelStub(replies: StubReply[]): Promise<ModelStub> {
  const requests: { path: string; body: any }[] = [];
  const hanging: Set<import("node:http").ServerResponse> = new Set();
  let next = 0;
  const server: Server = createServer(async (request, response) => {
    const payload = await body(request).catch(() => null);
    requests.push({ path: request.url ?? "", body: payload });
    if (request.url === "/api/tags") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ models: [{ name: "stub" }] }));
      return;
    }
    const reply = replies[Math.min(next++, replies.length - 1)];
    if (typeof reply === "object" && "hang" in reply) {
      hanging.add(response);
      return;
    }
    if (typeof reply === "object" && "status" in reply) {
      const plain = reply.text !== undefined;
      response.writeHead(reply.status, {
        "content-type": plain ? "text/plain" : "application/json",
        ...reply.headers,
      });
      response.end(plain ? reply.text : JSON.stringify({ error: "stub error" }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    if (typeof reply === "object") return void response.end(reply.garbage);
    if (request.url === "/api/chat") {
      response.end(JSON.stringify({ model: payload?.model ?? "stub", created_at: new Date().toISOString(), message: { role: "assistant", content: reply }, done: true, done_reason: "stop", prompt_eval_count: 10, eval_count: 5 }));
    } else {
      response.end(JSON.stringify({ id: "msg_stub", type: "message", role: "assistant", model: payload?.model ?? "stub", content: [{ type: "text", text: reply }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 3, output_tokens: 4 } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 with nothing listening (a server that is down). */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
