import type { McpServer } from "@modelcontextprotocol/server";
import { failureResult, type ToolResult } from "./tool-result.js";

/**
 * What runs around every tool call of a server (the HTTP server's roles, request ids, metrics
 * and logs): it gets the tool's name and arguments and calls `next` to run the tool, possibly
 * with changed arguments, or throws a coded error instead (sent as the tool's error).
 */
export type ToolMiddleware = (
  tool: string,
  args: Record<string, unknown>,
  next: (args: Record<string, unknown>) => Promise<ToolResult>,
) => Promise<ToolResult>;

type ToolCallback = (args: Record<string, unknown>, context: unknown) => Promise<ToolResult>;

/**
 * Makes every tool registered on `server` from now on run through `middleware`, and returns the
 * names registered, so a caller can check that its policy covers each.
 */
export function useToolMiddleware(server: McpServer, middleware: ToolMiddleware): Set<string> {
  const names = new Set<string>();
  const register = server.registerTool.bind(server) as (
    name: string,
    config: unknown,
    callback: ToolCallback,
  ) => ReturnType<McpServer["registerTool"]>;
  (server as { registerTool: unknown }).registerTool = (
    name: string,
    config: unknown,
    callback: ToolCallback,
  ) => {
    names.add(name);
    return register(name, config, async (args, context) => {
      try {
        return await middleware(name, args, (changed) => callback(changed, context));
      } catch (error) {
        return failureResult(error);
      }
    });
  };
  return names;
}
