import type { ToolSpec } from "@lackpy/lang";
import type { McpToolDescription, Toolbox } from "@lackpy/kit";
import { registerMcpTools, type McpProvider } from "@lackpy/kit/node";
import type { McpListingCache } from "./mcp-listing-cache.js";

/** A server whose tools could not be listed, and why. */
export interface McpLoadFailure {
  server: string;
  error: unknown;
}

/** Where a server's tool listings are kept between processes, and the key that makes one valid. */
export interface McpListings {
  cache: McpListingCache;
  /** The key of the server's listing under the current trust (`WorkspaceTrust.listingKey`); null: use none. */
  keyOf(server: string): string | null;
}

/**
 * The MCP servers of a workspace's toolbox, registered lazily and one server at a time. A
 * server's tools come from its cached listing when the current trust has one (nothing starts),
 * else from the server itself, started only when a kit names a tool its prefix could have, or
 * every tool is listed. A call starts the server it needs on its own (the connection is opened
 * on first use), and every live listing refreshes the cache. A server that failed is tried
 * again next time.
 */
export class McpTools {
  private readonly loading = new Map<string, Promise<void>>();
  /** Servers whose tools a live listing registered. */
  private readonly listed = new Set<string>();
  /** Servers whose tools a cached listing registered, with the names it registered. */
  private readonly cached = new Map<string, Set<string>>();

  constructor(
    readonly provider: McpProvider,
    private readonly listings: McpListings | null = null,
  ) {}

  /** Keeps a live listing for the next process (the provider's `onTools`). */
  remember(server: string, tools: readonly McpToolDescription[]): void {
    const key = this.listings?.keyOf(server);
    if (this.listings && key) this.listings.cache.set(server, key, tools);
  }

  /** Registers the tools of every server the cache has a listing of for the current trust; starts none. */
  registerCached(toolbox: Toolbox): void {
    if (!this.listings) return;
    for (const server of this.provider.servers) {
      if (this.listed.has(server) || this.cached.has(server)) continue;
      const key = this.listings.keyOf(server);
      const tools = key ? this.listings.cache.get(server, key) : null;
      if (!tools) continue;
      try {
        const specs = this.provider.specsOf(server, tools);
        if (specs.some((spec) => toolbox.has(spec.name))) continue;
        for (const spec of specs) toolbox.registerTool(spec);
        this.cached.set(server, new Set(specs.map((spec) => spec.name)));
      } catch {
        // A listing the toolbox refuses is listed live instead, where the error names the server.
      }
    }
  }

  /** True while some configured server's tools are not registered. */
  hasUnloaded(): boolean {
    return this.provider.servers.some((server) => !this.registered(server));
  }

  /**
   * The servers not listed live yet that could have a tool of this name: those whose prefix
   * starts it (every server without a prefix). A server known only from its cached listing
   * counts: the tool may be new since.
   */
  serversFor(toolName: string): string[] {
    return this.provider.servers.filter(
      (server) => !this.listed.has(server) && toolName.startsWith(this.provider.prefixes[server]),
    );
  }

  /** A stand-in spec for a tool a server not started yet could have (for descriptions), or undefined. */
  standIn(toolName: string): ToolSpec | undefined {
    const servers = this.serversFor(toolName).filter((server) => !this.registered(server));
    if (servers.length === 0) return undefined;
    return {
      name: toolName,
      provider: "mcp",
      providerConfig: { server: servers[0], unlisted: true },
      description: `A tool of the MCP server '${servers[0]}', which has not started yet.`,
    };
  }

  /** Registers the tools of the given servers (starting each one not listed live yet); returns those that failed. */
  async load(toolbox: Toolbox, servers: readonly string[]): Promise<McpLoadFailure[]> {
    const failures: McpLoadFailure[] = [];
    await Promise.all(
      servers.map(async (server) => {
        try {
          await this.loadOne(toolbox, server);
        } catch (error) {
          failures.push({ server, error });
        }
      }),
    );
    return failures;
  }

  /** Registers the tools of every server not listed live yet; returns the servers that failed. */
  loadAll(toolbox: Toolbox): Promise<McpLoadFailure[]> {
    return this.load(
      toolbox,
      this.provider.servers.filter((server) => !this.registered(server)),
    );
  }

  private registered(server: string): boolean {
    return this.listed.has(server) || this.cached.has(server);
  }

  private loadOne(toolbox: Toolbox, server: string): Promise<void> {
    if (this.listed.has(server)) return Promise.resolve();
    let pending = this.loading.get(server);
    if (!pending) {
      pending = registerMcpTools(toolbox, this.provider, server, {
        registered: this.cached.get(server),
      }).then(() => {
        this.listed.add(server);
        this.cached.delete(server);
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
