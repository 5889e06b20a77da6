import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { LackpyService } from "@lackpy/service";
import { createMcpServer } from "./create-mcp-server.js";

/** Serves a workspace over stdio until the client disconnects. */
export async function serveStdio(options: { workspace: string }): Promise<void> {
  const service = await LackpyService.open({ workspace: options.workspace });
  const server = createMcpServer(service);
  const closed = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close().catch(() => undefined);
  await service.close();
}
