// The fixture MCP server over Streamable HTTP on 127.0.0.1 (stateless: one server per request).
// Tests import startHttpFixture; `node mcp-fixture-http.mjs --serve` prints the URL on stdout
// and serves until killed, for tests that need the server in another process.
import { createServer } from "node:http";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { createFixtureServer } from "./mcp-fixture-server.mjs";

async function body(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Starts the HTTP fixture on a free loopback port. */
export async function startHttpFixture() {
  const headers = [];
  const server = createServer((request, response) => {
    headers.push(request.headers);
    void (async () => {
      const mcp = createFixtureServer("http-fixture");
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await mcp.connect(transport);
      const requestHeaders = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string") requestHeaders.set(name, value);
      const payload = request.method === "POST" ? await body(request) : undefined;
      const answer = await transport.handleRequest(
        new Request(`http://127.0.0.1${request.url ?? "/"}`, {
          method: request.method,
          headers: requestHeaders,
          body: payload,
        }),
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
      await mcp.close();
    })().catch((error) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    headers,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[2] === "--serve") {
  const fixture = await startHttpFixture();
  process.stdout.write(`${fixture.url}\n`);
}
