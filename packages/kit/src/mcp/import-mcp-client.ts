import { KitError } from "../kit-error.js";
import { importFromWorkspace } from "../toolbox/import-from-workspace.js";

/** The parts of `@modelcontextprotocol/client` the MCP provider uses. */
export interface McpClientModules {
  client: typeof import("@modelcontextprotocol/client");
  stdio: typeof import("@modelcontextprotocol/client/stdio");
}

const PACKAGE = "@modelcontextprotocol/client";

/** Loads, per workspace: lackpy's own copy is shared by every workspace. */
const loading = new Map<string, Promise<McpClientModules>>();

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && message.includes(PACKAGE)
  );
}

async function load(workspace: string | undefined): Promise<McpClientModules> {
  try {
    const [client, stdio] = await Promise.all([
      import("@modelcontextprotocol/client"),
      import("@modelcontextprotocol/client/stdio"),
    ]);
    return { client, stdio };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (workspace !== undefined) {
    const importer = importFromWorkspace(workspace);
    try {
      const [client, stdio] = await Promise.all([importer(PACKAGE), importer(`${PACKAGE}/stdio`)]);
      return { client, stdio } as McpClientModules;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  throw new KitError(
    "missing_package",
    `MCP server tools need the '${PACKAGE}' package, which is not installed.`,
    {
      hint: `install it in the workspace: npm i ${PACKAGE} (through npx: npx -p @lackpy/cli -p ${PACKAGE} lackpy …)`,
    },
  );
}

/**
 * Loads the official MCP client (an optional peer dependency) on first use: lackpy's own copy,
 * else the workspace's (`importFromWorkspace`, where `npm i` puts it for an `npx` user); when
 * neither has it, throws `KitError` `missing_package` naming the package to install.
 */
export function importMcpClient(workspace?: string): Promise<McpClientModules> {
  const key = workspace ?? "";
  let pending = loading.get(key);
  if (!pending) {
    pending = load(workspace);
    loading.set(key, pending);
    // A failed load is tried again next time (the package may have been installed meanwhile).
    pending.catch(() => loading.delete(key));
  }
  return pending;
}
