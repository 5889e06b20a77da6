import { KitError } from "../kit-error.js";
import type { McpProvider } from "./create-mcp-provider.js";
import type { McpToolDescription } from "./mcp-tool-spec.js";
import { Toolbox } from "../toolbox/toolbox.js";

/**
 * Lists one MCP server's tools (or takes `options.tools`, a listing made before, without
 * connecting) and registers them in the toolbox (whose `mcp` provider must be registered);
 * returns the names it registered. Tools named in `options.registered` (this server's, registered before)
 * are left as they are. Nothing is registered when a name is taken or a spec is refused: the
 * error names the server and the tool, and the hint says how to set a prefix.
 */
export async function registerMcpTools(
  toolbox: Toolbox,
  provider: McpProvider,
  server: string,
  options: { tools?: readonly McpToolDescription[]; registered?: ReadonlySet<string> } = {},
): Promise<string[]> {
  const listed = options.tools
    ? provider.specsOf(server, options.tools)
    : await provider.toolSpecs(server);
  const specs = listed.filter((spec) => !options.registered?.has(spec.name));
  // A scratch toolbox checks every spec first, so a refused one leaves the real toolbox as it was.
  const scratch = new Toolbox();
  for (const spec of specs) {
    if (toolbox.has(spec.name))
      throw new KitError(
        "duplicate_tool",
        `MCP server '${server}' has a tool named '${spec.name}', which the toolbox already has.`,
        {
          hint: `give the server its own prefix: prefix = "${server}_" under [mcp_servers.${server}]`,
        },
      );
    try {
      scratch.registerTool(spec);
    } catch (error) {
      const kitError = error as KitError;
      throw new KitError(
        kitError.code ?? "invalid_tool",
        `MCP server '${server}': ${kitError.message}`,
        {
          hint: kitError.hint ?? `set a prefix under [mcp_servers.${server}]`,
          cause: error,
        },
      );
    }
  }
  for (const spec of specs) toolbox.registerTool(spec);
  return specs.map((spec) => spec.name);
}
