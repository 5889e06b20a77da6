// An MCP server built with the official server SDK, for the mcp provider's tests.
// mcp-fixture-stdio.mjs serves it over stdio; mcp-http-fixture.ts over Streamable HTTP.
import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod";

const text = (value) => ({ content: [{ type: "text", text: value }] });
const READ_ONLY = { readOnlyHint: true };

/** A server with tools of every shape the provider handles. */
export function createFixtureServer(name = "fixture") {
  const server = new McpServer({ name, version: "1.0.0" });
  server.registerTool(
    "add",
    {
      description: "Add two numbers.",
      inputSchema: z.object({ a: z.number().describe("first"), b: z.number() }),
      annotations: READ_ONLY,
    },
    async ({ a, b }) => text(String(a + b)),
  );
  server.registerTool(
    "echo",
    {
      description: "Echo text.\n\nA second paragraph the prompt leaves out.",
      inputSchema: z.object({ text: z.string(), times: z.number().int().optional() }),
      outputSchema: z.object({ text: z.string(), times: z.number() }),
      annotations: READ_ONLY,
    },
    async ({ text: value, times = 1 }) => ({
      content: [{ type: "text", text: value.repeat(times) }],
      structuredContent: { text: value.repeat(times), times },
    }),
  );
  server.registerTool(
    "search",
    {
      description: "Search with optional properties listed before the required one.",
      inputSchema: z.object({
        limit: z.number().int().optional(),
        query: z.string(),
        sort: z.enum(["asc", "desc"]).optional(),
      }),
      annotations: READ_ONLY,
    },
    async (args) => text(JSON.stringify(args)),
  );
  server.registerTool(
    "fail",
    { description: "Always fails.", inputSchema: z.object({}), annotations: READ_ONLY },
    async () => ({ content: [{ type: "text", text: "the fixture refused" }], isError: true }),
  );
  server.registerTool(
    "slow",
    { description: "Waits.", inputSchema: z.object({ ms: z.number().int() }), annotations: READ_ONLY },
    async ({ ms }) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return text("done");
    },
  );
  server.registerTool(
    "crash",
    { description: "Exits the server.", inputSchema: z.object({}) },
    async () => {
      process.stderr.write("fixture crashing on purpose\n");
      process.exit(3);
    },
  );
  server.registerTool(
    "write-note",
    {
      description: "Writes a note (not destructive).",
      inputSchema: z.object({ title: z.string(), body: z.string().optional() }),
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async ({ title }) => text(`saved ${title}`),
  );
  server.registerTool(
    "wipe",
    { description: "No annotations: may destroy.", inputSchema: z.object({}) },
    async () => text("wiped"),
  );
  server.registerTool(
    "lines",
    { description: "Two text blocks.", inputSchema: z.object({}), annotations: READ_ONLY },
    async () => ({
      content: [
        { type: "text", text: "first" },
        { type: "text", text: '{"second": 2}' },
      ],
    }),
  );
  server.registerTool(
    "env",
    {
      description: "One environment variable of the server, or null.",
      inputSchema: z.object({ name: z.string() }),
      annotations: READ_ONLY,
    },
    async ({ name: variable }) => text(JSON.stringify(process.env[variable] ?? null)),
  );
  server.registerTool(
    "pid",
    { description: "The server's process id.", inputSchema: z.object({}), annotations: READ_ONLY },
    async () => text(String(process.pid)),
  );
  return server;
}
