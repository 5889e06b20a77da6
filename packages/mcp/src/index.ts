export { createMcpServer, MCP_SERVER_VERSION } from "./create-mcp-server.js";
export { serveStdio } from "./serve-stdio.js";
export { writeMcpConfig } from "./write-mcp-config.js";
export type { McpServerEntry } from "./write-mcp-config.js";
