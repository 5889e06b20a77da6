import type { McpServer } from "@modelcontextprotocol/server";
import type { LackpyService } from "@lackpy/service";
import * as z from "zod";
import { KIT_INPUT, sharedInput } from "./input-schemas.js";
import { guarded, jsonResult } from "./tool-result.js";

/**
 * Registers `search_tools` and `describe_tool`: a kit's tools that fit a few words, and one tool
 * in full, for kits too large to describe tool by tool (the same helpers a program of a large kit
 * can call). They resolve the kit, so they start the MCP servers whose tools the kit names and no
 * listing has yet.
 */
export function registerDiscoveryTools(server: McpServer, service: LackpyService): void {
  server.registerTool(
    "search_tools",
    {
      description:
        "A kit's tools that fit a few words, best first, each with its typed signature (the default kit unless you pass kit).",
      inputSchema: sharedInput("search_tools", () =>
        z.strictObject({
          query: z.string().describe('A few words, e.g. "create issue".'),
          kit: KIT_INPUT,
          limit: z.number().int().positive().optional().describe("At most this many (default 8)."),
        }),
      ),
      annotations: { readOnlyHint: true },
    },
    async (args) =>
      guarded(async () =>
        jsonResult({
          tools: await service.searchTools(args.query, { kit: args.kit, limit: args.limit }),
        }),
      ),
  );
  server.registerTool(
    "describe_tool",
    {
      description:
        "One tool of a kit in full: its typed signature, description, arguments, return type and grade (the default kit unless you pass kit).",
      inputSchema: sharedInput("describe_tool", () =>
        z.strictObject({
          name: z.string().describe("The tool's name as a program calls it."),
          kit: KIT_INPUT,
        }),
      ),
      annotations: { readOnlyHint: true },
    },
    async (args) =>
      guarded(async () => jsonResult(await service.describeTool(args.name, { kit: args.kit }))),
  );
}
