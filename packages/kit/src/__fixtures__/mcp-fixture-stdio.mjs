// `node mcp-fixture-stdio.mjs`: the fixture MCP server over stdio.
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { createFixtureServer } from "./mcp-fixture-server.mjs";

await createFixtureServer("stdio-fixture").connect(new StdioServerTransport());
