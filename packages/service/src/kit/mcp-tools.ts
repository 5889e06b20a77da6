import type { Toolbox } from "@lackpy/kit";
import { registerMcpTools, type McpProvider } from "@lackpy/kit/node";

/** A server whose tools could not be listed, and why. */
export interface McpLoadFailure {
  server: string;
  error: unknown;
}

/**
 * The MCP servers of a workspace's toolbox, registered lazily: a server is started (and its
 * tools registered) only when a kit names a tool the toolbox lacks, or every tool is listed.
 * A server that failed is tried again next time.
 */
export class McpTools {
  private readonly loading = new Map<string, Promise<void>>();
  private readonly loaded = new Set<string>();

  constructor(readonly provider: McpProvider) {}

  /** True while some configured server's tools are not registered. */
  hasUnloaded(): boolean {
    return this.provider.servers.some((server) => !this.loaded.has(server));
  }

  /** Registers the tools of every server not registered yet; returns the servers that failed. */
  async loadAll(toolbox: Toolbox): Promise<McpLoadFailure[]> {
    const failures: McpLoadFailure[] = [];
    await Promise.all(
      this.provider.servers.map(async (server) => {
        try {
          await this.load(toolbox, server);
        } catch (error) {
          failures.push({ server, error });
        }
      }),
    );
    return failures;
  }

  private load(toolbox: Toolbox, server: string): Promise<void> {
    let pending = this.loading.get(server);
    if (!pending) {
      pending = registerMcpTools(toolbox, this.provider, server).then(() => {
        this.loaded.add(server);
      });
      this.loading.set(server, pending);
      const started = pending;
      started.catch(() => {
        if (this.loading.get(server) === started) this.loading.delete(server);
      });
    }
    return pending;
  }
}
