import { Console } from "node:console";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { LackpyService } from "@lackpy/service";
import { createMcpServer, type McpServerOptions } from "./create-mcp-server.js";
import { guardedStdin } from "./guarded-stdin.js";

/**
 * Serves a workspace over stdio until the client disconnects. stdout carries only protocol
 * messages: anything a dependency logs goes to stderr, and a line that is not a JSON-RPC
 * message gets an error reply instead of silence.
 */
export async function serveStdio(options: { workspace: string } & McpServerOptions): Promise<void> {
  const service = await LackpyService.open({ workspace: options.workspace });
  const server = createMcpServer(service, options);
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  const transport: StdioServerTransport = new StdioServerTransport(
    guardedStdin(
      process.stdin,
      (reply) => void transport.send(reply as unknown as JSONRPCMessage).catch(() => undefined),
    ),
    process.stdout,
  );
  const closed = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
  await service.close();
}
