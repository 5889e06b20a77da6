import { KitError } from "../kit-error.js";

/** The parts of `@modelcontextprotocol/client` the MCP provider uses. */
export interface McpClientModules {
  client: typeof import("@modelcontextprotocol/client");
  stdio: typeof import("@modelcontextprotocol/client/stdio");
}

let loading: Promise<McpClientModules> | null = null;

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    message.includes("@modelcontextprotocol/client")
  );
}

/**
 * Loads the official MCP client (an optional peer dependency) on first use; when it is not
 * installed, throws `KitError` `missing_package` naming the package to install.
 */
export function importMcpClient(): Promise<McpClientModules> {
  loading ??= Promise.all([
    import("@modelcontextprotocol/client"),
    import("@modelcontextprotocol/client/stdio"),
  ]).then(
    ([client, stdio]) => ({ client, stdio }),
    (error: unknown) => {
      loading = null;
      if (!isMissing(error)) throw error;
      throw new KitError(
        "missing_package",
        "MCP server tools need the '@modelcontextprotocol/client' package, which is not installed.",
        { hint: "install it next to lackpy: npm i @modelcontextprotocol/client" },
      );
    },
  );
  return loading;
}
