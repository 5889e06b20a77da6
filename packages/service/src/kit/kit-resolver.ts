import { fileStamp } from "../config/file-stamp.js";
import path from "node:path";
import type { Grade, ToolSpec } from "@lackpy/lang";
import {
  KitError,
  type LoadedPath,
  type ResolvedKit,
  type Toolbox,
  type WorkspaceView,
} from "@lackpy/kit";
import {
  createDefaultToolbox,
  createWorkspaceView,
  createMcpProvider,
  createModuleProvider,
  docsIndex,
  kitCreate,
  kitList,
  resolveDoc,
  resolveKitSpecifier,
} from "@lackpy/kit/node";
import type { LackpyConfig } from "../config/config-types.js";
import type { WorkspaceTrust } from "../trust/workspace-trust.js";
import { McpListingCache } from "./mcp-listing-cache.js";
import { McpTools, type McpLoadFailure } from "./mcp-tools.js";
import { registerModuleTools } from "./module-tools.js";
import { checkPlainName } from "../config/plain-name.js";
import { ServiceError } from "../service-error.js";
import type { KitForRequest, KitSpecifier, ServiceOptions } from "../service-types.js";

/** A kit as `kitInfo` describes it. */
export interface KitInfo {
  name: string;
  tools: ToolSpec[];
  grade: Grade;
  description: string;
  docs: unknown;
  /** Callable name → toolbox tool, for aliased tools only. */
  aliases: Record<string, string>;
  /**
   * Tools of MCP servers that have not started, known by name only (`startServers: false`);
   * their `tools` entries are stand-ins without a signature. Absent when none.
   */
  unlisted?: string[];
}

/** Options of `KitResolver.info`. */
export interface KitInfoOptions {
  /**
   * False: start no MCP server to learn its tools; a tool no listing has yet is described by
   * name only (in `unlisted`). Default true.
   */
  startServers?: boolean;
}

interface CachedKit {
  stamp: string;
  kit: Promise<KitForRequest>;
}

/**
 * The workspace's toolbox and kits. A resolved kit is kept until `.lackpy/kits` or its `.kit`
 * file changes (checked by mtime on every request), so repeated requests share one kit object,
 * and with it the validated programs cached for its tools. The config's module tools load and
 * its MCP servers start only through the trust gate (`WorkspaceTrust.require`).
 */
export class KitResolver {
  readonly kitsDir: string;
  private toolboxPromise: Promise<Toolbox> | null = null;
  private loadedPromise: Promise<LoadedPath[]> | null = null;
  private viewPromise: Promise<WorkspaceView> | null = null;
  private readonly kits = new Map<string, CachedKit>();
  private readonly mcp: McpTools | null;

  constructor(
    private readonly workspace: string,
    private readonly settings: LackpyConfig,
    private readonly extendToolbox: ServiceOptions["extendToolbox"],
    env: Record<string, string | undefined>,
    private readonly trust: WorkspaceTrust,
  ) {
    this.kitsDir = path.join(workspace, ".lackpy", "kits");
    const servers = settings.mcpServers ?? {};
    let mcp: McpTools | null = null;
    if (Object.keys(servers).length > 0) {
      const provider = createMcpProvider({
        servers: trust.serverStartConfigs(),
        baseDir: workspace,
        env,
        beforeConnect: (server) => trust.require("mcp_server", server),
        onTools: (server, tools) => mcp?.remember(server, tools),
      });
      mcp = new McpTools(provider, {
        cache: new McpListingCache(workspace),
        keyOf: (server) => trust.listingKey(server),
      });
    }
    this.mcp = mcp;
  }

  /** The paths inside the workspace lackpy runs code from (`WorkspaceTrust.loadedPaths`), listed once. */
  loadedPaths(): Promise<LoadedPath[]> {
    this.loadedPromise ??= this.trust.loadedPaths();
    return this.loadedPromise;
  }

  /** A read-only view of the workspace with the file tools' protection, for the rules tier to ground requests in. */
  workspaceView(): Promise<WorkspaceView> {
    this.viewPromise ??= this.loadedPaths().then((loadedPaths) =>
      createWorkspaceView(this.workspace, {
        protectedGlobs: this.settings.files.protected,
        loadedPaths,
      }),
    );
    return this.viewPromise;
  }

  /** The toolbox: builtin file tools confined to the workspace, plus module tools from the config. */
  toolbox(): Promise<Toolbox> {
    this.toolboxPromise ??= (async () => {
      // Hidden paths a workspace's config opens stay closed until a person trusted it.
      const opened = await this.trust.openingGlobs();
      const toolbox = createDefaultToolbox({
        root: this.workspace,
        protectedGlobs: this.settings.files.protected,
        allowReadGlobs: opened.allowRead,
        allowWriteGlobs: opened.allowWrite,
        openingsAwaitTrust: opened.openingsAwaitTrust,
        loadedPaths: await this.loadedPaths(),
      });
      await registerModuleTools(toolbox, this.settings.tools, this.workspace);
      // The config's module tools load through the trust gate; tools others register do not.
      const modules = createModuleProvider({ baseDir: this.workspace });
      const configured = new Set(Object.keys(this.settings.tools));
      toolbox.registerProvider({
        name: "module",
        resolve: async (spec) => {
          if (configured.has(spec.name)) await this.trust.require("module_tool", spec.name);
          return modules.resolve(spec);
        },
      });
      if (this.mcp) toolbox.registerProvider(this.mcp.provider);
      await this.extendToolbox?.(toolbox, this.workspace);
      // Servers whose listing the cache keeps for the current trust are known without starting.
      this.mcp?.registerCached(toolbox);
      return toolbox;
    })();
    return this.toolboxPromise;
  }

  /** Resolves a kit in any form; the workspace's default kit when none is given. */
  resolve(kit?: KitSpecifier): Promise<KitForRequest> {
    const specifier = kit ?? this.settings.kit.default;
    const key = typeof specifier === "string" ? specifier : JSON.stringify(specifier);
    const stamp = this.stampOf(specifier);
    const cached = this.kits.get(key);
    if (cached && cached.stamp === stamp) return cached.kit;
    const resolved = this.load(specifier);
    this.kits.set(key, { stamp, kit: resolved });
    // A kit that fails to resolve is not kept: the next request tries again.
    resolved.catch(() => {
      if (this.kits.get(key)?.kit === resolved) this.kits.delete(key);
    });
    return resolved;
  }

  /**
   * Information on one kit: tools, grade, description, docs. With `startServers: false` no MCP
   * server starts: tools no listing has yet are stand-ins named in `unlisted`.
   */
  async info(kit: KitSpecifier, options: KitInfoOptions = {}): Promise<KitInfo> {
    let name: string;
    let resolved: ResolvedKit;
    if (options.startServers === false) {
      resolved = await this.peek(kit);
      name = typeof kit === "string" ? kit : resolved.name;
    } else {
      const request = await this.resolve(kit);
      ({ name, kit: resolved } = request);
    }
    return {
      name,
      tools: resolved.tools,
      grade: resolved.grade,
      description: resolved.description,
      docs: resolved.docs,
      aliases: resolved.aliases,
      ...(resolved.unlisted ? { unlisted: resolved.unlisted } : {}),
    };
  }

  /** Resolves a kit with the tools known now, stand-ins for those of servers not started; starts nothing. */
  private async peek(kit: KitSpecifier): Promise<ResolvedKit> {
    const specifier = kit ?? this.settings.kit.default;
    const cached = this.kits.get(
      typeof specifier === "string" ? specifier : JSON.stringify(specifier),
    );
    if (cached && cached.stamp === this.stampOf(specifier)) {
      const settled = await cached.kit.catch(() => null);
      if (settled) return settled.kit;
    }
    const mcp = this.mcp;
    return resolveKitSpecifier(specifier, await this.toolbox(), {
      kitsDir: this.kitsDir,
      baseDir: this.workspace,
      ...(mcp ? { unlisted: (toolName: string) => mcp.standIn(toolName) } : {}),
    });
  }

  /** Writes `.lackpy/kits/<name>.kit` after checking that every tool exists. */
  async create(
    name: string,
    tools: readonly string[],
    options: { force?: boolean; description?: string } = {},
  ): Promise<{ path: string }> {
    checkPlainName(name, "kit");
    await this.withMcpTools(async (unlisted) =>
      resolveKitSpecifier([...tools], await this.toolbox(), {
        kitsDir: this.kitsDir,
        baseDir: this.workspace,
        ...(unlisted ? { unlisted } : {}),
      }),
    );
    const before = await this.trust.kitsSnapshot();
    const written = await kitCreate(name, tools, {
      kitsDir: this.kitsDir,
      force: options.force ?? false,
      description: options.description,
    });
    this.kits.clear();
    // lackpy trusts what it writes: a trusted workspace stays trusted.
    await this.trust.kitsWritten(before);
    return written;
  }

  /** One tool's spec and, when it has them, its docs (starting only the servers that could have it). */
  async tool(name: string): Promise<{ spec: ToolSpec; docsText: string | null }> {
    const toolbox = await this.toolbox();
    const failures =
      toolbox.has(name) || !this.mcp ? [] : await this.mcp.load(toolbox, this.mcp.serversFor(name));
    const spec = toolbox.get(name);
    if (!spec) {
      const refused = trustFailure(failures);
      if (refused) throw refused.error;
      throw new ServiceError("unknown_tool", `No tool named '${name}'.`, {
        hint: `known tools: ${toolbox
          .list()
          .map((tool) => tool.name)
          .join(", ")}`,
      });
    }
    const docs = await docsIndex({ tools: [spec] });
    const first = docs[0];
    const docsText = first ? await resolveDoc(first.path, this.workspace).catch(() => null) : null;
    return { spec, docsText };
  }

  /** Every tool, those of every configured MCP server included (which starts them). */
  async allTools(): Promise<ToolSpec[]> {
    const toolbox = await this.toolbox();
    const failures = (await this.mcp?.loadAll(toolbox)) ?? [];
    if (failures.length > 0) throw (trustFailure(failures) ?? failures[0]).error;
    return toolbox.list();
  }

  /** Closes the MCP servers' connections (they open again on the next use). */
  async close(): Promise<void> {
    await this.mcp?.provider.close();
  }

  /**
   * Runs a kit resolution. When it names tools the toolbox lacks that MCP servers not listed yet
   * could have (by their prefix), lists those servers only (starting them) and resolves once
   * more. A tool still missing while a server failed to start is reported with that server's
   * failure.
   */
  private async withMcpTools<T>(
    work: (unlisted?: (toolName: string) => ToolSpec | undefined) => Promise<T>,
  ): Promise<T> {
    const mcp = this.mcp;
    if (!mcp) return work();
    const needed = new Set<string>();
    const first = await work((toolName) => {
      const servers = mcp.serversFor(toolName);
      for (const server of servers) needed.add(server);
      return servers.length > 0 ? { name: toolName, provider: "mcp" } : undefined;
    });
    if (needed.size === 0) return first;
    const failures = await mcp.load(await this.toolbox(), [...needed]);
    try {
      return await work();
    } catch (retryError) {
      if (!isUnknownTool(retryError) || failures.length === 0) throw retryError;
      // A server the trust gate refused is named as such, never as a missing tool.
      const refused = trustFailure(failures);
      if (refused) throw refused.error;
      const cause = failures[0].error as KitError;
      throw new KitError(
        "mcp_server_unavailable",
        `${(retryError as Error).message} ${failures.map((failure) => (failure.error as Error).message).join(" ")}`,
        { hint: cause.hint, cause },
      );
    }
  }

  private async load(specifier: KitSpecifier): Promise<KitForRequest> {
    const resolved = await this.withMcpTools(async (unlisted) =>
      resolveKitSpecifier(specifier, await this.toolbox(), {
        kitsDir: this.kitsDir,
        baseDir: this.workspace,
        ...(unlisted ? { unlisted } : {}),
      }),
    );
    // Tools known from a cached listing ran no server yet: the trust gate answers now, as a
    // listing would have made it, not at the first call.
    for (const server of new Set(resolved.tools.map(mcpServerOf).filter(isString)))
      await this.trust.require("mcp_server", server);
    const name = typeof specifier === "string" ? specifier : resolved.name;
    return { name, kit: resolved, otherKits: await this.otherKits(name, resolved.tools) };
  }

  /** The tools of the other kits (shipped and workspace, broken `.kit` files left out) that `tools` lacks, with the kits that have them. */
  private async otherKits(
    name: string,
    tools: readonly ToolSpec[],
  ): Promise<Record<string, string[]>> {
    const own = new Set(tools.map((tool) => tool.name));
    const others: Record<string, string[]> = {};
    for (const entry of await kitList(this.kitsDir)) {
      if (entry.error || entry.name === name) continue;
      for (const tool of entry.tools) {
        if (own.has(tool)) continue;
        (others[tool] ??= []).push(entry.name);
      }
    }
    return others;
  }

  private stampOf(specifier: KitSpecifier): string {
    let file: string | null = null;
    if (typeof specifier === "string") {
      const name = specifier.trim();
      file = name.endsWith(".kit")
        ? path.resolve(this.workspace, name)
        : /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)
          ? path.join(this.kitsDir, `${name}.kit`)
          : null;
    }
    return `${fileStamp(this.kitsDir)}|${file ? fileStamp(file) : ""}`;
  }
}

/** The first failure that is the trust gate's refusal (`untrusted_config`, or a config it can never trust). */
function trustFailure(failures: readonly McpLoadFailure[]): McpLoadFailure | undefined {
  return failures.find(
    (failure) =>
      ServiceError.is(failure.error) &&
      (failure.error.code === "untrusted_config" || failure.error.code === "invalid_config"),
  );
}

/** The MCP server of an MCP tool's spec, or undefined. */
function mcpServerOf(spec: ToolSpec): string | undefined {
  const server = spec.provider === "mcp" ? spec.providerConfig?.server : undefined;
  return typeof server === "string" ? server : undefined;
}

function isString(value: string | undefined): value is string {
  return value !== undefined;
}

function isUnknownTool(error: unknown): boolean {
  return KitError.is(error) && error.code === "unknown_tool";
}
