/**
 * The descriptions of `run_program` and `delegate` show the workspace's default kit (its tools
 * as typed signatures, or an index for a large kit), what the other kits add, and the language,
 * from the one builder the
 * agent adapters use (`toolDescription`). They are rebuilt before every `tools/list` answer, so
 * a changed default kit (its `.kit` file, or `[kit] default` in config.toml) shows at once, and
 * after every tool call the server checks again and sends `notifications/tools/list_changed`
 * when they changed. Building them starts no MCP server: a tool no listing has yet is named
 * without its signature.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import type { LackpyService } from "@lackpy/service";
import { toolDescription, type DescribedKit } from "@lackpy/service/agent";
import type { ProgramTools } from "./register-program-tools.js";

type Handler = (request: unknown, context: unknown) => Promise<unknown>;

/** The default kit as the descriptions show it; a kit that does not resolve is named with its error. */
async function describedKit(
  service: LackpyService,
): Promise<DescribedKit | { error: string; name: string }> {
  const name = service.defaultKit();
  try {
    return await service.kitInfo(name, { startServers: false });
  } catch (error) {
    return { name, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The kits a call may name besides the default one (shipped and workspace kits that resolve), as the descriptions show them. */
async function otherKits(service: LackpyService, defaultKit: string): Promise<DescribedKit[]> {
  const kits: DescribedKit[] = [];
  for (const entry of await service.kitList()) {
    if (entry.error || entry.name === defaultKit) continue;
    try {
      kits.push(await service.kitInfo(entry.name, { startServers: false }));
    } catch {
      // A kit that does not resolve is left out here; kit_list names it with its error.
    }
  }
  return kits;
}

/** The two descriptions for the default kit as it is now, with the tools the other kits add. */
export async function programToolDescriptions(
  service: LackpyService,
): Promise<{ runProgram: string; delegate: string }> {
  const kit = await describedKit(service);
  if ("error" in kit) {
    const broken = `The default kit "${kit.name}" does not resolve (${kit.error}); pass kit (kit_list names the kits).`;
    return {
      runProgram: `Run one lackpy program instead of many tool calls. ${broken}`,
      delegate: `Delegate a task over the workspace to lackpy, in words. ${broken}`,
    };
  }
  const options = { host: "mcp" as const, otherKits: await otherKits(service, kit.name) };
  return {
    runProgram: toolDescription("program", kit, options),
    delegate: toolDescription("delegate", kit, options),
  };
}

/**
 * Keeps `run_program`'s and `delegate`'s descriptions on the default kit: rebuilt before each
 * `tools/list` answer, and checked after each tool call (a `notifications/tools/list_changed`
 * when they changed), unless `announce` is false: a server that serves one request of one
 * caller at a time (over HTTP) has no listing of that caller to keep current.
 */
export function followDefaultKit(
  server: McpServer,
  service: LackpyService,
  tools: ProgramTools,
  announce = true,
): void {
  const refresh = async (): Promise<boolean> => {
    const next = await programToolDescriptions(service);
    const changed =
      tools.runProgram.description !== next.runProgram ||
      tools.delegate.description !== next.delegate;
    // Set in place: an `update` would announce list_changed in the middle of a listing.
    tools.runProgram.description = next.runProgram;
    tools.delegate.description = next.delegate;
    return changed;
  };
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, Handler> })
    ._requestHandlers;
  const list = handlers?.get("tools/list");
  const call = handlers?.get("tools/call");
  if (!handlers || !list || !call)
    throw new Error("The MCP SDK changed: lackpy cannot keep tool descriptions current.");
  let listed = false;
  handlers.set("tools/list", async (request, context) => {
    await refresh();
    listed = announce;
    return list(request, context);
  });
  handlers.set("tools/call", async (request, context) => {
    const result = await call(request, context);
    // A client that has listed the tools is told when the default kit changed since.
    if (listed)
      void refresh()
        .then((changed) => (changed ? server.sendToolListChanged() : undefined))
        .catch(() => undefined);
    return result;
  });
}
