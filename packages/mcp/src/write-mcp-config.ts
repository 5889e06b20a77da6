import path from "node:path";
import { readRegularFile } from "@lackpy/kit/node";
import { LackpyError } from "@lackpy/lang";
import { atomicWrite } from "@lackpy/service";

/** The `.mcp.json` server entry that starts lackpy's MCP server for a workspace. */
export interface McpServerEntry {
  command: string;
  args: string[];
}

/** Writes or updates the `lackpy` entry of `<workspace>/.mcp.json`, keeping every other server; a different existing entry is replaced only with `force`. */
export async function writeMcpConfig(options: {
  workspace: string;
  entry: McpServerEntry;
  force?: boolean;
  name?: string;
}): Promise<{ path: string; changed: boolean; entry: McpServerEntry }> {
  const file = path.join(options.workspace, ".mcp.json");
  const name = options.name ?? "lackpy";
  let config: { mcpServers?: Record<string, unknown>; [key: string]: unknown } = {};
  try {
    // A cloned repository's `.mcp.json` may be a FIFO or a link to a device: a regular file only, bounded.
    config = JSON.parse((await readRegularFile(file, { maxBytes: 1024 * 1024 })).toString("utf8"));
    if (typeof config !== "object" || config === null || Array.isArray(config))
      throw new SyntaxError("not an object");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new LackpyError("invalid_config", `${file} is not a JSON object; not touching it.`, {
        hint: "fix or remove the file, then run lackpy mcp init again",
      });
    }
  }
  const servers = (config.mcpServers ??= {}) as Record<string, unknown>;
  const existing = servers[name];
  if (existing !== undefined && JSON.stringify(existing) === JSON.stringify(options.entry)) {
    return { path: file, changed: false, entry: options.entry };
  }
  if (existing !== undefined && !options.force) {
    throw new LackpyError(
      "entry_exists",
      `${file} already has a different '${name}' server entry.`,
      { hint: "run lackpy mcp init --force to replace it" },
    );
  }
  servers[name] = options.entry;
  await atomicWrite(file, `${JSON.stringify(config, null, 2)}\n`);
  return { path: file, changed: true, entry: options.entry };
}
