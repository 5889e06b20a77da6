import { LackpyError } from "@lackpy/lang";

/** The MCP server package, an optional peer of the CLI: loaded by `lackpy mcp` only. */
export type McpServerPackage = typeof import("@lackpy/mcp");

/**
 * Loads `@lackpy/mcp` for the `lackpy mcp` commands. It is an optional peer dependency, so
 * `npx @lackpy/cli` does not download the MCP SDK and zod for users who never serve MCP; when it
 * is missing, throws a `missing_package` error (exit 2) that names both ways to get it.
 */
export async function importMcpServer(
  load: () => Promise<McpServerPackage> = () => import("@lackpy/mcp"),
): Promise<McpServerPackage> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const message = error instanceof Error ? error.message : "";
    if (
      (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") ||
      !message.includes("@lackpy/mcp")
    )
      throw error;
    throw new LackpyError(
      "missing_package",
      "lackpy mcp needs the '@lackpy/mcp' package (the MCP server), which is not installed.",
      {
        hint: "install it next to @lackpy/cli (npm i @lackpy/mcp), or run it through npx: npx -p @lackpy/cli -p @lackpy/mcp lackpy mcp serve",
      },
    );
  }
}
