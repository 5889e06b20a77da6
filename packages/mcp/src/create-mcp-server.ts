import { McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import {
  DEFAULT_TRACE_DETAIL,
  checkShapeOptions,
  type LackpyService,
  type TraceDetail,
} from "@lackpy/service";
import * as z from "zod";
import { registerCodeModePrompt } from "./code-mode-prompt.js";
import { KIT_INPUT, sharedInput } from "./input-schemas.js";
import { followDefaultKit } from "./live-descriptions.js";
import { registerChangeTools } from "./register-change-tools.js";
import type { RunOwnership } from "./run-ownership.js";
import { useToolMiddleware, type ToolMiddleware } from "./tool-middleware.js";
import { registerDiscoveryTools } from "./register-discovery-tools.js";
import { registerProgramTools } from "./register-program-tools.js";
import { guarded, jsonResult as ok } from "./tool-result.js";

/** Version reported to MCP clients. */
export const MCP_SERVER_VERSION = "0.0.0";

/** Output and stdout cap of run_program and delegate results when a call does not give one. */
export const DEFAULT_MAX_OUTPUT_CHARS = 10_000;

/** How the server sizes results when a call does not say. */
export interface McpServerOptions {
  /** Trace detail of run_program and delegate results (default `summary`: each tool once, with its call count and time). */
  trace?: TraceDetail;
  /** Output and stdout cap in characters (default `DEFAULT_MAX_OUTPUT_CHARS`). */
  maxOutputChars?: number;
  /** Who made which run, when many callers share the service (the HTTP server with tokens): each applies and undoes only its own. */
  ownership?: RunOwnership;
  /** Runs around every tool call (the HTTP server's roles, request ids, metrics and logs). */
  middleware?: ToolMiddleware;
  /**
   * False for a server that serves one request at a time for different callers (HTTP): a
   * changed default kit is not announced with `notifications/tools/list_changed` (default true).
   */
  announceToolChanges?: boolean;
  /** Told the names of the tools registered (to check that a policy covers each). */
  onTools?: (names: ReadonlySet<string>) => void;
}

/**
 * An MCP server exposing a LackpyService's methods as tools, the language spec and tool docs as
 * resources, and a code-mode prompt. `run_program` and `delegate` describe the default kit's
 * tools and the language (kept current, see `followDefaultKit`); their results carry the answer
 * first, a trace summary and a capped output unless a call asks for more.
 */
export function createMcpServer(service: LackpyService, options: McpServerOptions = {}): McpServer {
  checkShapeOptions(options);
  const server = new McpServer({ name: "lackpy", version: MCP_SERVER_VERSION });
  const registered = options.middleware ? useToolMiddleware(server, options.middleware) : null;
  const described = registerProgramTools(server, service, {
    trace: options.trace ?? DEFAULT_TRACE_DETAIL,
    maxOutputChars: options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS,
    ...(options.ownership ? { ownership: options.ownership } : {}),
  });
  registerChangeTools(server, service, options.ownership);
  registerDiscoveryTools(server, service);
  registerCodeModePrompt(server, service);

  server.registerTool(
    "kit_info",
    {
      description: "A kit's tools with argument types, its grade and description.",
      inputSchema: sharedInput("kit_info", () => z.strictObject({ kit: KIT_INPUT.unwrap() })),
    },
    async (args) => guarded(async () => ok(await service.kitInfo(args.kit))),
  );
  server.registerTool(
    "kit_list",
    {
      description: "Kits available in this workspace (shipped and .lackpy/kits).",
      inputSchema: sharedInput("kit_list", () => z.strictObject({})),
    },
    async () => guarded(async () => ok({ kits: await service.kitList() })),
  );
  server.registerTool(
    "kit_create",
    {
      description: "Create a workspace kit (.lackpy/kits/<name>.kit) from tool names.",
      inputSchema: sharedInput("kit_create", () =>
        z.strictObject({
          name: z.string(),
          tools: z.array(z.string()).min(1),
          description: z.string().optional(),
          force: z.boolean().optional(),
        }),
      ),
    },
    async (args) =>
      guarded(async () =>
        ok(
          await service.kitCreate(args.name, args.tools, {
            force: args.force,
            description: args.description,
          }),
        ),
      ),
  );
  server.registerTool(
    "toolbox_list",
    {
      description: "Every tool the workspace can use, with argument types and grades.",
      inputSchema: sharedInput("toolbox_list", () => z.strictObject({})),
    },
    async () => guarded(async () => ok({ tools: await service.toolboxList() })),
  );
  server.registerTool(
    "docs_index",
    {
      description: "Docs available for a kit's tools.",
      inputSchema: sharedInput("docs_index", () => z.strictObject({ kit: KIT_INPUT })),
    },
    async (args) => guarded(async () => ok({ docs: await service.docsIndex(args.kit) })),
  );
  server.registerTool(
    "resolve_doc",
    {
      description: "Read one doc by path from docs_index; paths outside the workspace are refused.",
      inputSchema: sharedInput("resolve_doc", () => z.strictObject({ path: z.string() })),
    },
    async (args) =>
      guarded(async () => ok({ path: args.path, text: await service.resolveDoc(args.path) })),
  );
  server.registerTool(
    "config",
    {
      description: "The workspace's effective lackpy config.",
      inputSchema: sharedInput("config", () => z.strictObject({})),
    },
    async () => guarded(async () => ok(service.config())),
  );
  server.registerTool(
    "provider_list",
    {
      description: "Inference providers, their tiers and whether they answer.",
      inputSchema: sharedInput("provider_list", () => z.strictObject({})),
    },
    async () => guarded(async () => ok({ providers: await service.providerList() })),
  );
  server.registerTool(
    "language_spec",
    {
      description:
        "The lackpy language: allowed syntax, helpers, safe globals, methods, limits (markdown).",
      inputSchema: sharedInput("language_spec", () => z.strictObject({})),
    },
    async () =>
      guarded(async () => {
        const { markdown } = service.languageSpec();
        return { content: [{ type: "text", text: markdown }] };
      }),
  );

  if (registered) options.onTools?.(registered);
  followDefaultKit(server, service, described, options.announceToolChanges ?? true);
  server.registerResource(
    "language-spec",
    "lackpy://language-spec",
    { title: "The lackpy language", mimeType: "text/markdown" },
    async (uri) => ({
      contents: [
        { uri: uri.href, mimeType: "text/markdown", text: service.languageSpec().markdown },
      ],
    }),
  );
  server.registerResource(
    "doc",
    new ResourceTemplate("lackpy://docs/{+path}", { list: undefined }),
    { title: "Tool docs", mimeType: "text/markdown" },
    async (uri, variables) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "text/markdown",
          text: await service.resolveDoc(String(variables.path)),
        },
      ],
    }),
  );
  return server;
}
