import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback Ollama chat server: answers each chat with `answer(intent)` and counts the chats. */
export interface OllamaStub {
  url: string;
  /** Chat requests so far (health checks not counted). */
  chats: number;
  /** Every request so far, health checks included. */
  requests: number;
  close(): Promise<void>;
}

/** What the stub reports besides the answer: the model's name and token counts. */
export interface OllamaStubOptions {
  model?: string;
  promptTokens?: number;
  outputTokens?: number;
}

/** Starts the stub on 127.0.0.1 and a free port; `answer` sees the chat count of its request. */
export async function startOllamaStub(
  answer: (intent: string, chats: number) => string,
  options: OllamaStubOptions = {},
): Promise<OllamaStub> {
  const stub = { url: "", chats: 0, requests: 0, close: async () => undefined } as OllamaStub;
  const server = createServer((request, response) => {
    stub.requests++;
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      if (request.url === "/api/tags") return response.end(JSON.stringify({ models: [] }));
      stub.chats++;
      const intent = JSON.parse(body).messages.at(-1).content as string;
      response.end(
        JSON.stringify({
          model: options.model ?? "stub",
          created_at: new Date().toISOString(),
          message: { role: "assistant", content: answer(intent, stub.chats) },
          done: true,
          ...(options.promptTokens === undefined ? {} : { prompt_eval_count: options.promptTokens }),
          ...(options.outputTokens === undefined ? {} : { eval_count: options.outputTokens }),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}
