import type { ToolSpec } from "@lackpy/lang";
import { KitError } from "../kit-error.js";
import { McpConnection } from "./mcp-connection.js";
import { mcpResultValue } from "./mcp-result-value.js";
import { mcpPrefix, type McpServerConfig } from "./mcp-server-config.js";
import { mcpToolSpec, type McpToolDescription } from "./mcp-tool-spec.js";
import { signalOf } from "../toolbox/tool-call-context.js";
import type { ToolFunction, ToolProvider } from "../toolbox/toolbox.js";

/** The `mcp` tool provider: the tools of configured MCP servers, connected on first use. */
export interface McpProvider extends ToolProvider {
  /** The configured server names. */
  readonly servers: readonly string[];
  /** Each configured server's tool-name prefix (`mcpPrefix`). */
  readonly prefixes: Readonly<Record<string, string>>;
  /** The ToolSpecs of one server's tools, namespaced by its prefix (connects on first use). */
  toolSpecs(server: string): Promise<ToolSpec[]>;
  /** The ToolSpecs of a listing of one server's tools (a cached one, say), without connecting. */
  specsOf(server: string, tools: readonly McpToolDescription[]): ToolSpec[];
  /** Closes every open connection (stdio servers' processes end); later calls connect again. */
  close(): Promise<void>;
}

/** Options of `createMcpProvider`. */
export interface McpProviderOptions {
  servers: Readonly<Record<string, McpServerConfig>>;
  /** Folder a stdio server's relative `cwd` starts from (the workspace). */
  baseDir: string;
  /** Environment that `inheritEnv` and `bearerTokenEnv` read (default `process.env`). */
  env?: Record<string, string | undefined>;
  /**
   * Called before each start of a server (its first use, and again after it closed or died);
   * what it throws is thrown instead of starting it, unchanged (the service's trust gate).
   */
  beforeConnect?: (server: string) => void | Promise<void>;
  /** Called with a server's tools each time a connection lists them (to cache the listing, say). */
  onTools?: (server: string, tools: readonly McpToolDescription[]) => void;
}

/**
 * The `mcp` provider over a set of servers. A tool's `providerConfig` names its server, the
 * server's tool name and the property names its positional arguments map onto; the callable
 * sends the call with the run's AbortSignal (`this.signal`) and turns the result into plain
 * data (`mcpResultValue`), so an `isError` result or a dead server becomes the run's `tool_error`.
 */
export function createMcpProvider(options: McpProviderOptions): McpProvider {
  const env = options.env ?? process.env;
  const connections = new Map(
    Object.entries(options.servers).map(([name, config]) => [
      name,
      new McpConnection(name, config, {
        baseDir: options.baseDir,
        env,
        beforeConnect: options.beforeConnect,
        onTools: options.onTools,
      }),
    ]),
  );
  const connection = (server: string): McpConnection => {
    const found = connections.get(server);
    if (!found)
      throw new KitError("invalid_tool", `No MCP server named '${server}' is configured.`, {
        hint: `configured servers: ${[...connections.keys()].join(", ") || "none"}`,
      });
    return found;
  };
  const specsOf = (server: string, tools: readonly McpToolDescription[]): ToolSpec[] => {
    connection(server);
    const prefix = mcpPrefix(server, options.servers[server]);
    const acceptsSecrets = options.servers[server].acceptsSecrets === true;
    return tools.map((tool) => mcpToolSpec(tool, { server, prefix, acceptsSecrets }));
  };
  return {
    name: "mcp",
    servers: [...connections.keys()],
    prefixes: Object.fromEntries(
      Object.entries(options.servers).map(([name, config]) => [name, mcpPrefix(name, config)]),
    ),
    async toolSpecs(server) {
      return specsOf(server, await connection(server).tools());
    },
    specsOf,
    resolve(spec: ToolSpec): ToolFunction {
      const config = spec.providerConfig ?? {};
      const server = connection(String(config.server));
      const tool = String(config.tool ?? spec.name);
      const argNames = Array.isArray(config.argNames) ? (config.argNames as string[]) : [];
      return async function mcpTool(this: unknown, ...args: unknown[]) {
        const named: Record<string, unknown> = {};
        argNames.forEach((name, index) => {
          if (args[index] !== undefined) named[name] = args[index];
        });
        return mcpResultValue(await server.call(tool, named, signalOf(this)));
      };
    },
    async close() {
      await Promise.all([...connections.values()].map((entry) => entry.close()));
    },
  };
}
